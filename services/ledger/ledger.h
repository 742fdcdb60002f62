// The write side of tournaments (DESIGN.md "Data flow"): turns a command into
// events through the pure Decide* rules and appends them to the tournament's
// stream in one atomic append, and answers reads from the state folded from
// that stream.
#ifndef QIWANG_SERVICES_LEDGER_LEDGER_H_
#define QIWANG_SERVICES_LEDGER_LEDGER_H_

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "google/protobuf/message.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/ledger/batch_sizes.h"
#include "services/ledger/clock.h"
#include "services/ledger/event_stamper.h"
#include "services/rules/core/roles.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/tournament_state.h"
#include "store/event_log.h"

namespace qiwang::ledger {

using rules::tournament::TournamentState;

// Streams with this prefix hold raw operator notes (EventLogService.Append);
// no tournament id may start with it, and raw appends go nowhere else.
inline constexpr char kNotesStreamPrefix[] = "notes/";

// One client command: which RPC (its full method name, part of the
// idempotency fingerprint with the request bytes), its idempotency key, the
// tournament it acts on, and the rule that decides it. With
// `expected_version`, the command is decided only on exactly that version of
// the tournament's stream (e.g. a pairing computed on it); otherwise ABORTED.
struct Command {
  std::string method;
  const google::protobuf::Message* request = nullptr;
  std::string command_id;
  std::string tournament_id;
  std::function<absl::StatusOr<rules::tournament::Events>(
      const TournamentState&, const rules::tournament::CommandContext&)>
      decide;
  std::optional<uint64_t> expected_version = std::nullopt;
  // The events go in one bulk append (store::AppendRequest::bulk), whose
  // ceiling is higher: for the TRF import only, which must land a whole
  // file as one command.
  bool bulk_append = false;
};

// Who acts: the authenticated user and the role they act in.
struct Caller {
  std::string user;
  rules::Role role = rules::Role::kPublic;
};

// Where a command's events landed, and the events themselves as stored
// (log fields filled), so a caller can answer e.g. the new player's id.
struct CommandOutcome {
  v1::CommandResult result;
  std::vector<v1::Event> events;
};

// A tournament's state as of a position, shared and immutable: reads of
// one position share one copy (Ledger::Read), so a read costs a reference,
// not a copy of a state that grows with the log.
struct StateAt {
  std::shared_ptr<const TournamentState> state;
  uint64_t as_of_position = 0;
};

// Guarantees: commands on one tournament are decided one at a time, in
// arrival order, each on the state left by the ones before it (a lock per
// tournament; different tournaments in parallel); a command's events are
// appended in one append at the exact stream version its decision saw, or
// not at all; a refused command appends nothing and its status passes
// through unchanged; a command id answers its first result for ever (same
// content: replayed=true; other content: ALREADY_EXISTS), even after the
// state moved on. A decision with no event (nothing to change, e.g. an equal
// result entered twice) appends nothing and records no command id: it
// answers replayed=true at the state's version with no events. A command
// with an expected version that differs from the stream's is ABORTED and
// appends nothing. Thread-safe. REQUIRES: `log` and `clock` outlive it.
//
// Batching: one tournament is one stream, so its commands cannot share an
// fsync by running in parallel. Instead each command joins its tournament's
// queue; if no command of the tournament is being decided, its caller's
// thread leads: while the queue is not empty it takes the queued commands (up
// to kMaxBatch) and decides them in order on the tournament's state itself,
// under the state's lock: each accepted decision's events are applied in
// place, with the positions they will have, before the next command is
// decided (each event is applied once; the state is not copied). It appends
// them with one AppendBatch, i.e. one synced write, at the predicted position
// (the store refuses the batch elsewhere, so a decision that copied a
// position of an earlier one, e.g. a correction's corrects_position, is
// exact). Only then is every command of the batch answered (ExecuteAsync: its
// `done` runs on the leader's thread), and reads wait for the lock, so no
// answer and no read is ahead of the log. A refused command is answered alone
// and the others go on. If the store refuses any of a batch (another writer
// moved the stream, or other streams took the predicted positions) or fails,
// the state is dropped and refolded from the log, so it always equals a fresh
// fold of the log; the rest is decided again on it. After two misses of the
// prediction the leader falls back to one command per append, whose events
// are applied once stored. The leading thread returns only when the queue is
// empty, so under sustained load one thread per busy tournament does the
// deciding.
class Ledger {
 public:
  // The most commands one append carries.
  static constexpr size_t kMaxBatch = 256;

  Ledger(store::EventLog& log, Clock& clock) : log_(log), clock_(clock) {}

  using Done = std::function<void(absl::StatusOr<CommandOutcome>)>;

  // Blocks until the command is decided and its events are durable.
  absl::StatusOr<CommandOutcome> Execute(const Command& command,
                                         const Caller& caller);
  // Runs `done` once the command is decided and its events durable, on this
  // thread or on the thread leading its tournament's batch; this thread
  // returns early when another leads, so a server thread is not held per
  // waiting command. `command.request` and what `decide` refers to must
  // live until `done` runs; `done` should be quick.
  void ExecuteAsync(Command command, Caller caller, Done done);

  // The tournament's state for a read: now, or as of `options.at_position`
  // (R7.5). NOT_FOUND if the tournament does not exist (at that position);
  // `options.min_position` as Readiness answers it (never waited for).
  absl::StatusOr<StateAt> Read(const std::string& tournament_id,
                               const v1::ReadOptions& options);

  // OK when a read with `min_position` may be answered: the ledger writes
  // the log, so every position a write answered is in it and any other is
  // beyond the head (OUT_OF_RANGE naming it), not something to wait for.
  absl::Status Readiness(uint64_t min_position) const;

  // The commands per append so far (for /metrics).
  const BatchSizes& batch_sizes() const { return batch_sizes_; }

 private:
  // One command waiting in its tournament's queue; owned by the queue, then
  // by the leader of its batch, who answers it.
  struct Pending {
    Command command;
    Caller caller;
    Done done;
    std::string fingerprint;
    size_t index = 0;  // in its batch
    absl::StatusOr<CommandOutcome> outcome = absl::UnknownError("not decided");
  };
  // A decided command: its append and its events (log fields as predicted
  // until the store answers).
  struct Decided {
    Pending* pending = nullptr;
    store::AppendRequest append = {};
    std::vector<v1::Event> events = {};
    // Its events are in the state already, at the predicted positions.
    bool applied_ahead = false;
  };
  // The commands one round decided, and whether the state holds part of a
  // decision whose events did not fold (then it is refolded in any case).
  struct Round {
    std::vector<Decided> decided;
    bool state_broken = false;
  };
  struct Tournament {
    absl::Mutex queue_mutex;
    std::deque<std::unique_ptr<Pending>> queue ABSL_GUARDED_BY(queue_mutex);
    bool leading ABSL_GUARDED_BY(queue_mutex) = false;
    // Held by a batch's leader while it decides and appends, and by reads.
    absl::Mutex mutex;
    TournamentState state ABSL_GUARDED_BY(mutex);
    // The copy reads share (ShareAtPosition); reads never see `state`
    // mid-batch, since the leader holds `mutex`.
    std::shared_ptr<const TournamentState> snapshot ABSL_GUARDED_BY(mutex);
  };

  // Decides and appends `batch` (in order) and sets every outcome.
  void RunBatch(const std::string& tournament_id, Tournament& tournament,
                const std::vector<Pending*>& batch)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(tournament.mutex);
  // One round of RunBatch: decides `todo` on `state`, applying the events of
  // each decision but the last in place at positions from `predicted`, and
  // answers the refused ones; those it leaves for later go to `later`.
  Round DecideRound(TournamentState& state, const std::vector<Pending*>& todo,
                    bool predict, uint64_t predicted,
                    std::vector<Pending*>& later);
  // The answer of an appended command; applies its events to `state` unless
  // null, clearing `state_is_log` if they do not fold.
  absl::StatusOr<CommandOutcome> RecordAppended(
      Decided& decided, const store::AppendResult& appended,
      TournamentState* state, bool& state_is_log);

  Tournament& Entry(const std::string& tournament_id);
  // Applies the stream's events after state.version(); with `up_to`, stops
  // before the first event past that global position.
  absl::Status CatchUp(const std::string& tournament_id, TournamentState& state,
                       uint64_t up_to = UINT64_MAX) const;
  absl::StatusOr<CommandOutcome> Replay(const Command& command,
                                        const std::string& fingerprint);
  absl::StatusOr<std::vector<v1::Event>> EventsAt(uint64_t first,
                                                  uint64_t last) const;

  store::EventLog& log_;
  Clock& clock_;
  EventStamper stamper_;
  BatchSizes batch_sizes_;
  absl::Mutex tournaments_mutex_;
  absl::flat_hash_map<std::string, std::unique_ptr<Tournament>> tournaments_
      ABSL_GUARDED_BY(tournaments_mutex_);
};

}  // namespace qiwang::ledger

#endif  // QIWANG_SERVICES_LEDGER_LEDGER_H_
