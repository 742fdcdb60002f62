#include "services/ledger/ledger.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/annotated_lock.h"
#include "base/annotated_notification.h"
#include "base/deterministic_bytes.h"
#include "services/events/event_from_record.h"
#include "services/events/stream_fold.h"
#include "services/ledger/command_result.h"
#include "services/rules/tournament/shared_state.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::ledger {
namespace {

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

}  // namespace

absl::StatusOr<CommandOutcome> Ledger::Execute(const Command& command,
                                               const Caller& caller) {
  base::AnnotatedNotification answered;
  absl::StatusOr<CommandOutcome> outcome;
  ExecuteAsync(command, caller,
               [&answered, &outcome](absl::StatusOr<CommandOutcome> result) {
                 outcome = std::move(result);
                 answered.Notify();
               });
  answered.WaitForNotification();
  return outcome;
}

void Ledger::ExecuteAsync(Command command, Caller caller, Done done) {
  if (absl::Status valid = ValidateCommand(command); !valid.ok()) {
    done(valid);
    return;
  }
  std::string fingerprint = absl::StrCat(
      command.method, "\n", base::SerializeDeterministically(*command.request));
  absl::StatusOr<std::optional<store::AppendResult>> original =
      log_.LookupCommand(command.command_id);
  if (!original.ok()) {
    done(original.status());
    return;
  }
  if (original->has_value()) {
    done(Replay(command, fingerprint));
    return;
  }
  Tournament& tournament = Entry(command.tournament_id);
  const std::string tournament_id = command.tournament_id;
  {
    base::AnnotatedLock lock(&tournament.queue_mutex);
    tournament.queue.push_back(std::make_unique<Pending>(
        Pending{.command = std::move(command),
                .caller = std::move(caller),
                .done = std::move(done),
                .fingerprint = std::move(fingerprint)}));
    if (tournament.leading) return;
    tournament.leading = true;
  }
  while (true) {
    std::vector<std::unique_ptr<Pending>> owned;
    {
      base::AnnotatedLock lock(&tournament.queue_mutex);
      if (tournament.queue.empty()) {
        tournament.leading = false;
        return;
      }
      while (!tournament.queue.empty() && owned.size() < kMaxBatch) {
        owned.push_back(std::move(tournament.queue.front()));
        tournament.queue.pop_front();
      }
    }
    std::vector<Pending*> batch;
    for (std::unique_ptr<Pending>& pending : owned) {
      pending->index = batch.size();
      batch.push_back(pending.get());
    }
    {
      base::AnnotatedLock lock(&tournament.mutex);
      RunBatch(tournament_id, tournament, batch);
    }
    for (std::unique_ptr<Pending>& pending : owned) {
      pending->done(std::move(pending->outcome));
    }
  }
}

absl::StatusOr<CommandOutcome> Ledger::Replay(const Command& command,
                                              const std::string& fingerprint) {
  // The store answers a known command id from its index: the original
  // positions, or ALREADY_EXISTS for other content.
  store::AppendRequest retry;
  retry.stream = command.tournament_id;
  retry.command_id = command.command_id;
  retry.fingerprint = fingerprint;
  absl::StatusOr<store::AppendResult> original = log_.LookupRetry(retry);
  if (!original.ok()) return original.status();
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
    absl::StatusOr<v1::Event> event = events::EventFromRecord(record);
    if (!event.ok()) return event.status();
    events.push_back(*std::move(event));
  }
  return events;
}

Ledger::Tournament& Ledger::Entry(const std::string& tournament_id) {
  base::AnnotatedLock lock(&tournaments_mutex_);
  std::unique_ptr<Tournament>& entry = tournaments_[tournament_id];
  if (entry == nullptr) entry = std::make_unique<Tournament>();
  return *entry;
}

absl::Status Ledger::CatchUp(const std::string& tournament_id,
                             TournamentState& state, uint64_t up_to) const {
  return events::FoldStream(log_, tournament_id, up_to, state);
}

absl::StatusOr<StateAt> Ledger::Read(const std::string& tournament_id,
                                     const v1::ReadOptions& options) {
  if (tournament_id.empty()) {
    return rules::tournament::RequiredFieldError("tournament_id");
  }
  if (absl::Status ready = Readiness(options.min_position()); !ready.ok()) {
    return ready;
  }
  StateAt answer;
  if (options.at_position() > 0) {
    const uint64_t last = log_.LastPosition();
    if (options.at_position() > last) {
      return absl::OutOfRangeError(
          absl::StrCat("read.at_position: ", options.at_position(),
                       " is beyond the log's last position ", last));
    }
    auto past = std::make_shared<TournamentState>();
    if (absl::Status folded =
            CatchUp(tournament_id, *past, options.at_position());
        !folded.ok()) {
      return folded;
    }
    answer.state = std::move(past);
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
    base::AnnotatedLock lock(&tournament.mutex);
    if (absl::Status caught_up = CatchUp(tournament_id, tournament.state);
        !caught_up.ok()) {
      return caught_up;
    }
    answer.state = rules::tournament::ShareAtPosition(tournament.state,
                                                      tournament.snapshot);
    answer.as_of_position = std::max(observed, answer.state->position());
  }
  if (!answer.state->exists()) {
    return absl::NotFoundError(
        absl::StrCat("tournament ", tournament_id, ": not found"));
  }
  return answer;
}

absl::Status Ledger::Readiness(uint64_t min_position) const {
  const uint64_t head = log_.LastPosition();
  if (min_position <= head) return absl::OkStatus();
  return absl::OutOfRangeError(
      absl::StrCat("read.min_position: ", min_position,
                   " is beyond the log's last position ", head,
                   "; a write's answer gives a position to wait for"));
}

}  // namespace qiwang::ledger
