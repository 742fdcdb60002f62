// The write side of tournaments (DESIGN.md "Data flow"): turns a command into
// events through the pure Decide* rules and appends them to the tournament's
// stream in one atomic append, and answers reads from the state folded from
// that stream.
#ifndef QIWANG_SERVICES_LEDGER_LEDGER_H_
#define QIWANG_SERVICES_LEDGER_LEDGER_H_

#include <cstdint>
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

// A copy of a tournament's state and the log position it reflects.
struct StateAt {
  TournamentState state;
  uint64_t as_of_position = 0;
};

// Guarantees: commands on one tournament run one at a time (a lock per
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
class Ledger {
 public:
  Ledger(store::EventLog& log, Clock& clock) : log_(log), clock_(clock) {}

  absl::StatusOr<CommandOutcome> Execute(const Command& command,
                                         const Caller& caller);

  // The tournament's state for a read: now, after waiting (until `deadline`)
  // for `options.min_position` to be in the log, or as of
  // `options.at_position` (R7.5). NOT_FOUND if the tournament does not exist
  // (at that position).
  absl::StatusOr<StateAt> Read(const std::string& tournament_id,
                               const v1::ReadOptions& options,
                               absl::Time deadline);

 private:
  struct Tournament {
    absl::Mutex mutex;
    TournamentState state ABSL_GUARDED_BY(mutex);
  };

  Tournament& Entry(const std::string& tournament_id);
  // Applies the stream's events after state.version(); with `up_to`, stops
  // before the first event past that global position.
  absl::Status CatchUp(const std::string& tournament_id, TournamentState& state,
                       uint64_t up_to = UINT64_MAX) const;
  absl::StatusOr<CommandOutcome> Replay(const Command& command,
                                        const std::string& fingerprint);
  absl::StatusOr<std::vector<v1::Event>> EventsAt(uint64_t first,
                                                  uint64_t last) const;
  absl::Status WaitForPosition(uint64_t position, absl::Time deadline);

  store::EventLog& log_;
  Clock& clock_;
  EventStamper stamper_;
  absl::Mutex tournaments_mutex_;
  absl::flat_hash_map<std::string, std::unique_ptr<Tournament>> tournaments_
      ABSL_GUARDED_BY(tournaments_mutex_);
};

}  // namespace qiwang::ledger

#endif  // QIWANG_SERVICES_LEDGER_LEDGER_H_
