// The ledger's view of the log when qiwangd holds a master key (issue 18):
// appends seal the private fields of their events (private_fields.h) before
// they reach the log, and reads open them back, so the ledger's rules and
// official reads work on clear values while the log, its backups and every
// other reader (projections, audit, exports, replicas) hold only sealed
// bytes. An append of PersonForgotten destroys the person's key once the
// event is durable (PersonKeyring::BeginForget/Forget). Subscriptions pass
// through unopened (the ledger only waits on them). Thread-safe.
// REQUIRES: `log` and `ring` outlive it; `ring` is the keyring of `log`.
#ifndef QIWANG_SERVICES_KEYS_SEALING_EVENT_LOG_H_
#define QIWANG_SERVICES_KEYS_SEALING_EVENT_LOG_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"
#include "qiwang/v1/event.pb.h"
#include "services/keys/person_keyring.h"
#include "store/event_log.h"

namespace qiwang::keys {

class SealingEventLog : public store::EventLog {
 public:
  SealingEventLog(store::EventLog& log, PersonKeyring& ring)
      : log_(log), ring_(ring) {}

  absl::StatusOr<store::AppendResult> Append(
      const store::AppendRequest& request) override;
  // A request whose events cannot be sealed (e.g. a forgotten person
  // registered again) fails the whole batch with its status.
  std::vector<absl::StatusOr<store::AppendResult>> AppendBatch(
      const std::vector<store::AppendRequest>& requests,
      const store::BatchOptions& options) override;
  absl::StatusOr<std::vector<store::Record>> Read(
      const store::ReadRequest& request) const override;
  absl::StatusOr<std::optional<store::AppendResult>> LookupCommand(
      const std::string& command_id) const override {
    return log_.LookupCommand(command_id);
  }
  absl::StatusOr<store::AppendResult> LookupRetry(
      const store::AppendRequest& retry) const override {
    return log_.LookupRetry(retry);
  }
  uint64_t LastPosition() const override { return log_.LastPosition(); }
  absl::StatusOr<uint64_t> StreamVersion(
      const std::string& stream) const override {
    return log_.StreamVersion(stream);
  }
  std::unique_ptr<store::Subscription> Subscribe(uint64_t from) override {
    return log_.Subscribe(from);
  }
  absl::StatusOr<uint64_t> Backup(const std::string& dir) override {
    return log_.Backup(dir);
  }
  absl::Status Refresh() override { return log_.Refresh(); }

 private:
  // A request as it goes to the log, and the keyring persons it forgets.
  struct Sealed {
    store::AppendRequest request;
    std::vector<std::string> forgets;
  };
  absl::StatusOr<Sealed> Seal(const store::AppendRequest& request);
  // Destroys the keys of an appended request's PersonForgotten events.
  void FinishForgets(const Sealed& sealed);
  // The key id of player `player_id` of `tournament`, from its registration.
  absl::StatusOr<std::string> KeyIdOfPlayer(const std::string& tournament,
                                            int64_t player_id) const;
  // Notes the key id of a registration read or written.
  void Remember(const std::string& tournament, const v1::Event& event) const;

  store::EventLog& log_;
  PersonKeyring& ring_;
  mutable absl::Mutex players_mutex_;
  // (tournament, player id) -> key id.
  mutable absl::flat_hash_map<std::pair<std::string, int64_t>, std::string>
      player_keys_ ABSL_GUARDED_BY(players_mutex_);
};

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_SEALING_EVENT_LOG_H_
