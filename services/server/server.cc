#include "services/server/server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "services/server/listen_address.h"

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
  if (!IsLoopback(options.listen_address) && !options.allow_plaintext_remote) {
    return absl::FailedPreconditionError(absl::StrCat(
        "--listen: ", options.listen_address,
        " is reachable from other machines and there is no TLS, so tokens "
        "and private fields would cross the network in clear; give "
        "--tls_cert and --tls_key, or --allow_plaintext_remote"));
  }
  return grpc::InsecureServerCredentials();
}

}  // namespace

absl::StatusOr<std::unique_ptr<Server>> Server::Start(
    const ServerOptions& options) {
  if (options.data_dir.empty()) {
    return absl::InvalidArgumentError("data_dir: required");
  }
  absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> credentials =
      ListeningCredentials(options);
  if (!credentials.ok()) return credentials.status();
  std::unique_ptr<Server> server(new Server());
  server->tls_ = !options.tls_cert_chain.empty();
  absl::StatusOr<std::unique_ptr<store::EventLog>> log =
      store::EventLog::Open(options.data_dir, options.store_options);
  if (!log.ok()) return log.status();
  server->log_ = *std::move(log);
  server->clock_ = options.clock != nullptr
                       ? options.clock
                       : std::make_shared<ledger::SystemClock>();
  server->authenticator_ = std::make_unique<Authenticator>(options.tokens);
  server->ledger_ =
      std::make_unique<ledger::Ledger>(*server->log_, *server->clock_);
  server->event_log_service_ = std::make_unique<EventLogService>(
      *server->log_, *server->clock_, *server->authenticator_);
  server->tournament_service_ = std::make_unique<TournamentService>(
      *server->ledger_, *server->authenticator_);
  server->admin_service_ = std::make_unique<AdminService>(
      *server->clock_, *server->authenticator_, *server->log_,
      options.backup_dir.empty()
          ? absl::StrCat(absl::StripSuffix(options.data_dir, "/"), "-backups")
          : options.backup_dir);
  server->projection_ =
      std::make_unique<projection::TournamentProjection>(*server->log_);
  server->play_service_ =
      std::make_unique<PlayService>(*server->ledger_, *server->authenticator_);
  server->watch_limiter_ =
      std::make_unique<WatchLimiter>(options.max_watches_per_client);
  server->pairing_service_ = std::make_unique<PairingService>(
      *server->ledger_, *server->projection_, *server->authenticator_,
      *server->watch_limiter_);
  server->standings_service_ = std::make_unique<StandingsService>(
      *server->projection_, *server->authenticator_, *server->watch_limiter_);
  server->ruling_service_ = std::make_unique<RulingService>(
      *server->ledger_, *server->authenticator_);
  server->audit_service_ = std::make_unique<AuditService>(
      *server->projection_, *server->log_, *server->authenticator_);
  server->export_service_ = std::make_unique<ExportService>(
      *server->projection_, *server->log_, *server->authenticator_);

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
  builder.AddListeningPort(options.listen_address, *credentials,
                           &server->port_);
  builder.RegisterService(server->event_log_service_.get());
  builder.RegisterService(server->tournament_service_.get());
  builder.RegisterService(server->admin_service_.get());
  builder.RegisterService(server->play_service_.get());
  builder.RegisterService(server->pairing_service_.get());
  builder.RegisterService(server->standings_service_.get());
  builder.RegisterService(server->ruling_service_.get());
  builder.RegisterService(server->audit_service_.get());
  builder.RegisterService(server->export_service_.get());
  server->grpc_server_ = builder.BuildAndStart();
  if (server->grpc_server_ == nullptr || server->port_ == 0) {
    return absl::UnavailableError(absl::StrCat(
        "listen: cannot listen on ", options.listen_address,
        server->tls_ ? " (or --tls_cert and --tls_key are not a matching PEM "
                       "certificate and private key)"
                     : ""));
  }
  const absl::string_view host = HostOf(options.listen_address);
  server->address_ = absl::StrContains(host, ':')
                         ? absl::StrCat("[", host, "]:", server->port_)
                         : absl::StrCat(host, ":", server->port_);
  return server;
}

void Server::ReplaceTokens(std::vector<TokenEntry> tokens) {
  authenticator_->Replace(std::move(tokens));
}

Server::~Server() { Shutdown(absl::Seconds(5)); }

void Server::Shutdown(absl::Duration grace) {
  absl::MutexLock lock(&shutdown_mutex_);
  if (shut_down_ || grpc_server_ == nullptr) return;
  shut_down_ = true;
  grpc_server_->GetHealthCheckService()->SetServingStatus(false);
  event_log_service_->EndSubscriptions(grpc::Status(
      grpc::StatusCode::UNAVAILABLE, "the server is shutting down"));
  standings_service_->EndWatches(grpc::Status(grpc::StatusCode::UNAVAILABLE,
                                              "the server is shutting down"));
  pairing_service_->EndWatches(grpc::Status(grpc::StatusCode::UNAVAILABLE,
                                            "the server is shutting down"));
  grpc_server_->Shutdown(absl::ToChronoTime(absl::Now() + grace));
  grpc_server_->Wait();
  grpc_server_.reset();
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
  log_.reset();
}

}  // namespace qiwang::server
