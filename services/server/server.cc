#include "services/server/server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>

#include <cstdio>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "base/annotated_lock.h"
#include "base/listen_address.h"
#include "services/keys/master_key_hashes.h"
#include "services/ledger/log_clock.h"
#include "services/remote/remote_event_log.h"

namespace qiwang::server {
namespace {

// Plaintext, or TLS with the given certificate; refuses half a TLS setup and
// plaintext that other machines could reach unless allowed.
absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> ListeningCredentials(
    const ServerOptions& options) {
  const bool has_cert = !options.tls_cert_chain.empty();
  const bool has_key = !options.tls_private_key.empty();
  if (has_cert != has_key) {
    return absl::InvalidArgumentError(
        has_cert ? "--tls_key: required with --tls_cert"
                 : "--tls_cert: required with --tls_key");
  }
  if (has_cert) {
    grpc::SslServerCredentialsOptions ssl;
    ssl.pem_key_cert_pairs.push_back(
        {options.tls_private_key, options.tls_cert_chain});
    return grpc::SslServerCredentials(ssl);
  }
  if (absl::Status plaintext =
          base::PlaintextAllowed("--listen", options.listen_address,
                                 /*tls=*/false, options.allow_plaintext_remote);
      !plaintext.ok()) {
    return plaintext;
  }
  return grpc::InsecureServerCredentials();
}

// Refuses a part of the split form that has no log to follow, or a ledger
// told to follow another.
absl::Status CheckServices(const ServerOptions& options) {
  if (options.services.ledger) {
    if (!options.ledger_address.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--ledger: only for a process without the ledger service (this one "
          "runs --services=",
          options.services.ToString(), " and keeps the log itself)"));
    }
    if (options.data_dir.empty()) {
      return absl::InvalidArgumentError("data_dir: required");
    }
    return absl::OkStatus();
  }
  if (options.ledger_address.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--ledger: required with --services=", options.services.ToString(),
        " (HOST:PORT of the qiwangd running --services=ledger, whose log "
        "this process follows)"));
  }
  return absl::OkStatus();
}

// The clock of `options`, or the system clock; a ledger's continues from
// the last event of its `log` (never behind it).
absl::StatusOr<std::shared_ptr<ledger::Clock>> StartClock(
    const ServerOptions& options, const store::EventLog& log) {
  std::shared_ptr<ledger::Clock> clock =
      options.clock != nullptr ? options.clock
                               : std::make_shared<ledger::SystemClock>();
  if (!options.services.ledger) return clock;
  absl::StatusOr<std::optional<absl::Time>> last = ledger::LastEventTime(log);
  if (!last.ok()) return last.status();
  ledger::StartedClock started = ledger::ContinueFrom(std::move(clock), *last);
  if (!started.note.empty()) {
    std::fprintf(stderr, "qiwangd: %s\n", started.note.c_str());
  }
  return std::move(started.clock);
}

}  // namespace

absl::Status Server::OpenLog(const ServerOptions& options) {
  if (options.services.ledger) {
    absl::StatusOr<std::unique_ptr<store::EventLog>> log =
        store::EventLog::Open(options.data_dir, options.store_options);
    if (!log.ok()) return log.status();
    log_ = *std::move(log);
    if (options.data_key.empty()) return absl::OkStatus();
    absl::StatusOr<std::unique_ptr<keys::PersonKeyring>> keyring =
        keys::PersonKeyring::Open(*log_, options.data_key,
                                  options.data_key_file);
    if (!keyring.ok()) return keyring.status();
    keyring_ = *std::move(keyring);
    if (absl::Status finished = keyring_->FinishForgetting(*log_);
        !finished.ok()) {
      return finished;
    }
    sealing_log_ = std::make_unique<keys::SealingEventLog>(*log_, *keyring_);
    absl::StatusOr<size_t> hashed = keys::CountHashedUnderMasterKeyOnce(
        *sealing_log_, *keyring_, options.data_key);
    if (!hashed.ok()) return hashed.status();
    if (const std::string warning =
            keys::HashedUnderMasterKeyWarning(*hashed, options.data_key_file);
        !warning.empty()) {
      std::fprintf(stderr, "qiwangd: %s\n", warning.c_str());
    }
    return absl::OkStatus();
  }
  remote::RemoteLogOptions remote;
  remote.address = options.ledger_address;
  remote.token = options.ledger_token;
  remote.subscriber_buffer = options.store_options.subscriber_buffer;
  if (!options.ledger_tls_ca.empty()) {
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = options.ledger_tls_ca;
    remote.credentials = grpc::SslCredentials(ssl);
  }
  log_ = remote::RemoteEventLog::Connect(remote);
  return absl::OkStatus();
}

void Server::BuildServices(const ServerOptions& options) {
  const ServiceSet& services = options.services;
  authenticator_ = std::make_unique<Authenticator>(options.tokens);
  projection_ = std::make_unique<projection::TournamentProjection>(*log_);
  watch_limiter_ =
      std::make_unique<WatchLimiter>(options.max_watches_per_client);
  if (services.ledger) {
    store::EventLog& ledger_log =
        sealing_log_ != nullptr ? *sealing_log_ : *log_;
    ledger_ = std::make_unique<ledger::Ledger>(ledger_log, *clock_);
    event_log_service_ =
        std::make_unique<EventLogService>(*log_, *clock_, *authenticator_);
    tournament_service_ =
        std::make_unique<TournamentService>(*ledger_, *authenticator_);
    admin_service_ = std::make_unique<AdminService>(
        *clock_, *authenticator_, *log_,
        options.backup_dir.empty()
            ? absl::StrCat(absl::StripSuffix(options.data_dir, "/"), "-backups")
            : options.backup_dir);
    play_service_ = std::make_unique<PlayService>(*ledger_, *authenticator_);
    ruling_service_ =
        std::make_unique<RulingService>(*ledger_, *authenticator_);
    import_service_ = std::make_unique<ImportService>(
        *ledger_, *authenticator_,
        options.store_options.max_events_per_bulk_append);
  }
  if (services.ledger || services.pairing) {
    pairing_service_ = std::make_unique<PairingService>(
        ledger_.get(), options.ledger_address, *projection_, *authenticator_,
        *watch_limiter_, options.max_read_wait);
  }
  if (services.standings) {
    standings_service_ = std::make_unique<StandingsService>(
        *projection_, *authenticator_, *watch_limiter_, options.max_read_wait);
  }
  if (services.audit) {
    audit_service_ = std::make_unique<AuditService>(
        *projection_, *log_, *authenticator_, options.max_read_wait);
    export_service_ = std::make_unique<ExportService>(
        *projection_, *log_, *authenticator_, options.max_read_wait);
  }
}

absl::StatusOr<std::unique_ptr<Server>> Server::Start(
    const ServerOptions& options) {
  if (absl::Status checked = CheckServices(options); !checked.ok()) {
    return checked;
  }
  absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> credentials =
      ListeningCredentials(options);
  if (!credentials.ok()) return credentials.status();
  std::unique_ptr<Server> server(new Server());
  server->tls_ = !options.tls_cert_chain.empty();
  if (absl::Status opened = server->OpenLog(options); !opened.ok()) {
    return opened;
  }
  absl::StatusOr<std::shared_ptr<ledger::Clock>> clock =
      StartClock(options, *server->log_);
  if (!clock.ok()) return clock.status();
  server->clock_ = *std::move(clock);
  server->BuildServices(options);

  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  builder.SetMaxReceiveMessageSize(options.max_message_bytes);
  // Long streams (watches, Subscribe) through NAT and hall Wi-Fi: the server
  // pings an idle connection every minute and drops it when a ping goes
  // unanswered for 20 s, so a vanished client's streams are released; it
  // accepts the CLI's pings as often as every 30 s.
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIME_MS, 60'000);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 20'000);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  builder.AddChannelArgument(
      GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS, 30'000);
  // gRPC's default SO_REUSEPORT would let a second qiwangd bind the same
  // address and the kernel split the calls between two logs.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  builder.AddListeningPort(options.listen_address, *credentials,
                           &server->port_);
  for (grpc::Service* service : server->Services()) {
    builder.RegisterService(service);
  }
  server->unserved_methods_ = std::make_unique<UnservedMethods>(
      options.services, options.ledger_address);
  builder.RegisterCallbackGenericService(server->unserved_methods_.get());
  server->grpc_server_ = builder.BuildAndStart();
  if (server->grpc_server_ == nullptr || server->port_ == 0) {
    return absl::UnavailableError(absl::StrCat(
        "--listen: cannot listen on ", options.listen_address, ": ",
        base::WhyNotBindable(options.listen_address),
        server->tls_ ? " (or --tls_cert and --tls_key are not a matching PEM "
                       "certificate and private key)"
                     : ""));
  }
  server->grpc_server_->GetHealthCheckService()->SetServingStatus(false);
  server->readiness_ =
      std::thread([raw = server.get()] { raw->ReportServingWhenCaughtUp(); });
  const absl::string_view host = base::HostOf(options.listen_address);
  server->address_ = absl::StrContains(host, ':')
                         ? absl::StrCat("[", host, "]:", server->port_)
                         : absl::StrCat(host, ":", server->port_);
  return server;
}

std::vector<grpc::Service*> Server::Services() const {
  std::vector<grpc::Service*> services;
  for (grpc::Service* service : std::initializer_list<grpc::Service*>{
           event_log_service_.get(), tournament_service_.get(),
           admin_service_.get(), play_service_.get(), pairing_service_.get(),
           standings_service_.get(), ruling_service_.get(),
           audit_service_.get(), export_service_.get(),
           import_service_.get()}) {
    if (service != nullptr) services.push_back(service);
  }
  return services;
}

void Server::ReportServingWhenCaughtUp() {
  // Wakes now and then to notice a shutdown while the log is out of reach;
  // a failed projection (a corrupt log) never serves.
  absl::Status caught_up = absl::DeadlineExceededError("");
  while (absl::IsDeadlineExceeded(caught_up)) {
    {
      base::AnnotatedLock lock(&health_mutex_);
      if (stopping_) return;
    }
    caught_up =
        projection_->AwaitCaughtUp(absl::Now() + absl::Milliseconds(200));
  }
  base::AnnotatedLock lock(&health_mutex_);
  if (caught_up.ok() && !stopping_) {
    grpc_server_->GetHealthCheckService()->SetServingStatus(true);
    serving_ = true;
  }
}

std::shared_ptr<grpc::Channel> Server::InProcessChannel() {
  grpc::ChannelArguments arguments;
  arguments.SetMaxReceiveMessageSize(-1);
  return grpc_server_->InProcessChannel(arguments);
}

bool Server::serving() const {
  base::AnnotatedLock lock(&health_mutex_);
  return serving_;
}

int64_t Server::projection_lag() const {
  if (log_ == nullptr || projection_ == nullptr) return 0;
  const uint64_t last = log_->LastPosition();
  const uint64_t applied = projection_->applied_position();
  return last > applied ? static_cast<int64_t>(last - applied) : 0;
}

uint64_t Server::applied_position() const {
  return projection_ == nullptr ? 0 : projection_->applied_position();
}

const ledger::BatchSizes* Server::batch_sizes() const {
  return ledger_ == nullptr ? nullptr : &ledger_->batch_sizes();
}

void Server::ReplaceTokens(std::vector<TokenEntry> tokens) {
  authenticator_->Replace(std::move(tokens));
}

Server::~Server() { Shutdown(absl::Seconds(5)); }

void Server::Shutdown(absl::Duration grace) {
  base::AnnotatedLock lock(&shutdown_mutex_);
  if (shut_down_ || grpc_server_ == nullptr) return;
  shut_down_ = true;
  {
    base::AnnotatedLock health_lock(&health_mutex_);
    stopping_ = true;
    serving_ = false;
    grpc_server_->GetHealthCheckService()->SetServingStatus(false);
  }
  if (readiness_.joinable()) readiness_.join();
  const grpc::Status going(grpc::StatusCode::UNAVAILABLE,
                           "the server is shutting down");
  if (event_log_service_ != nullptr)
    event_log_service_->EndSubscriptions(going);
  if (standings_service_ != nullptr) standings_service_->EndWatches(going);
  if (pairing_service_ != nullptr) pairing_service_->EndWatches(going);
  grpc_server_->Shutdown(absl::ToChronoTime(absl::Now() + grace));
  grpc_server_->Wait();
  grpc_server_.reset();
  import_service_.reset();
  export_service_.reset();
  audit_service_.reset();
  ruling_service_.reset();
  standings_service_.reset();
  pairing_service_.reset();
  play_service_.reset();
  projection_.reset();
  admin_service_.reset();
  tournament_service_.reset();
  event_log_service_.reset();
  ledger_.reset();
  sealing_log_.reset();
  keyring_.reset();
  log_.reset();
}

}  // namespace qiwang::server
