// The ledger's view of the log when qiwangd holds a master key (issue 18):
// appends seal the private fields of their events (private_fields.h) before
// they reach the log, and reads open them back, so the ledger's rules and
// official reads work on clear values while the log, its backups and every
// other reader (projections, audit, exports, replicas) hold only sealed
// bytes. Each person of a tournament gets one data key (TournamentPersons),
// written in the WriteBatch of the first event sealed with it:
// forgetting a player (an append of PersonForgotten) destroys that key once
// the event is durable (PersonKeyring::BeginForget/Forget), and with it the
// person's station entries as well as the registration. R3 matching in the
// log compares random match tokens (MatchTokens), not hashes under any key,
// so a forgotten person's ID number and birth date cannot be found again by
// trying candidates, even with the master key. Subscriptions pass
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
#include "services/keys/tournament_persons.h"
#include "store/event_log.h"

namespace qiwang::keys {

class SealingEventLog : public store::EventLog {
 public:
  SealingEventLog(store::EventLog& log, PersonKeyring& ring)
      : log_(log), ring_(ring) {}

  absl::StatusOr<store::AppendResult> Append(
      const store::AppendRequest& request) override;
  // When request k cannot be sealed (e.g. a forgotten person registered
  // again), requests before k are appended as asked, k answers its error,
  // and those after k, which may have been decided on k's events, answer
  // ABORTED without being written, for the caller to decide again.
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
  bool HeadIsLocal() const override { return log_.HeadIsLocal(); }
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
  absl::StatusOr<Sealed> Seal(const store::AppendRequest& request)
      ABSL_LOCKS_EXCLUDED(mutex_);
  // Destroys the keys of an appended request's PersonForgotten events.
  void FinishForgets(const Sealed& sealed);
  // The persons of `tournament`, with every event of its stream in the log
  // that an append `expected` there would follow noted (read only when the
  // noted version is behind it).
  absl::StatusOr<TournamentPersons*> PersonsOf(
      const std::string& tournament, const store::ExpectedVersion& expected)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // A sealed request notes its own events ahead of its append (so the next
  // command need not read them back); when the append did not write them,
  // this takes the noted version back to what the request expected.
  // A request that `forgets` persons took their match tokens away ahead of
  // its append; when the append did not write it, this drops what was noted
  // of the tournament, to be read again from the log.
  void Settle(const store::AppendRequest& request,
              const absl::StatusOr<store::AppendResult>& result, bool forgets)
      ABSL_LOCKS_EXCLUDED(mutex_);
  // The same for a request that failed to seal: answers `status`.
  absl::Status Unnote(const std::string& tournament, const Sealed& sealed,
                      absl::Status status)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // Sets the match tokens of `person` (in clear) and answers its key id in
  // `persons`: theirs, or a new one.
  absl::StatusOr<std::string> KeyIdOfPerson(TournamentPersons& persons,
                                            v1::Person& person)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // The key id of player `player_id`, from their registration.
  absl::StatusOr<std::string> KeyIdOfPlayer(const std::string& tournament,
                                            TournamentPersons& persons,
                                            int64_t player_id)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  store::EventLog& log_;
  PersonKeyring& ring_;
  // Held for the whole sealing of a request, so that two requests never
  // give one new person two keys.
  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, TournamentPersons> tournaments_
      ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_SEALING_EVENT_LOG_H_
