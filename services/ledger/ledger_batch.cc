// The batch step of Ledger::Execute (see "Batching" in ledger.h).
#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/deterministic_bytes.h"
#include "services/ledger/command_result.h"
#include "services/ledger/ledger.h"
#include "services/rules/tournament/refusal_names.h"

namespace qiwang::ledger {
namespace {

// Lost races (another writer of the stream, e.g. a second process) refold
// and decide again this many times before answering ABORTED.
constexpr int kMaxLostRaces = 5;
// After this many batches placed at a position other streams took first,
// the leader appends one command at a time (which needs no prediction).
constexpr int kMaxMispredictions = 2;

absl::Status StreamMoved(uint64_t expected, uint64_t now) {
  return absl::AbortedError(absl::StrCat("stream moved: paired on version ",
                                         expected, ", now ", now));
}

// A decision that changes nothing: nothing is appended and the command id is
// not recorded, so the answer is the state's version as a replay.
CommandOutcome NothingToAppend(const TournamentState& state) {
  CommandOutcome outcome;
  outcome.result.set_stream_version(state.version());
  outcome.result.set_replayed(true);
  return outcome;
}

// Fills the fields the log assigns, as a reader of the log would see them.
void SetLogFields(const std::string& stream, const std::string& command_id,
                  uint64_t first_position, uint64_t first_version,
                  std::vector<v1::Event>& events) {
  for (size_t i = 0; i < events.size(); ++i) {
    events[i].set_position(first_position + i);
    events[i].set_stream(stream);
    events[i].set_stream_version(first_version + i);
    events[i].set_command_id(command_id);
  }
}

}  // namespace

void Ledger::RunBatch(const std::string& tournament_id, Tournament& tournament,
                      const std::vector<Pending*>& batch) {
  TournamentState& state = tournament.state;
  std::vector<Pending*> todo = batch;
  int lost_races = 0;
  int mispredictions = 0;
  while (!todo.empty()) {
    if (lost_races == kMaxLostRaces) {
      for (Pending* pending : todo) {
        pending->outcome = absl::AbortedError(absl::StrCat(
            "tournament ", tournament_id, ": the stream kept moving under ",
            kMaxLostRaces, " attempts; retry with the same command_id"));
      }
      return;
    }
    if (absl::Status caught_up = CatchUp(tournament_id, state);
        !caught_up.ok()) {
      for (Pending* pending : todo) pending->outcome = caught_up;
      return;
    }
    const bool predict = mispredictions < kMaxMispredictions;
    const uint64_t predicted = log_.LastPosition() + 1;
    std::vector<Pending*> later;
    Round round = DecideRound(state, todo, predict, predicted, later);
    std::vector<Decided>& decided = round.decided;
    std::vector<store::AppendRequest> appends;
    for (Decided& one : decided) appends.push_back(std::move(one.append));
    store::BatchOptions options;
    if (decided.size() > 1) options.at_position = predicted;
    std::vector<absl::StatusOr<store::AppendResult>> appended =
        appends.empty() ? std::vector<absl::StatusOr<store::AppendResult>>()
                        : log_.AppendBatch(appends, options);
    if (!appends.empty()) batch_sizes_.Record(appends.size());
    // Whether `state` is still the fold of the log; if not, the next round
    // (or the next command) refolds it.
    bool state_is_log = !round.state_broken;
    // A batch placed at a position other streams took first: the log answers
    // every request FAILED_PRECONDITION and writes none. One request refused
    // on its own (e.g. by the sealing log) is that request's answer.
    const bool batch_missed =
        options.at_position.has_value() && !appended.empty() &&
        std::all_of(appended.begin(), appended.end(),
                    [](const absl::StatusOr<store::AppendResult>& result) {
                      return absl::IsFailedPrecondition(result.status());
                    });
    bool lost = false;
    bool missed = false;
    for (size_t i = 0; i < decided.size(); ++i) {
      Decided& one = decided[i];
      Pending* pending = one.pending;
      one.append = std::move(appends[i]);
      const absl::StatusOr<store::AppendResult>& result = appended[i];
      const bool landed_as_decided =
          result.ok() && !result->replayed &&
          result->first_position == one.events.front().position();
      if (one.applied_ahead && !landed_as_decided) state_is_log = false;
      if (result.ok() && result->replayed) {
        pending->outcome = Replay(pending->command, pending->fingerprint);
      } else if (result.ok()) {
        const bool apply = state_is_log && !one.applied_ahead;
        pending->outcome = RecordAppended(
            one, *result, apply ? &state : nullptr, state_is_log);
      } else if (absl::IsAborted(result.status())) {
        lost = true;
        later.push_back(pending);
      } else if (batch_missed) {
        missed = true;
        later.push_back(pending);
      } else {
        // The outcome on disk is unknown: refold before the next decision.
        pending->outcome = result.status();
        state_is_log = false;
      }
    }
    if (!state_is_log) state = TournamentState();
    lost_races += lost ? 1 : 0;
    mispredictions += missed ? 1 : 0;
    std::sort(
        later.begin(), later.end(),
        [](const Pending* a, const Pending* b) { return a->index < b->index; });
    todo = std::move(later);
  }
}

Ledger::Round Ledger::DecideRound(TournamentState& state,
                                  const std::vector<Pending*>& todo,
                                  bool predict, uint64_t predicted,
                                  std::vector<Pending*>& later) {
  Round round;
  absl::flat_hash_set<std::string> ids;
  uint64_t next_position = predicted;
  for (size_t i = 0; i < todo.size(); ++i) {
    Pending* pending = todo[i];
    const Command& command = pending->command;
    if ((!predict && !round.decided.empty()) ||
        ids.contains(command.command_id)) {
      later.push_back(pending);  // e.g. a retry of a command in this batch
      continue;
    }
    // A concurrent retry of the same command may have landed while this one
    // waited: it answers as a replay, not as a second decision.
    absl::StatusOr<std::optional<store::AppendResult>> original =
        log_.LookupCommand(command.command_id);
    if (!original.ok()) {
      pending->outcome = original.status();
      continue;
    }
    if (original->has_value()) {
      pending->outcome = Replay(command, pending->fingerprint);
      continue;
    }
    if (command.expected_version.has_value() &&
        *command.expected_version != state.version()) {
      pending->outcome =
          StreamMoved(*command.expected_version, state.version());
      continue;
    }
    const absl::Time now = clock_.Now();
    absl::StatusOr<rules::tournament::Events> events = command.decide(
        state, {now, pending->caller.role, pending->caller.user});
    if (!events.ok()) {
      pending->outcome =
          rules::tournament::NameRefusalSection(events.status(), state);
      continue;
    }
    if (events->empty()) {
      pending->outcome = NothingToAppend(state);
      continue;
    }
    v1::Actor actor;
    actor.set_user(pending->caller.user);
    actor.set_role(std::string(rules::RoleName(pending->caller.role)));
    Decided one{.pending = pending, .events = *std::move(events)};
    one.append.stream = command.tournament_id;
    one.append.expected = store::ExpectedVersion::Exact(state.version());
    one.append.command_id = command.command_id;
    one.append.fingerprint = pending->fingerprint;
    one.append.bulk = command.bulk_append;
    for (v1::Event& event : one.events) {
      stamper_.Stamp(event, actor, now);
      one.append.events.push_back(base::SerializeDeterministically(event));
    }
    SetLogFields(command.tournament_id, command.command_id, next_position,
                 state.version() + 1, one.events);
    const bool last = i + 1 == todo.size();
    if (predict && !last) {
      // The next decision sees these events, applied in place as the log
      // will hold them if the batch lands where predicted.
      for (const v1::Event& event : one.events) {
        if (absl::Status applied = state.Apply(event); !applied.ok()) {
          pending->outcome = absl::InternalError(absl::StrCat(
              "command ", command.command_id,
              ": decided events do not fold: ", applied.message()));
          round.state_broken = true;
          later.insert(later.end(), todo.begin() + i + 1, todo.end());
          return round;
        }
      }
      one.applied_ahead = true;
      next_position += one.events.size();
    }
    ids.insert(command.command_id);
    round.decided.push_back(std::move(one));
  }
  return round;
}

absl::StatusOr<CommandOutcome> Ledger::RecordAppended(
    Decided& decided, const store::AppendResult& appended,
    TournamentState* state, bool& state_is_log) {
  CommandOutcome outcome{ToCommandResult(appended), std::move(decided.events)};
  SetLogFields(
      decided.append.stream, decided.append.command_id, appended.first_position,
      appended.stream_version + 1 - outcome.events.size(), outcome.events);
  if (state == nullptr) return outcome;
  for (const v1::Event& event : outcome.events) {
    if (!state->Apply(event).ok()) {
      // The log holds the events; the next command refolds from it.
      state_is_log = false;
      break;
    }
  }
  return outcome;
}

}  // namespace qiwang::ledger
