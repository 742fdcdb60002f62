#include "services/ledger/ledger.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "services/ledger/deterministic_bytes.h"
#include "services/ledger/event_from_record.h"
#include "store/annotated_lock.h"

namespace qiwang::ledger {
namespace {

// Lost races (another writer of the stream, e.g. a second process) refold
// and decide again this many times before answering ABORTED.
constexpr int kMaxAttempts = 5;
constexpr size_t kReadBatch = 1000;

v1::CommandResult ToCommandResult(const store::AppendResult& appended) {
  v1::CommandResult result;
  result.set_first_position(appended.first_position);
  result.set_last_position(appended.last_position);
  result.set_stream_version(appended.stream_version);
  result.set_replayed(appended.replayed);
  return result;
}

absl::Status ValidateCommand(const Command& command) {
  if (command.command_id.empty()) {
    return absl::InvalidArgumentError(
        "command_id: required (an idempotency key; a retry reuses it)");
  }
  if (command.tournament_id.empty()) {
    return absl::InvalidArgumentError(
        "tournament_id: required (config.id when creating)");
  }
  if (absl::StartsWith(command.tournament_id, kNotesStreamPrefix)) {
    return absl::InvalidArgumentError(
        absl::StrCat("tournament_id: '", kNotesStreamPrefix,
                     "' streams hold log notes, not tournaments"));
  }
  return absl::OkStatus();
}

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

}  // namespace

absl::StatusOr<CommandOutcome> Ledger::Execute(const Command& command,
                                               const Caller& caller) {
  if (absl::Status valid = ValidateCommand(command); !valid.ok()) return valid;
  const std::string fingerprint = absl::StrCat(
      command.method, "\n", SerializeDeterministically(*command.request));
  absl::StatusOr<std::optional<store::AppendResult>> original =
      log_.LookupCommand(command.command_id);
  if (!original.ok()) return original.status();
  if (original->has_value()) return Replay(command, fingerprint);

  v1::Actor actor;
  actor.set_user(caller.user);
  actor.set_role(std::string(rules::RoleName(caller.role)));
  Tournament& tournament = Entry(command.tournament_id);
  store::AnnotatedLock lock(&tournament.mutex);
  // A concurrent retry of the same command may have landed while this one
  // waited for the lock: it answers as a replay, not as a second decision.
  original = log_.LookupCommand(command.command_id);
  if (!original.ok()) return original.status();
  if (original->has_value()) return Replay(command, fingerprint);
  TournamentState& state = tournament.state;
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    if (absl::Status caught_up = CatchUp(command.tournament_id, state);
        !caught_up.ok()) {
      return caught_up;
    }
    if (command.expected_version.has_value() &&
        *command.expected_version != state.version()) {
      return StreamMoved(*command.expected_version, state.version());
    }
    const absl::Time now = clock_.Now();
    absl::StatusOr<rules::tournament::Events> events =
        command.decide(state, {now, caller.role});
    if (!events.ok()) return events.status();
    if (events->empty()) return NothingToAppend(state);
    store::AppendRequest append;
    append.stream = command.tournament_id;
    append.expected = store::ExpectedVersion::Exact(state.version());
    append.command_id = command.command_id;
    append.fingerprint = fingerprint;
    for (v1::Event& event : *events) {
      stamper_.Stamp(event, actor, now);
      append.events.push_back(SerializeDeterministically(event));
    }
    absl::StatusOr<store::AppendResult> appended = log_.Append(append);
    if (absl::IsAborted(appended.status())) continue;
    if (!appended.ok()) return appended.status();
    if (appended->replayed) return Replay(command, fingerprint);

    CommandOutcome outcome{ToCommandResult(*appended), *std::move(events)};
    for (size_t i = 0; i < outcome.events.size(); ++i) {
      v1::Event& event = outcome.events[i];
      event.set_position(appended->first_position + i);
      event.set_stream(command.tournament_id);
      event.set_stream_version(state.version() + 1);
      event.set_command_id(command.command_id);
      if (!state.Apply(event).ok()) {
        // The log holds the events; the next command refolds from it.
        state = TournamentState();
        break;
      }
    }
    return outcome;
  }
  return absl::AbortedError(absl::StrCat(
      "tournament ", command.tournament_id, ": the stream kept moving under ",
      kMaxAttempts, " attempts; retry with the same command_id"));
}

absl::StatusOr<CommandOutcome> Ledger::Replay(const Command& command,
                                              const std::string& fingerprint) {
  // The store answers a known command id from its index, writing nothing:
  // the original positions, or ALREADY_EXISTS for other content.
  store::AppendRequest append;
  append.stream = command.tournament_id;
  append.expected = store::ExpectedVersion::Any();
  append.command_id = command.command_id;
  append.fingerprint = fingerprint;
  append.events.push_back(std::string());
  absl::StatusOr<store::AppendResult> original = log_.Append(append);
  if (!original.ok()) return original.status();
  if (!original->replayed) {
    return absl::InternalError(absl::StrCat("command_id ", command.command_id,
                                            ": known but not replayed"));
  }
  absl::StatusOr<std::vector<v1::Event>> events =
      EventsAt(original->first_position, original->last_position);
  if (!events.ok()) return events.status();
  return CommandOutcome{ToCommandResult(*original), *std::move(events)};
}

absl::StatusOr<std::vector<v1::Event>> Ledger::EventsAt(uint64_t first,
                                                        uint64_t last) const {
  store::ReadRequest request;
  request.from = first;
  request.limit = last - first + 1;
  absl::StatusOr<std::vector<store::Record>> records = log_.Read(request);
  if (!records.ok()) return records.status();
  std::vector<v1::Event> events;
  for (const store::Record& record : *records) {
    absl::StatusOr<v1::Event> event = EventFromRecord(record);
    if (!event.ok()) return event.status();
    events.push_back(*std::move(event));
  }
  return events;
}

Ledger::Tournament& Ledger::Entry(const std::string& tournament_id) {
  store::AnnotatedLock lock(&tournaments_mutex_);
  std::unique_ptr<Tournament>& entry = tournaments_[tournament_id];
  if (entry == nullptr) entry = std::make_unique<Tournament>();
  return *entry;
}

absl::Status Ledger::CatchUp(const std::string& tournament_id,
                             TournamentState& state, uint64_t up_to) const {
  while (true) {
    store::ReadRequest request;
    request.stream = tournament_id;
    request.from = state.version() + 1;
    request.limit = kReadBatch;
    absl::StatusOr<std::vector<store::Record>> records = log_.Read(request);
    if (!records.ok()) return records.status();
    for (const store::Record& record : *records) {
      if (record.position > up_to) return absl::OkStatus();
      absl::StatusOr<v1::Event> event = EventFromRecord(record);
      if (!event.ok()) return event.status();
      if (absl::Status applied = state.Apply(*event); !applied.ok()) {
        return absl::DataLossError(absl::StrCat(
            "tournament ", tournament_id, ": the event at position ",
            record.position, " does not fold: ", applied.message()));
      }
    }
    if (records->size() < kReadBatch) return absl::OkStatus();
  }
}

absl::StatusOr<StateAt> Ledger::Read(const std::string& tournament_id,
                                     const v1::ReadOptions& options,
                                     absl::Time deadline) {
  if (tournament_id.empty()) {
    return absl::InvalidArgumentError("tournament_id: required");
  }
  if (options.min_position() > 0) {
    if (absl::Status reached =
            WaitForPosition(options.min_position(), deadline);
        !reached.ok()) {
      return reached;
    }
  }
  StateAt answer;
  if (options.at_position() > 0) {
    const uint64_t last = log_.LastPosition();
    if (options.at_position() > last) {
      return absl::OutOfRangeError(
          absl::StrCat("read.at_position: ", options.at_position(),
                       " is beyond the log's last position ", last));
    }
    if (absl::Status folded =
            CatchUp(tournament_id, answer.state, options.at_position());
        !folded.ok()) {
      return folded;
    }
    answer.as_of_position = options.at_position();
  } else {
    const uint64_t observed = log_.LastPosition();
    // Unknown ids get no cache entry, so reads cannot grow the cache.
    absl::StatusOr<uint64_t> version = log_.StreamVersion(tournament_id);
    if (!version.ok()) return version.status();
    if (*version == 0) {
      return absl::NotFoundError(
          absl::StrCat("tournament ", tournament_id, ": not found"));
    }
    Tournament& tournament = Entry(tournament_id);
    store::AnnotatedLock lock(&tournament.mutex);
    if (absl::Status caught_up = CatchUp(tournament_id, tournament.state);
        !caught_up.ok()) {
      return caught_up;
    }
    answer.state = tournament.state;
    answer.as_of_position = std::max(observed, answer.state.position());
  }
  if (!answer.state.exists()) {
    return absl::NotFoundError(
        absl::StrCat("tournament ", tournament_id, ": not found"));
  }
  return answer;
}

absl::Status Ledger::WaitForPosition(uint64_t position, absl::Time deadline) {
  if (log_.LastPosition() >= position) return absl::OkStatus();
  std::unique_ptr<store::Subscription> subscription = log_.Subscribe(position);
  while (true) {
    absl::StatusOr<store::Subscription::Item> item =
        subscription->Next(deadline);
    if (absl::IsDeadlineExceeded(item.status())) {
      return absl::DeadlineExceededError(
          absl::StrCat("read.min_position: position ", position,
                       " not reached before the deadline (log at ",
                       log_.LastPosition(), ")"));
    }
    if (!item.ok()) return item.status();
    const uint64_t reached =
        item->kind == store::Subscription::Item::Kind::kEvent
            ? item->record.position
            : item->position;
    if (reached >= position) return absl::OkStatus();
  }
}

}  // namespace qiwang::ledger
