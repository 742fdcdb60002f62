#include "services/audit/what_if.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/timestamp.h"
#include "services/audit/ranking_diff.h"
#include "services/audit/ruling_view.h"
#include "services/audit/world.h"
#include "services/reports/event_summary.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/decide_ruling.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::audit {
namespace {

using rules::tournament::AppealEntry;
using rules::tournament::RulingRef;
using rules::tournament::TournamentState;

constexpr char kWhatIf[] = "what-if";

std::string Summary(const TournamentState& state, const v1::Event* event) {
  return event == nullptr ? std::string()
                          : exports::SummarizeEvent(*event, state).en;
}

// A committee member's name that no ruling's actor has (R9.3 would refuse
// the decision of the official who made the ruling).
std::string UninvolvedUser(const TournamentState& state) {
  std::string user = kWhatIf;
  while (std::any_of(state.rulings().begin(), state.rulings().end(),
                     [&user](const RulingRef& ruling) {
                       return ruling.actor.user() == user;
                     })) {
    user += "'";
  }
  return user;
}

// The decision DecideAppeal would record for `remedy`, applied to `world`;
// answers the decision event.
absl::StatusOr<v1::Event> DecideHypothesis(World& world, int appeal_number,
                                           const v1::Remedy& remedy,
                                           const StreamIndex& stream) {
  v1::DecideAppealRequest request;
  request.set_command_id(kWhatIf);
  request.set_tournament_id(world.state.config().id());
  request.set_appeal_number(appeal_number);
  request.set_decision(v1::APPEAL_DECISION_UPHELD);
  *request.mutable_remedy() = remedy;
  request.mutable_votes()->set_uphold(1);
  request.set_reasoning(kWhatIf);
  const absl::Time now =
      stream.events().empty()
          ? absl::UnixEpoch()
          : base::FromTimestamp(stream.events().back().server_time());
  const rules::tournament::CommandContext context{
      .now = now,
      .role = rules::Role::kArbitrationCommittee,
      .user = UninvolvedUser(world.state)};
  absl::StatusOr<rules::tournament::Events> events =
      rules::tournament::DecideAppealDecision(world.state, request, context);
  if (!events.ok()) return events.status();
  v1::Event decision;
  for (v1::Event& event : *events) {
    event.set_stream(world.state.config().id());
    event.set_event_id(kWhatIf);
    event.mutable_actor()->set_user(context.user);
    event.mutable_actor()->set_role("arbitration_committee");
    if (!stream.events().empty()) {
      *event.mutable_server_time() = stream.events().back().server_time();
    }
    if (absl::Status applied = ApplyNext(world, event); !applied.ok()) {
      return absl::InternalError(
          absl::StrCat("appeal ", appeal_number,
                       ": the decision DecideAppeal allows does not fold: ",
                       applied.message()));
    }
    if (event.has_appeal_decided()) decision = std::move(event);
  }
  return decision;
}

}  // namespace

absl::Status CheckWhatIf(const v1::WhatIfRequest& request) {
  switch (request.subject_case()) {
    case v1::WhatIfRequest::kRulingId:
      if (request.ruling_id().empty()) {
        return rules::tournament::RequiredFieldError("ruling_id");
      }
      return absl::OkStatus();
    case v1::WhatIfRequest::kAppeal:
      if (request.appeal().appeal_number() < 1) {
        return absl::InvalidArgumentError(
            absl::StrCat("appeal.appeal_number: appeals are numbered from 1, "
                         "not ",
                         request.appeal().appeal_number()));
      }
      if (!v1::RemedyKind_IsValid(request.appeal().remedy().kind())) {
        return absl::InvalidArgumentError(
            absl::StrCat("appeal.remedy.kind: unknown remedy kind ",
                         request.appeal().remedy().kind()));
      }
      return absl::OkStatus();
    default:
      return absl::InvalidArgumentError(
          "subject: required (ruling_id, or appeal with its appeal_number)");
  }
}

absl::StatusOr<v1::WhatIfResponse> WhatIfWithoutRuling(
    const TournamentState& state, const StreamIndex& stream,
    const std::string& ruling_id) {
  absl::StatusOr<const RulingRef*> found = FindRuling(state, ruling_id);
  if (!found.ok()) return found.status();
  const RulingRef* ruling = *found;
  World without = FoldWithout(stream.events(), {ruling_id});
  absl::StatusOr<std::vector<v1::RankingDiff>> diffs =
      DiffRankings(without.state, state, ruling->player_ids);
  if (!diffs.ok()) return diffs.status();
  v1::WhatIfResponse response;
  response.set_description(absl::StrCat("without ruling ", ruling_id, " (",
                                        Summary(state, stream.ById(ruling_id)),
                                        ") versus with it"));
  for (v1::RankingDiff& diff : *diffs)
    *response.add_rankings() = std::move(diff);
  for (std::string& id : without.skipped_event_ids) {
    response.add_skipped_event_ids(std::move(id));
  }
  return response;
}

absl::StatusOr<v1::WhatIfResponse> WhatIfAppeal(
    const TournamentState& state, const StreamIndex& stream,
    const v1::AppealHypothesis& hypothesis) {
  const int number = hypothesis.appeal_number();
  const AppealEntry* appeal = state.FindAppeal(number);
  if (appeal == nullptr) {
    return absl::NotFoundError(absl::StrCat(
        "appeal.appeal_number: no appeal ", number, " in tournament '",
        state.config().id(), "' (", state.appeals().size(), " filed)"));
  }
  const RulingRef* ruling = state.FindRuling(appeal->filed.ruling_id());
  if (ruling == nullptr) {
    return absl::InternalError(
        absl::StrCat("appeal ", number, " names no ruling of the fold"));
  }
  const bool decided = appeal->status != v1::APPEAL_STATUS_PENDING;
  const v1::Event* recorded =
      decided ? stream.AtPosition(appeal->decided_position) : nullptr;
  absl::flat_hash_set<std::string> left_out;
  if (recorded != nullptr) left_out.insert(recorded->event_id());
  World dismissed = FoldWithout(stream.events(), left_out);

  World upheld;
  const TournamentState* upheld_state = &state;
  std::string decision;
  if (hypothesis.has_remedy()) {
    upheld = dismissed;
    absl::StatusOr<v1::Event> event =
        DecideHypothesis(upheld, number, hypothesis.remedy(), stream);
    if (!event.ok()) return event.status();
    upheld_state = &upheld.state;
    decision = Summary(upheld.state, &*event);
  } else if (appeal->status != v1::APPEAL_STATUS_UPHELD) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal.remedy: appeal ", number,
                     decided ? " was dismissed" : " is pending",
                     "; give the remedy to compare it upheld"));
  } else {
    decision = Summary(state, recorded);
  }
  absl::StatusOr<std::vector<v1::RankingDiff>> diffs =
      DiffRankings(dismissed.state, *upheld_state, ruling->player_ids);
  if (!diffs.ok()) return diffs.status();
  v1::WhatIfResponse response;
  response.set_description(
      absl::StrCat(decision, " versus dismissed (ruling ", ruling->ruling_id,
                   ": ", Summary(state, stream.ById(ruling->ruling_id)), ")"));
  for (v1::RankingDiff& diff : *diffs)
    *response.add_rankings() = std::move(diff);
  for (std::string& id : dismissed.skipped_event_ids) {
    response.add_skipped_event_ids(std::move(id));
  }
  return response;
}

}  // namespace qiwang::audit
