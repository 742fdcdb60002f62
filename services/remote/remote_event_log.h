// The ledger's event log as seen from another process: what a read-only
// qiwangd (--services without ledger, --ledger=HOST:PORT) gives its
// projection and its audit and export services in place of the RocksDB log.
#ifndef QIWANG_SERVICES_REMOTE_REMOTE_EVENT_LOG_H_
#define QIWANG_SERVICES_REMOTE_REMOTE_EVENT_LOG_H_

#include <grpcpp/security/credentials.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "services/remote/remote_subscription.h"
#include "store/event_log.h"

namespace qiwang::remote {

struct RemoteLogOptions {
  std::string address;  // the ledger's "host:port"
  // Plaintext when null.
  std::shared_ptr<grpc::ChannelCredentials> credentials;
  // An official's token (EventLogService.Read and Subscribe admit officials).
  std::string token;
  absl::Duration call_timeout = absl::Seconds(10);  // each Read
  absl::Duration max_backoff = absl::Seconds(2);    // between reconnections
  size_t subscriber_buffer = 1024;
};

// Guarantees: Read, StreamVersion and LastPosition answer what the ledger's
// log answers (records byte for byte as stored, so folds and digests match
// the ledger's), or the ledger's status prefixed with its address;
// Subscribe follows it across disconnections (RemoteSubscription). It never
// writes: Append, AppendBatch, LookupCommand, LookupRetry and Backup answer
// UNIMPLEMENTED naming the ledger, which is where writes go. Thread-safe.
class RemoteEventLog final : public store::EventLog {
 public:
  // Does not connect yet: calls connect on first use and fail UNAVAILABLE
  // while the ledger cannot be reached.
  static std::unique_ptr<RemoteEventLog> Connect(
      const RemoteLogOptions& options);
  // Over an existing stub (tests).
  RemoteEventLog(RemoteLogOptions options,
                 std::shared_ptr<v1::EventLogService::StubInterface> stub);

  absl::StatusOr<store::AppendResult> Append(
      const store::AppendRequest& request) override;
  std::vector<absl::StatusOr<store::AppendResult>> AppendBatch(
      const std::vector<store::AppendRequest>& requests,
      const store::BatchOptions& options) override;
  absl::StatusOr<std::vector<store::Record>> Read(
      const store::ReadRequest& request) const override;
  absl::StatusOr<std::optional<store::AppendResult>> LookupCommand(
      const std::string& command_id) const override;
  absl::StatusOr<store::AppendResult> LookupRetry(
      const store::AppendRequest& retry) const override;
  // The ledger's last position; when it cannot be reached, the last one it
  // answered here.
  uint64_t LastPosition() const override;
  bool HeadIsLocal() const override { return false; }
  absl::StatusOr<uint64_t> StreamVersion(
      const std::string& stream) const override;
  std::unique_ptr<store::Subscription> Subscribe(uint64_t from) override;
  absl::StatusOr<uint64_t> Backup(const std::string& dir) override;
  absl::Status Refresh() override;  // nothing to do: reads go to the ledger

 private:
  absl::Status Unwritable(const char* what) const;
  // The last record of `stream` (empty: the whole log), if any.
  absl::StatusOr<std::optional<store::Record>> ReadLast(
      const std::string& stream) const;
  // One Read call of at most the service's limit.
  absl::Status ReadPage(const v1::ReadRequest& request,
                        std::vector<store::Record>& records) const;

  const RemoteLogOptions options_;
  const std::shared_ptr<v1::EventLogService::StubInterface> stub_;
  mutable std::atomic<uint64_t> last_answered_{0};
};

}  // namespace qiwang::remote

#endif  // QIWANG_SERVICES_REMOTE_REMOTE_EVENT_LOG_H_
