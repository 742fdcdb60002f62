// qiwangd: serves Qiwang's gRPC services on one embedded event log, or one
// part of them (--services) following another qiwangd's log (--ledger).
// SIGINT/SIGTERM stop it cleanly (exit 0); SIGHUP reloads the token file.
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "base/listen_address.h"
#include "base/version.h"
#include "clients/web/official_pages.h"
#include "clients/web/public_pages.h"
#include "crypto/master_key_file.h"
#include "services/http/http_front.h"
#include "services/http/route_chain.h"
#include "services/keys/master_key_rotation.h"
#include "services/ledger/clock.h"
#include "services/server/auth/token_file.h"
#include "services/server/server.h"
#include "services/server/service_set.h"

ABSL_FLAG(std::string, services, "ledger,pairing,standings,audit",
          "What this process serves: ledger (the log and every write), "
          "pairing, standings, audit. All of them: one process. A part "
          "without ledger follows --ledger (the split form).");
ABSL_FLAG(std::string, ledger, "",
          "HOST:PORT of the qiwangd running --services=ledger; required when "
          "--services leaves out ledger.");
ABSL_FLAG(std::string, ledger_token_file, "",
          "File holding the token this process presents to --ledger (one "
          "with the role replica in the ledger's --tokens); must not be "
          "readable by group or others.");
ABSL_FLAG(std::string, ledger_tls_ca, "",
          "PEM CA certificates to reach --ledger over TLS; none: plaintext.");
ABSL_FLAG(std::string, data_dir, "./var/qiwang",
          "Folder of the event log (RocksDB); created if missing.");
ABSL_FLAG(std::string, listen, "127.0.0.1:50051",
          "Address to serve on, host:port; port 0 picks a free port.");
ABSL_FLAG(std::string, port_file, "",
          "If set, the bound port is written to this file once listening.");
ABSL_FLAG(std::string, tokens, "",
          "Token file: one line per token, 'token user role[,role...]'; must "
          "not be readable by group or others. Without it every call that "
          "needs a token (all writes) is refused.");
ABSL_FLAG(std::string, data_key_file, "",
          "Master key of personal data (64 hex digits, mode 0600): with it "
          "the ledger stores ID numbers, full birth dates and absence notes "
          "sealed under each person's data key, which it wraps and keeps in "
          "the log's own database (ForgetPerson destroys one). Only the "
          "ledger process holds it. qiwangd refuses to start on a file "
          "others can read or on another key than the log's.");
ABSL_FLAG(std::string, rotate_data_key_to, "",
          "A new master key file (same rules as --data_key_file): re-wraps "
          "every personal-data key of --data_dir, now under "
          "--data_key_file, under it in one atomic write, prints how many, "
          "and exits without serving. qiwangd must be stopped. Afterwards it "
          "starts with the new key only, and the old key file (with backups "
          "taken before) may be destroyed: see docs/operating.md.");
ABSL_FLAG(bool, log_compression, true,
          "Compress the log's files (Snappy). --nolog_compression writes "
          "them plain from then on, e.g. so that a scan of the data folder "
          "for an ID number cannot miss one because it was compressed.");
ABSL_FLAG(std::string, clock, "system",
          "'system', or 'manual:2016-09-01T10:00:00+08:00': a clock that "
          "stands still until the organiser moves it forward (AdminService).");
ABSL_FLAG(std::string, tls_cert, "",
          "PEM certificate chain to serve TLS with (needs --tls_key).");
ABSL_FLAG(std::string, tls_key, "",
          "PEM private key of --tls_cert; keep it mode 0600.");
ABSL_FLAG(bool, allow_plaintext_remote, false,
          "Serve without TLS on an address other machines can reach (not "
          "loopback); refused otherwise, since tokens travel in each call.");
ABSL_FLAG(std::string, backup_dir, "",
          "Folder under which AdminService.Backup (qiwang admin backup NAME) "
          "writes NAME; default: the --data_dir path + \"-backups\".");
ABSL_FLAG(absl::Duration, shutdown_grace, absl::Seconds(10),
          "On SIGINT/SIGTERM, how long in-flight calls may take to finish.");
ABSL_FLAG(int, max_message_bytes, 4 << 20,
          "Largest request accepted, in bytes; larger ones are refused "
          "RESOURCE_EXHAUSTED.");
ABSL_FLAG(int64_t, max_import_events, 220000,
          "Most events one TRF import (qiwang import trf) may append, all in "
          "one atomic write; a file making more is refused. The default takes "
          "any file the reader accepts (4 MiB); a lower value bounds the "
          "memory one import holds. Other commands stay at 10,000.");
ABSL_FLAG(int, max_watches_per_client, 64,
          "Watch streams (WatchPairings, WatchStandings) one client address "
          "may hold open at once; 0: no limit.");
ABSL_FLAG(absl::Duration, max_read_wait, absl::Seconds(5),
          "The longest a read waits for its read.min_position (a position a "
          "write answered, not yet applied by the projection) when the "
          "caller's deadline is later or unset; the wait holds no thread. "
          "A position beyond the log's head is refused at once.");
ABSL_FLAG(std::string, http_listen, "",
          "HOST:PORT to serve HTTP on: the Connect protocol for every RPC, "
          "the public pages with their live views (SSE), /healthz, /readyz "
          "and /metrics. Empty: no HTTP. Port 0 picks a free port.");
ABSL_FLAG(std::string, http_port_file, "",
          "If set, the bound HTTP port is written to this file once "
          "listening.");
ABSL_FLAG(std::string, http_tournaments, "",
          "Tournament ids (comma-separated) the root page lists.");
ABSL_FLAG(std::string, http_public_url, "",
          "Where the public reaches the pages (\"https://qiwang.example.cn\"): "
          "the base of the URLs printed on paper, such as the table cards' "
          "QR codes. Empty: the Host of the request that printed them.");
ABSL_FLAG(int, http_max_body_bytes, 4 << 20,
          "Largest HTTP request body accepted; larger ones get 413.");
ABSL_FLAG(int, http_max_header_bytes, 16 << 10,
          "Largest HTTP request header block accepted; larger ones get 431.");
ABSL_FLAG(absl::Duration, http_request_timeout, absl::Seconds(10),
          "Time an HTTP request may take to arrive (slow clients are closed), "
          "and an idle connection may stay open.");
ABSL_FLAG(int, http_max_streams_per_client, 64,
          "SSE and Connect streams one client address may hold open; 0: no "
          "limit. Over it: 429.");

namespace {

// Written under a temporary name and renamed, so readers never see half.
absl::Status WritePortFile(const std::string& path, int port) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << port << "\n";
    if (!out.good()) {
      return absl::UnavailableError(
          absl::StrCat("port_file: cannot write ", temporary));
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    return absl::UnavailableError(
        absl::StrCat("port_file: cannot rename to ", path));
  }
  return absl::OkStatus();
}

void RemoveFiles(std::initializer_list<std::string> paths) {
  for (const std::string& path : paths) {
    if (!path.empty()) std::remove(path.c_str());
  }
}

absl::StatusOr<std::string> ReadPem(const std::string& flag,
                                    const std::string& path) {
  if (path.empty()) return std::string();
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  if (!in.is_open() || in.bad() || text.str().empty()) {
    return absl::NotFoundError(
        absl::StrCat("--", flag, ": cannot read a PEM file at ", path));
  }
  return text.str();
}

// SIGHUP: the token file again, whole; a file that does not load leaves the
// tokens as they were. Messages name the file, never a token.
void ReloadTokens(const std::string& path, qiwang::server::Server& server) {
  if (path.empty()) {
    std::fprintf(stderr, "qiwangd: SIGHUP: no --tokens file to reload\n");
    return;
  }
  absl::StatusOr<std::vector<qiwang::server::TokenEntry>> entries =
      qiwang::server::LoadTokenFile(path);
  if (!entries.ok()) {
    std::fprintf(stderr, "qiwangd: SIGHUP: kept the previous tokens: %s\n",
                 entries.status().ToString().c_str());
    return;
  }
  const size_t count = entries->size();
  server.ReplaceTokens(*std::move(entries));
  std::fprintf(stderr, "qiwangd: SIGHUP: reloaded %zu tokens from %s\n", count,
               path.c_str());
}

// The token a read-only process presents to the ledger: a secret, so the
// file must be the owner's alone, as the token file is.
absl::StatusOr<std::string> ReadLedgerToken(const std::string& path) {
  if (path.empty()) return std::string();
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError(
        absl::StrCat("--ledger_token_file: cannot read ", path));
  }
  if ((info.st_mode & 077) != 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "--ledger_token_file: ", path,
        " is readable or writable by group or others; chmod 600 it"));
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const std::string token(absl::StripAsciiWhitespace(text.str()));
  if (token.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--ledger_token_file: ", path, " holds no token"));
  }
  return token;
}

int Fail(const absl::Status& status) {
  std::fprintf(stderr, "qiwangd: %s\n", status.ToString().c_str());
  return 1;
}

// The master key of personal data for the ledger process (its keys live in
// the log's own database), or none without --data_key_file. A read process
// gets no master key.
absl::StatusOr<std::string> LoadDataKey(
    const std::string& key_file, const qiwang::server::ServerOptions& options) {
  if (key_file.empty()) return "";
  if (!options.services.ledger) {
    return absl::InvalidArgumentError(
        "--data_key_file: only the ledger process holds the master key; "
        "read processes and replicas serve ciphertext");
  }
  return qiwang::crypto::LoadMasterKeyFile(key_file);
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "qiwangd [--services=ledger,pairing,standings,audit] "
      "[--ledger=HOST:PORT --ledger_token_file=FILE [--ledger_tls_ca=PEM]] "
      "--data_dir=DIR --listen=HOST:PORT --tokens=FILE "
      "[--tls_cert=PEM --tls_key=PEM | --allow_plaintext_remote] "
      "[--clock=system|manual:TIME] [--port_file=FILE] [--backup_dir=DIR] "
      "[--shutdown_grace=10s] [--max_message_bytes=N] "
      "[--max_import_events=N] "
      "[--max_watches_per_client=N] [--max_read_wait=5s]\n"
      "qiwangd --data_dir=DIR --data_key_file=OLD --rotate_data_key_to=NEW");
  // --help lists qiwangd's own flags (they live in this file).
  absl::FlagsUsageConfig usage;
  usage.contains_help_flags = [](absl::string_view path) {
    return absl::StrContains(path, "apps/qiwangd/main");
  };
  usage.version_string = [] {
    return absl::StrCat("qiwangd ", qiwang::base::kVersion, "\n");
  };
  absl::SetFlagsUsageConfig(usage);
  absl::ParseCommandLine(argc, argv);
  // Everything qiwangd creates (the log's files, backups, port files) is its
  // user's alone: the files hold private fields, and RocksDB makes its files
  // itself. Set once, before any thread starts (umask is per process).
  umask(077);
  // The one-shot mode: rotate the master key offline and exit.
  if (const std::string new_key_file = absl::GetFlag(FLAGS_rotate_data_key_to);
      !new_key_file.empty()) {
    qiwang::keys::MasterKeyRotation rotation;
    rotation.data_dir = absl::GetFlag(FLAGS_data_dir);
    rotation.key_file = absl::GetFlag(FLAGS_data_key_file);
    rotation.new_key_file = new_key_file;
    rotation.store_options.compression = absl::GetFlag(FLAGS_log_compression);
    absl::StatusOr<std::string> rotated =
        qiwang::keys::RotateMasterKey(rotation);
    if (!rotated.ok()) return Fail(rotated.status());
    std::printf("%s\n", rotated->c_str());
    return 0;
  }
  // A port file left by an earlier run must not pass for this run's, which
  // writes its own only once every listener is bound.
  const std::string port_file = absl::GetFlag(FLAGS_port_file);
  const std::string http_port_file = absl::GetFlag(FLAGS_http_port_file);
  RemoveFiles({port_file, http_port_file});

  // Every thread inherits this mask; the signals are taken by sigwait below.
  sigset_t handled_signals;
  sigemptyset(&handled_signals);
  sigaddset(&handled_signals, SIGINT);
  sigaddset(&handled_signals, SIGTERM);
  sigaddset(&handled_signals, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &handled_signals, nullptr);
  // Past a file-size limit (ulimit -f) a write must fail with EFBIG, which
  // the log answers UNAVAILABLE, instead of SIGXFSZ killing the server.
  signal(SIGXFSZ, SIG_IGN);

  const std::string listen = absl::GetFlag(FLAGS_listen);
  qiwang::server::ServerOptions options;
  absl::StatusOr<qiwang::server::ServiceSet> services =
      qiwang::server::ParseServiceSet(absl::GetFlag(FLAGS_services));
  if (!services.ok()) return Fail(services.status());
  options.services = *services;
  options.ledger_address = absl::GetFlag(FLAGS_ledger);
  absl::StatusOr<std::string> ledger_token =
      ReadLedgerToken(absl::GetFlag(FLAGS_ledger_token_file));
  if (!ledger_token.ok()) return Fail(ledger_token.status());
  options.ledger_token = *std::move(ledger_token);
  absl::StatusOr<std::string> ledger_ca =
      ReadPem("ledger_tls_ca", absl::GetFlag(FLAGS_ledger_tls_ca));
  if (!ledger_ca.ok()) return Fail(ledger_ca.status());
  options.ledger_tls_ca = *std::move(ledger_ca);
  options.data_dir = absl::GetFlag(FLAGS_data_dir);
  options.store_options.compression = absl::GetFlag(FLAGS_log_compression);
  const int64_t max_import_events = absl::GetFlag(FLAGS_max_import_events);
  if (max_import_events < 1) {
    return Fail(absl::InvalidArgumentError(absl::StrCat(
        "--max_import_events: at least 1, got ", max_import_events)));
  }
  options.store_options.max_events_per_bulk_append =
      static_cast<size_t>(max_import_events);
  options.listen_address = listen;
  options.backup_dir = absl::GetFlag(FLAGS_backup_dir);
  absl::StatusOr<std::string> cert =
      ReadPem("tls_cert", absl::GetFlag(FLAGS_tls_cert));
  if (!cert.ok()) return Fail(cert.status());
  absl::StatusOr<std::string> key =
      ReadPem("tls_key", absl::GetFlag(FLAGS_tls_key));
  if (!key.ok()) return Fail(key.status());
  options.tls_cert_chain = *std::move(cert);
  options.tls_private_key = *std::move(key);
  options.allow_plaintext_remote = absl::GetFlag(FLAGS_allow_plaintext_remote);
  options.max_message_bytes = absl::GetFlag(FLAGS_max_message_bytes);
  options.max_watches_per_client = absl::GetFlag(FLAGS_max_watches_per_client);
  if (options.max_message_bytes < 1024) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--max_message_bytes: at least 1024, got ",
                     options.max_message_bytes)));
  }
  options.max_read_wait = absl::GetFlag(FLAGS_max_read_wait);
  if (options.max_read_wait <= absl::ZeroDuration() ||
      options.max_read_wait > absl::Minutes(1)) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--max_read_wait: more than 0 and at most 1m, got ",
                     absl::FormatDuration(options.max_read_wait))));
  }
  if (options.max_watches_per_client < 0) {
    return Fail(absl::InvalidArgumentError(
        absl::StrCat("--max_watches_per_client: 0 (no limit) or more, got ",
                     options.max_watches_per_client)));
  }
  if (options.tls_cert_chain.empty() && !qiwang::base::IsLoopback(listen) &&
      options.allow_plaintext_remote) {
    std::fprintf(stderr,
                 "qiwangd: WARNING: listening on %s without TLS "
                 "(--allow_plaintext_remote); tokens and private fields "
                 "cross the network in clear\n",
                 listen.c_str());
  }
  const std::string tokens = absl::GetFlag(FLAGS_tokens);
  if (tokens.empty()) {
    std::fprintf(stderr,
                 "qiwangd: WARNING: no --tokens file; every write will be "
                 "refused with UNAUTHENTICATED\n");
  } else {
    absl::StatusOr<std::vector<qiwang::server::TokenEntry>> entries =
        qiwang::server::LoadTokenFile(tokens);
    if (!entries.ok()) return Fail(entries.status());
    options.tokens = *std::move(entries);
  }
  options.data_key_file = absl::GetFlag(FLAGS_data_key_file);
  absl::StatusOr<std::string> data_key =
      LoadDataKey(options.data_key_file, options);
  if (!data_key.ok()) return Fail(data_key.status());
  options.data_key = *std::move(data_key);
  absl::StatusOr<std::unique_ptr<qiwang::ledger::Clock>> clock =
      qiwang::ledger::ClockFromFlag(absl::GetFlag(FLAGS_clock));
  if (!clock.ok()) return Fail(clock.status());
  options.clock = *std::move(clock);
  absl::StatusOr<std::unique_ptr<qiwang::server::Server>> server =
      qiwang::server::Server::Start(options);
  if (!server.ok()) return Fail(server.status());

  std::fprintf(stderr, "qiwangd listening on %s (%s; services %s%s%s)\n",
               (*server)->address().c_str(),
               (*server)->tls() ? "TLS" : "plaintext",
               options.services.ToString().c_str(),
               options.services.ledger ? "" : "; following the ledger at ",
               options.ledger_address.c_str());

  std::unique_ptr<qiwang::http::Routes> pages;
  std::unique_ptr<qiwang::http::HttpFront> http_front;
  const std::string http_listen = absl::GetFlag(FLAGS_http_listen);
  if (!http_listen.empty()) {
    std::shared_ptr<grpc::Channel> channel = (*server)->InProcessChannel();
    qiwang::web::PublicPagesOptions page_options;
    page_options.tournament_ids = absl::StrSplit(
        absl::GetFlag(FLAGS_http_tournaments), ',', absl::SkipEmpty());
    page_options.public_url = absl::GetFlag(FLAGS_http_public_url);
    if (!page_options.public_url.empty() &&
        !absl::StartsWith(page_options.public_url, "http://") &&
        !absl::StartsWith(page_options.public_url, "https://")) {
      return Fail(absl::InvalidArgumentError(absl::StrCat(
          "--http_public_url: an http:// or https:// URL expected, got '",
          page_options.public_url, "'")));
    }
    // Whole public pages cached by the projection's position (page_cache.h).
    page_options.log_position = [raw = server->get()] {
      return raw->applied_position();
    };
    // The officials' paths (/officials/...) first; the public pages answer
    // every other path, a 404 page included.
    std::vector<std::unique_ptr<qiwang::http::Routes>> links;
    links.push_back(qiwang::web::MakeOfficialPages(channel));
    links.push_back(qiwang::web::MakePublicPages(channel, page_options));
    pages = std::make_unique<qiwang::http::RouteChain>(std::move(links));
    qiwang::http::HttpFrontOptions http_options;
    http_options.listen_address = http_listen;
    http_options.allow_plaintext_remote =
        absl::GetFlag(FLAGS_allow_plaintext_remote);
    http_options.tls_cert_chain = options.tls_cert_chain;
    http_options.tls_private_key = options.tls_private_key;
    http_options.max_body_bytes = static_cast<size_t>(
        std::max(1, absl::GetFlag(FLAGS_http_max_body_bytes)));
    http_options.max_header_bytes = static_cast<size_t>(
        std::max(1, absl::GetFlag(FLAGS_http_max_header_bytes)));
    http_options.request_timeout = absl::GetFlag(FLAGS_http_request_timeout);
    http_options.max_streams_per_client =
        absl::GetFlag(FLAGS_http_max_streams_per_client);
    qiwang::server::Server* raw = server->get();
    absl::StatusOr<std::unique_ptr<qiwang::http::HttpFront>> front =
        qiwang::http::HttpFront::Start(
            http_options,
            {channel, pages.get(), [raw] { return raw->serving(); },
             [raw] { return raw->projection_lag(); },
             raw->batch_sizes() == nullptr
                 ? std::function<qiwang::base::HistogramCounts()>()
                 : [raw] { return raw->batch_sizes()->Read(); }});
    if (!front.ok()) return Fail(front.status());
    http_front = *std::move(front);
    std::fprintf(stderr, "qiwangd: HTTP on %s://%s:%d/\n",
                 options.tls_cert_chain.empty() ? "http" : "https",
                 std::string(qiwang::base::HostOf(http_listen)).c_str(),
                 http_front->port());
  }
  // The HTTP port file first: whoever waits for --port_file (the tests, an
  // operator's script) finds every listener's file there once it appears.
  for (const auto& [path, port] :
       {std::pair(http_port_file,
                  http_front == nullptr ? 0 : http_front->port()),
        std::pair(port_file, (*server)->port())}) {
    if (path.empty() || port == 0) continue;
    if (absl::Status written = WritePortFile(path, port); !written.ok()) {
      return Fail(written);
    }
  }

  int signal_number = 0;
  while (sigwait(&handled_signals, &signal_number) == 0 &&
         signal_number == SIGHUP) {
    ReloadTokens(tokens, **server);
  }
  std::fprintf(stderr, "qiwangd: %s received, shutting down\n",
               signal_number == SIGINT ? "SIGINT" : "SIGTERM");
  if (http_front != nullptr) http_front->Shutdown();
  (*server)->Shutdown(absl::GetFlag(FLAGS_shutdown_grace));
  RemoveFiles({port_file, http_port_file});
  std::fprintf(stderr, "qiwangd: stopped\n");
  return 0;
}
