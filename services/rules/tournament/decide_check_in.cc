// The check-in decisions (R4.2, R4.3) and the substitutes they set off (R3.3).
#include <algorithm>
#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "base/timestamp.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/check_in.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/person.h"
#include "services/rules/tournament/rounds.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

std::string Name(const PlayerEntry& player) {
  return absl::StrCat("player ", player.id(), " (", player.person().name(),
                      ")");
}

// `status` naming its refusal `kind` about `player` (player, name).
absl::Status RefusalAbout(absl::Status status, absl::string_view kind,
                          const PlayerEntry& player) {
  return base::WithRefusal(std::move(status), kind,
                           {{"player", absl::StrCat(player.id())},
                            {"name", player.person().name()}});
}

// R4.4: `player` is withdrawn; `what` ends the message.
absl::Status RefuseWithdrawn(const PlayerEntry& player,
                             absl::string_view what) {
  return base::WithRefusalValue(
      RefusalAbout(absl::FailedPreconditionError(
                       absl::StrCat("R4.4: ", Name(player), what)),
                   base::refusal::kPlayerWithdrawn, player),
      "from_round", absl::StrCat(player.withdrawal.from_round()));
}

absl::Status CheckWindow(const TournamentState& state,
                         const PlayerEntry& player, absl::Time now) {
  if (state.check_in_closed()) {
    if (player.registered_after_close) return absl::OkStatus();
    return RefusalAbout(absl::FailedPreconditionError(absl::StrCat(
                            "R4.3: check-in is closed; ", Name(player),
                            " did not check in by its end")),
                        base::refusal::kNotCheckedInByClose, player);
  }
  if (!CheckInWindowOpen(state.config(), now)) {
    const absl::TimeZone& zone = state.time_zone();
    const std::string at = FormatInstant(now, zone);
    return base::WithRefusal(
        absl::FailedPreconditionError(absl::StrCat(
            "R4.2: check-in is open ",
            DescribeCheckInWindow(state.config(), zone), "; now is ", at)),
        base::refusal::kCheckInNotOpen,
        {{"opens",
          FormatInstant(base::FromTimestamp(state.config().check_in().opens()),
                        zone)},
         {"closes",
          FormatInstant(base::FromTimestamp(state.config().check_in().closes()),
                        zone)},
         {"now", at}});
  }
  return absl::OkStatus();
}

// The invitations R3.3 makes for the no-shows `withdrawn`, in their order:
// each goes to the next-ranked person of the vacated station who is neither
// a qualifier, nor registered, nor invited before (this batch included).
std::vector<v1::SubstituteInvited> InviteSubstitutes(
    const TournamentState& state,
    const std::vector<const PlayerEntry*>& withdrawn) {
  std::vector<v1::SubstituteInvited> invitations;
  auto taken = [&](const v1::Person& person) {
    if (state.FindRegistered(person) != nullptr ||
        state.FindInvitation(person) != nullptr) {
      return true;
    }
    return absl::c_any_of(invitations, [&](const v1::SubstituteInvited& i) {
      return SamePerson(i.person(), person);
    });
  };
  for (const PlayerEntry* player : withdrawn) {
    const std::string& station_id =
        player->registration.qualifying_station_id();
    for (const v1::StationResultsRecorded& station : state.stations()) {
      if (station.station().id() != station_id) continue;
      std::optional<v1::SubstituteInvited> next =
          NextSubstitute(station, state.qualification(), taken);
      if (next) {
        next->set_replaces_player_id(player->id());
        invitations.push_back(*std::move(next));
      }
    }
  }
  return invitations;
}

}  // namespace

absl::StatusOr<Events> DecideCheckIn(const TournamentState& state,
                                     const v1::CheckInPlayerRequest& command,
                                     const CommandContext& context) {
  absl::StatusOr<const PlayerEntry*> player =
      RequirePlayer(state, command.tournament_id(), command.player_id());
  if (!player.ok()) return player.status();
  std::vector<v1::CheckInDocument> seen;
  for (int i = 0; i < command.documents_size(); ++i) {
    const v1::CheckInDocument document = command.documents(i);
    if (document == v1::CHECK_IN_DOCUMENT_UNSPECIFIED ||
        !v1::CheckInDocument_IsValid(document)) {
      return absl::InvalidArgumentError(
          absl::StrCat("documents[", i, "]: unspecified"));
    }
    seen.push_back(document);
  }
  if ((*player)->status == v1::PLAYER_STATUS_WITHDRAWN) {
    return RefuseWithdrawn(**player, " is withdrawn");
  }
  if ((*player)->status == v1::PLAYER_STATUS_CHECKED_IN) {
    return RefusalAbout(
        absl::FailedPreconditionError(
            absl::StrCat("R4.2: ", Name(**player), " has already checked in")),
        base::refusal::kAlreadyCheckedIn, **player);
  }
  QIWANG_RETURN_IF_ERROR(CheckWindow(state, **player, context.now));

  std::vector<std::string> missing;
  std::vector<std::string> missing_values;
  for (v1::CheckInDocument required : RequiredDocuments(
           state.config(), state.time_zone(), (*player)->registration)) {
    if (!absl::c_linear_search(seen, required)) {
      missing.push_back(DocumentName(required));
      missing_values.push_back(v1::CheckInDocument_Name(required));
    }
  }
  if (!missing.empty()) {
    return base::WithRefusalValue(
        RefusalAbout(absl::FailedPreconditionError(absl::StrCat(
                         "R4.2: ", Name(**player),
                         " lacks: ", absl::StrJoin(missing, ", "))),
                     base::refusal::kDocumentsMissing, **player),
        "missing", absl::StrJoin(missing_values, ","));
  }
  absl::c_sort(seen);
  seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
  v1::Event event;
  v1::PlayerCheckedIn& checked_in = *event.mutable_player_checked_in();
  checked_in.set_player_id(command.player_id());
  for (v1::CheckInDocument document : seen) checked_in.add_documents(document);
  return Events{std::move(event)};
}

absl::StatusOr<Events> DecideExcuse(const TournamentState& state,
                                    const v1::ExcuseAbsenceRequest& command,
                                    const CommandContext& /*context*/) {
  absl::StatusOr<const PlayerEntry*> player =
      RequirePlayer(state, command.tournament_id(), command.player_id());
  if (!player.ok()) return player.status();
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.note(), true, "note", kMaxReasonBytes));
  if (state.check_in_closed()) {
    return base::WithRefusal(
        absl::FailedPreconditionError(
            "R4.3: check-in is closed; an absence is excused before it "
            "closes"),
        base::refusal::kCheckInAlreadyClosed, {});
  }
  if ((*player)->status != v1::PLAYER_STATUS_REGISTERED) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R4.3: ", Name(**player), " is ",
        v1::PlayerStatus_Name((*player)->status), ", not awaiting check-in"));
  }
  v1::Event event = EventWithReason(command.note());
  v1::AbsenceExcused& excused = *event.mutable_absence_excused();
  excused.set_player_id(command.player_id());
  excused.set_note(command.note());
  return Events{std::move(event)};
}

absl::StatusOr<Events> DecideCloseCheckIn(
    const TournamentState& state, const v1::CloseCheckInRequest& command,
    const CommandContext& context) {
  QIWANG_RETURN_IF_ERROR(RequireTournament(state, command.tournament_id()));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), false, "reason", kMaxReasonBytes));
  if (context.role != Role::kChiefArbiter) {
    const std::string role(RoleName(context.role));
    return base::WithRefusal(
        absl::PermissionDeniedError(absl::StrCat(
            "R4.3: closing check-in is the chief arbiter's, not the ", role,
            "'s")),
        base::refusal::kCloseCheckInIsTheChiefs, {{"role", role}});
  }
  if (state.check_in_closed()) {
    return base::WithRefusal(
        absl::FailedPreconditionError("R4.3: check-in is already closed"),
        base::refusal::kCheckInAlreadyClosed, {});
  }
  const absl::Time closes =
      base::FromTimestamp(state.config().check_in().closes());
  if (context.now < closes) {
    const std::string ends = FormatInstant(closes, state.time_zone());
    return base::WithRefusal(
        absl::FailedPreconditionError(absl::StrCat(
            "R4.3: check-in cannot close before its window ends at ", ends)),
        base::refusal::kCheckInWindowNotOver, {{"closes", ends}});
  }

  Events events = {EventWithReason(command.reason())};
  events.front().mutable_check_in_closed();
  const std::string why =
      absl::StrCat("R4.3: neither checked in by ",
                   FormatInstant(closes, state.time_zone()), " nor excused");
  std::vector<const PlayerEntry*> no_shows;
  for (const PlayerEntry& player : state.players()) {
    if (player.status != v1::PLAYER_STATUS_REGISTERED) continue;
    no_shows.push_back(&player);
    v1::Event event = EventWithReason(why);
    v1::PlayerWithdrawn& withdrawn = *event.mutable_player_withdrawn();
    withdrawn.set_player_id(player.id());
    withdrawn.set_kind(v1::WITHDRAWAL_KIND_NO_SHOW);
    withdrawn.set_from_round(
        NextUnpairedRound(state, player.registration.section_id()));
    withdrawn.set_responsible_station_id(
        player.registration.qualifying_station_id());
    events.push_back(std::move(event));
  }
  for (v1::SubstituteInvited& invited : InviteSubstitutes(state, no_shows)) {
    v1::Event event = EventWithReason(
        absl::StrCat("R3.3: next of station ", invited.station_id(),
                     " for player ", invited.replaces_player_id()));
    *event.mutable_substitute_invited() = std::move(invited);
    events.push_back(std::move(event));
  }
  return events;
}

absl::StatusOr<Events> DecideWithdraw(const TournamentState& state,
                                      const v1::WithdrawPlayerRequest& command,
                                      const CommandContext& /*context*/) {
  absl::StatusOr<const PlayerEntry*> player =
      RequirePlayer(state, command.tournament_id(), command.player_id());
  if (!player.ok()) return player.status();
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), true, "reason", kMaxReasonBytes));
  if ((*player)->status == v1::PLAYER_STATUS_WITHDRAWN) {
    return RefuseWithdrawn(**player,
                           absl::StrCat(" is already withdrawn from round ",
                                        (*player)->withdrawal.from_round()));
  }
  v1::Event event = EventWithReason(command.reason());
  v1::PlayerWithdrawn& withdrawn = *event.mutable_player_withdrawn();
  withdrawn.set_player_id(command.player_id());
  withdrawn.set_kind(v1::WITHDRAWAL_KIND_REQUEST);
  withdrawn.set_from_round(
      NextUnpairedRound(state, (*player)->registration.section_id()));
  return Events{std::move(event)};
}

}  // namespace qiwang::rules::tournament
