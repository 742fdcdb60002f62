#ifndef QIWANG_SERVICES_SERVER_SERVER_H_
#define QIWANG_SERVICES_SERVER_SERVER_H_

#include <grpcpp/server.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "services/keys/person_keyring.h"
#include "services/keys/sealing_event_log.h"
#include "services/ledger/clock.h"
#include "services/ledger/ledger.h"
#include "services/projection/tournament_projection.h"
#include "services/server/admin_service.h"
#include "services/server/audit_service.h"
#include "services/server/auth/authenticator.h"
#include "services/server/auth/token_file.h"
#include "services/server/event_log_service.h"
#include "services/server/export_service.h"
#include "services/server/import_service.h"
#include "services/server/pairing_service.h"
#include "services/server/play_service.h"
#include "services/server/ruling_service.h"
#include "services/server/service_set.h"
#include "services/server/standings_service.h"
#include "services/server/tournament_service.h"
#include "services/server/unserved_methods.h"
#include "services/server/watch_limiter.h"
#include "store/event_log.h"

namespace qiwang::server {

struct ServerOptions {
  // What this process hosts; the ledger's part needs `data_dir`, the others
  // without it follow `ledger_address`.
  ServiceSet services;
  std::string data_dir;
  // Without services.ledger: the ledger process to follow, the token this
  // process presents to it (a replica's: EventLogService.Read and
  // Subscribe only), and the PEM CA certificates to dial it over TLS (empty:
  // plaintext).
  std::string ledger_address;
  std::string ledger_token;
  std::string ledger_tls_ca;
  // "host:port"; port 0 picks a free port (see Server::port()).
  std::string listen_address = "127.0.0.1:0";
  store::Options store_options;
  // Who may call (R1.2); empty: every call that needs a token is refused.
  std::vector<TokenEntry> tokens;
  // Source of server time; null: the system clock.
  std::shared_ptr<ledger::Clock> clock;
  // Where AdminService.Backup writes; empty: `data_dir` + "-backups".
  std::string backup_dir;
  // TLS: the PEM certificate chain and its private key. Both empty:
  // plaintext; one without the other is refused.
  std::string tls_cert_chain;
  std::string tls_private_key;
  // Plaintext on an address other machines can reach (not loopback) is
  // refused unless this is set.
  bool allow_plaintext_remote = false;
  // Limits: the largest request message accepted (larger ones are refused
  // RESOURCE_EXHAUSTED by gRPC), and the watch streams one client (address)
  // may hold open at once (0: no limit).
  int max_message_bytes = 4 << 20;
  int max_watches_per_client = 64;
  // The longest a read waits for its ReadOptions.min_position when its
  // caller's deadline is later or unset (the wait holds no thread).
  absl::Duration max_read_wait = kDefaultLongestReadWait;
  // Issue 18, the ledger's part only: the master key of personal data (32
  // bytes) and the file it came from (named in errors). Set: the ledger
  // seals private fields in the log and opens them for its reads; empty:
  // events are stored as the rules made them.
  std::string data_key;
  std::string data_key_file;
};

// What qiwangd serves. With every service (the default): the event log
// opened on `data_dir`, the ledger over it, the projection following it, and
// the nine qiwang.v1 services behind the token check. With a part of them
// (ServiceSet): the ledger's part opens the log; a part without it follows
// the ledger at `ledger_address` over EventLogService.Subscribe and serves
// only its reads. Always grpc.health.v1.Health and server reflection, one
// listening address, TLS when given a certificate. Start returns once it
// accepts calls; health answers NOT_SERVING until the projection has caught
// up with the log (a read process: with the ledger's log, once reachable),
// so a load balancer sends nothing that would only wait. Thread-safe;
// Shutdown may be called from any thread, more than once.
class Server {
 public:
  static absl::StatusOr<std::unique_ptr<Server>> Start(
      const ServerOptions& options);
  ~Server();  // Shutdown with a short grace period.

  int port() const { return port_; }
  // The bound address, with the port Start picked: "127.0.0.1:41823".
  const std::string& address() const { return address_; }
  bool tls() const { return tls_; }

  // A channel to this server's services in process (the HTTP front's way
  // in): the same authentication, access table and ledger as over the
  // network.
  std::shared_ptr<grpc::Channel> InProcessChannel();
  // What health reports: true once the projection has caught up, until
  // Shutdown.
  bool serving() const;
  // Log positions appended but not yet applied by the projection.
  int64_t projection_lag() const;
  // The log position the projection's reads see now.
  uint64_t applied_position() const;
  // The ledger's commands per append; null in a process without the ledger.
  const ledger::BatchSizes* batch_sizes() const;

  // Only `tokens` are accepted from now on (qiwangd's SIGHUP reload).
  void ReplaceTokens(std::vector<TokenEntry> tokens);

  // Reports NOT_SERVING, stops accepting calls, ends Subscribe streams with
  // UNAVAILABLE, lets other calls finish for up to `grace` (then cancels
  // them) and closes the event log.
  void Shutdown(absl::Duration grace);

 private:
  Server() = default;
  absl::Status OpenLog(const ServerOptions& options);
  void BuildServices(const ServerOptions& options);
  // The gRPC services this process hosts.
  std::vector<grpc::Service*> Services() const;

  // Reports SERVING once the projection has caught up with the log, unless
  // the server is shutting down by then.
  void ReportServingWhenCaughtUp();

  absl::Mutex shutdown_mutex_;
  bool shut_down_ ABSL_GUARDED_BY(shutdown_mutex_) = false;
  mutable absl::Mutex health_mutex_;
  bool stopping_ ABSL_GUARDED_BY(health_mutex_) = false;
  bool serving_ ABSL_GUARDED_BY(health_mutex_) = false;
  std::thread readiness_;

  std::shared_ptr<ledger::Clock> clock_;
  std::unique_ptr<Authenticator> authenticator_;
  std::unique_ptr<store::EventLog> log_;
  // With a data key: the keyring in log_ and the ledger's sealing view of it.
  std::unique_ptr<keys::PersonKeyring> keyring_;
  std::unique_ptr<keys::SealingEventLog> sealing_log_;
  std::unique_ptr<ledger::Ledger> ledger_;
  std::unique_ptr<EventLogService> event_log_service_;
  std::unique_ptr<TournamentService> tournament_service_;
  std::unique_ptr<AdminService> admin_service_;
  std::unique_ptr<projection::TournamentProjection> projection_;
  std::unique_ptr<WatchLimiter> watch_limiter_;
  std::unique_ptr<PlayService> play_service_;
  std::unique_ptr<PairingService> pairing_service_;
  std::unique_ptr<StandingsService> standings_service_;
  std::unique_ptr<RulingService> ruling_service_;
  std::unique_ptr<AuditService> audit_service_;
  std::unique_ptr<ExportService> export_service_;
  std::unique_ptr<ImportService> import_service_;
  std::unique_ptr<UnservedMethods> unserved_methods_;
  std::unique_ptr<grpc::Server> grpc_server_;
  int port_ = 0;
  std::string address_;
  bool tls_ = false;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_SERVER_H_
