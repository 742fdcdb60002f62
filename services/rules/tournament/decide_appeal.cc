// The decisions on appeals (R9.2) and the committee's decisions (R9.3).
#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "base/timestamp.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/decide_ruling.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/play_support.h"
#include "services/rules/tournament/schedule.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

constexpr absl::Duration kDefaultAppealWindow = absl::Minutes(30);

absl::Duration AppealWindow(const v1::TournamentConfig& config) {
  const absl::Duration window =
      absl::Seconds(config.appeal_window().seconds()) +
      absl::Nanoseconds(config.appeal_window().nanos());
  return window > absl::ZeroDuration() ? window : kDefaultAppealWindow;
}

bool OnBoardResult(v1::RulingKind kind) {
  return kind == v1::RULING_KIND_RESULT || kind == v1::RULING_KIND_FORFEIT ||
         kind == v1::RULING_KIND_CORRECTION;
}

std::string RulingName(const RulingRef& ruling) {
  return absl::StrCat("ruling ", ruling.ruling_id, " (",
                      v1::RulingKind_Name(ruling.kind), " at position ",
                      ruling.position, ")");
}

// `status` naming its refusal `kind` about `ruling` and `values`.
absl::Status RefusalOnRuling(
    absl::Status status, absl::string_view kind, const RulingRef& ruling,
    std::initializer_list<std::pair<absl::string_view, std::string>> values) {
  status = base::WithRefusal(std::move(status), kind, values);
  status =
      base::WithRefusalValue(std::move(status), "ruling", ruling.ruling_id);
  status = base::WithRefusalValue(std::move(status), "ruling_kind",
                                  v1::RulingKind_Name(ruling.kind));
  return base::WithRefusalValue(std::move(status), "ruling_position",
                                absl::StrCat(ruling.position));
}

// R9.3: `appeal` is decided; `message` says so.
absl::Status RefuseDecided(const AppealEntry& appeal,
                           const std::string& message) {
  return base::WithRefusal(
      absl::FailedPreconditionError(message), base::refusal::kAppealDecided,
      {{"appeal", absl::StrCat(appeal.filed.appeal_number())},
       {"appeal_status", v1::AppealStatus_Name(appeal.status)},
       {"decided_position", absl::StrCat(appeal.decided_position)}});
}

std::string StatusName(v1::AppealStatus status) {
  return status == v1::APPEAL_STATUS_UPHELD ? "upheld" : "dismissed";
}

// Who appeals: the player, or the official in their own name.
std::string AppellantName(int64_t player_id, const std::string& user) {
  return player_id != 0 ? absl::StrCat("player ", player_id)
                        : absl::StrCat("official '", user, "'");
}

const BoardEntry* BoardOf(const TournamentState& state,
                          const RulingRef& ruling) {
  const SectionPlay* play = state.FindSectionPlay(ruling.section_id);
  const RoundEntry* round =
      play == nullptr ? nullptr : play->FindRound(ruling.round);
  return round == nullptr ? nullptr : round->FindBoard(ruling.board);
}

const FoulEntry* FoulOf(const TournamentState& state, const RulingRef& ruling) {
  const SectionPlay* play = state.FindSectionPlay(ruling.section_id);
  if (play == nullptr) return nullptr;
  for (const FoulEntry& foul : play->fouls) {
    if (foul.event_id == ruling.ruling_id) return &foul;
  }
  return nullptr;
}

absl::Status CheckVotes(const v1::Votes& votes, v1::AppealDecision decision) {
  if (votes.uphold() < 0 || votes.dismiss() < 0 || votes.abstain() < 0) {
    return absl::InvalidArgumentError("votes: counts may not be negative");
  }
  if (votes.uphold() + votes.dismiss() + votes.abstain() == 0) {
    return base::WithRefusal(
        absl::InvalidArgumentError("R9.3: votes: no vote is recorded"),
        base::refusal::kNoVotes, {});
  }
  const std::string counted =
      absl::StrCat("uphold ", votes.uphold(), ", dismiss ", votes.dismiss(),
                   ", abstain ", votes.abstain());
  const auto refuse = [&](absl::string_view kind, absl::string_view why) {
    return base::WithRefusal(
        absl::InvalidArgumentError(
            absl::StrCat("R9.3: votes: the votes (", counted, ") ", why)),
        kind,
        {{"uphold", absl::StrCat(votes.uphold())},
         {"dismiss", absl::StrCat(votes.dismiss())},
         {"abstain", absl::StrCat(votes.abstain())}});
  };
  if (decision == v1::APPEAL_DECISION_UPHELD &&
      votes.uphold() <= votes.dismiss()) {
    return refuse(base::refusal::kVotesDoNotUphold,
                  "do not uphold the appeal; upholding needs more votes to "
                  "uphold than to dismiss");
  }
  if (decision == v1::APPEAL_DECISION_DISMISSED &&
      votes.dismiss() < votes.uphold()) {
    return refuse(base::refusal::kVotesUphold,
                  "uphold the appeal; it cannot be dismissed");
  }
  return absl::OkStatus();
}

// R6.6: a game replayed on appeal is played before the next round of its
// section starts (its schedule slot), while the pairings that follow can
// still stand on its result. The last round, or a next round the schedule
// does not time, sets no bound.
absl::Status CheckReplayBeforeNextRound(const TournamentState& state,
                                        const RulingRef& ruling,
                                        const v1::Remedy& remedy) {
  const v1::Section* section = state.FindSection(ruling.section_id);
  const SectionPlay* play = state.FindSectionPlay(ruling.section_id);
  if (section == nullptr) return absl::OkStatus();
  const int rounds = section->pairing_system() == v1::PAIRING_SYSTEM_SWISS
                         ? section->rounds()
                         : (play == nullptr ? 0 : play->rounds_published());
  const int next = ruling.round + 1;
  if (next > rounds) return absl::OkStatus();
  const std::optional<absl::Time> starts =
      RoundStart(state.config(), ruling.section_id, next);
  const absl::Time replay = base::FromTimestamp(remedy.replay_at());
  if (!starts.has_value()) {
    if (!remedy.late_replay_reason().empty()) {
      return absl::InvalidArgumentError(
          "remedy.late_replay_reason: only for a replay at or after the next "
          "round's start (R6.6), and the next round has no start time");
    }
    return absl::OkStatus();
  }
  const std::string replay_at = FormatInstant(replay, state.time_zone());
  const std::string next_starts = FormatInstant(*starts, state.time_zone());
  if (replay < *starts) {
    if (remedy.late_replay_reason().empty()) return absl::OkStatus();
    return base::WithRefusal(
        absl::InvalidArgumentError(absl::StrCat(
            "R6.6: remedy.late_replay_reason: only for a replay at or after "
            "the next round's start; the replay at ",
            replay_at, " is before round ", next, " of section '",
            ruling.section_id, "' starts at ", next_starts)),
        base::refusal::kLateReasonForTimelyReplay,
        {{"replay_at", replay_at},
         {"section", ruling.section_id},
         {"round", absl::StrCat(next)},
         {"starts", next_starts}});
  }
  if (!remedy.late_replay_reason().empty()) {
    return ValidateText(remedy.late_replay_reason(), true,
                        "remedy.late_replay_reason", kMaxReasonBytes);
  }
  return base::WithRefusal(
      absl::FailedPreconditionError(absl::StrCat(
          "R6.6: remedy.replay_at: the replay at ", replay_at,
          " is not before round ", next, " of section '", ruling.section_id,
          "' starts at ", next_starts,
          "; replay the game before the next round, or say why not in "
          "remedy.late_replay_reason")),
      base::refusal::kReplayAfterNextRound,
      {{"replay_at", replay_at},
       {"section", ruling.section_id},
       {"round", absl::StrCat(next)},
       {"starts", next_starts}});
}

// R9.3: the remedy of an upheld appeal fits the ruling it corrects.
absl::Status CheckRemedy(const TournamentState& state, const RulingRef& ruling,
                         const v1::Remedy& remedy) {
  const std::string kind = v1::RemedyKind_Name(remedy.kind());
  switch (remedy.kind()) {
    case v1::REMEDY_KIND_RESULT_CHANGED:
    case v1::REMEDY_KIND_GAME_REPLAYED: {
      if (!OnBoardResult(ruling.kind)) {
        return RefusalOnRuling(
            absl::FailedPreconditionError(absl::StrCat(
                "R9.3: remedy ", kind, " fits a ruling on a board's result; ",
                RulingName(ruling), " is not one")),
            base::refusal::kRemedyFitsResults, ruling, {{"remedy", kind}});
      }
      const BoardEntry* board = BoardOf(state, ruling);
      if (board == nullptr) {
        return RefusalOnRuling(absl::FailedPreconditionError(absl::StrCat(
                                   "R9.3: the board of ", RulingName(ruling),
                                   " is no longer published")),
                               base::refusal::kBoardNoLongerPublished, ruling,
                               {});
      }
      if (remedy.kind() == v1::REMEDY_KIND_GAME_REPLAYED) {
        if (!remedy.has_replay_at()) {
          return RequiredFieldError("remedy.replay_at", "for GAME_REPLAYED");
        }
        QIWANG_RETURN_IF_ERROR(
            ValidateText(remedy.replay_place(), false, "remedy.replay_place"));
        return CheckReplayBeforeNextRound(state, ruling, remedy);
      }
      QIWANG_RETURN_IF_ERROR(ValidateResult(remedy.result(), "remedy.result"));
      if (board->result == remedy.result()) {
        return WithRecordedResult(
            absl::FailedPreconditionError(
                absl::StrCat("R9.3: remedy.result: board ", ruling.board,
                             " of round ", ruling.round, " of section '",
                             ruling.section_id, "' has this result already: ",
                             DescribeRecorded(*board, state.time_zone()))),
            base::refusal::kCorrectionChangesNothing, ruling.section_id,
            ruling.round, ruling.board, *board, state.time_zone());
      }
      return absl::OkStatus();
    }
    case v1::REMEDY_KIND_FOUL_REMOVED: {
      if (ruling.kind != v1::RULING_KIND_FOUL) {
        return RefusalOnRuling(absl::FailedPreconditionError(absl::StrCat(
                                   "R9.3: remedy FOUL_REMOVED fits a foul; ",
                                   RulingName(ruling), " is not one")),
                               base::refusal::kRemedyFitsFouls, ruling,
                               {{"remedy", kind}});
      }
      const FoulEntry* foul = FoulOf(state, ruling);
      if (foul == nullptr || foul->removed) {
        return RefusalOnRuling(absl::FailedPreconditionError(absl::StrCat(
                                   "R9.3: the foul of ", RulingName(ruling),
                                   " is removed already")),
                               base::refusal::kFoulRemovedAlready, ruling, {});
      }
      return absl::OkStatus();
    }
    case v1::REMEDY_KIND_NO_STATE_CHANGE:
      return absl::OkStatus();
    default:
      return base::WithRefusal(
          absl::InvalidArgumentError(
              "R9.3: remedy: an upheld appeal needs a remedy (RESULT_CHANGED, "
              "GAME_REPLAYED, FOUL_REMOVED or NO_STATE_CHANGE)"),
          base::refusal::kRemedyRequired, {});
  }
}

}  // namespace

absl::StatusOr<Events> DecideFileAppeal(const TournamentState& state,
                                        const v1::FileAppealRequest& command,
                                        const CommandContext& context) {
  QIWANG_RETURN_IF_ERROR(RequireTournament(state, command.tournament_id()));
  QIWANG_RETURN_IF_ERROR(ValidateText(command.ruling_id(), true, "ruling_id"));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.grounds(), true, "grounds", kMaxReasonBytes));
  const RulingRef* ruling = state.FindRuling(command.ruling_id());
  if (ruling == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("R9.2: ruling_id: no ruling '", command.ruling_id(),
                     "' in tournament '", state.config().id(), "'"));
  }
  const absl::Duration window = AppealWindow(state.config());
  const absl::Time closes = ruling->server_time + window;
  if (context.now > closes) {
    const std::string at =
        FormatInstant(ruling->server_time, state.time_zone());
    const std::string ended = FormatInstant(closes, state.time_zone());
    const std::string late = absl::FormatDuration(context.now - closes);
    return RefusalOnRuling(
        absl::FailedPreconditionError(absl::StrCat(
            "R9.2: the appeal window of ", absl::FormatDuration(window),
            " after ", RulingName(*ruling), " at ", at, " closed at ", ended,
            "; late by ", late)),
        base::refusal::kAppealWindowClosed, *ruling,
        {{"window", absl::FormatDuration(window)},
         {"at", at},
         {"closes", ended},
         {"late", late}});
  }
  const int64_t appellant = command.appellant_player_id();
  if (appellant < 0 ||
      (appellant != 0 &&
       !std::binary_search(ruling->player_ids.begin(), ruling->player_ids.end(),
                           appellant))) {
    const std::string players = absl::StrJoin(ruling->player_ids, ", ");
    return RefusalOnRuling(
        absl::FailedPreconditionError(absl::StrCat(
            "R9.2: ", RulingName(*ruling), " does not concern player ",
            appellant, "; it concerns players ", players)),
        base::refusal::kAppellantNotConcerned, *ruling,
        {{"appellant", absl::StrCat(appellant)}, {"players", players}});
  }
  const std::string who = AppellantName(appellant, context.user);
  for (const AppealEntry& earlier : state.appeals()) {
    if (earlier.filed.ruling_id() != ruling->ruling_id) continue;
    if (earlier.status != v1::APPEAL_STATUS_PENDING) {
      return RefuseDecided(
          earlier,
          absl::StrCat("R9.3: appeal ", earlier.filed.appeal_number(), " on ",
                       RulingName(*ruling), " was ", StatusName(earlier.status),
                       " at position ", earlier.decided_position,
                       "; the committee's decision is final"));
    }
    if (AppellantName(earlier.filed.appellant_player_id(),
                      earlier.filed_by.user()) == who) {
      return RefusalOnRuling(
          absl::FailedPreconditionError(
              absl::StrCat("R9.2: ", who, " appealed ", RulingName(*ruling),
                           " already: appeal ", earlier.filed.appeal_number(),
                           " is pending")),
          base::refusal::kAlreadyAppealed, *ruling,
          {{"appellant", appellant != 0
                             ? absl::StrCat(appellant)
                             : absl::StrCat("official:", context.user)},
           {"appeal", absl::StrCat(earlier.filed.appeal_number())}});
    }
  }
  v1::Event event;
  v1::AppealFiled& filed = *event.mutable_appeal_filed();
  filed.set_appeal_number(static_cast<int32_t>(state.appeals().size()) + 1);
  filed.set_ruling_id(ruling->ruling_id);
  filed.set_ruling_position(ruling->position);
  filed.set_appellant_player_id(appellant);
  filed.set_grounds(command.grounds());
  return Events{std::move(event)};
}

absl::StatusOr<Events> DecideAppealDecision(
    const TournamentState& state, const v1::DecideAppealRequest& command,
    const CommandContext& context) {
  QIWANG_RETURN_IF_ERROR(RequireTournament(state, command.tournament_id()));
  if (command.decision() != v1::APPEAL_DECISION_UPHELD &&
      command.decision() != v1::APPEAL_DECISION_DISMISSED) {
    return absl::InvalidArgumentError(
        "decision: required (UPHELD or DISMISSED)");
  }
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reasoning(), true, "reasoning", kMaxReasonBytes));
  QIWANG_RETURN_IF_ERROR(CheckVotes(command.votes(), command.decision()));
  const bool upheld = command.decision() == v1::APPEAL_DECISION_UPHELD;
  if (!upheld && command.remedy().kind() != v1::REMEDY_KIND_UNSPECIFIED) {
    return base::WithRefusal(
        absl::InvalidArgumentError(
            "R9.3: remedy: a dismissed appeal carries no remedy; the ruling "
            "stands"),
        base::refusal::kDismissedWithRemedy, {});
  }
  const AppealEntry* appeal = state.FindAppeal(command.appeal_number());
  if (appeal == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("appeal_number: no appeal ", command.appeal_number(),
                     " in tournament '", state.config().id(), "'"));
  }
  if (appeal->status != v1::APPEAL_STATUS_PENDING) {
    return RefuseDecided(
        *appeal,
        absl::StrCat("R9.3: appeal ", command.appeal_number(), " was ",
                     StatusName(appeal->status), " at position ",
                     appeal->decided_position, " by ",
                     appeal->decided_by.user(), "; the decision is final"));
  }
  const RulingRef* ruling = state.FindRuling(appeal->filed.ruling_id());
  if (ruling == nullptr) {
    return absl::InternalError(absl::StrCat("appeal ", command.appeal_number(),
                                            " names no folded ruling"));
  }
  if (!context.user.empty() && context.user == ruling->actor.user()) {
    return RefusalOnRuling(
        absl::PermissionDeniedError(
            absl::StrCat("R9.3: ", context.user, " made ", RulingName(*ruling),
                         " and may not decide its appeal")),
        base::refusal::kDeciderMadeTheRuling, *ruling,
        {{"user", context.user}});
  }
  if (upheld) {
    QIWANG_RETURN_IF_ERROR(CheckRemedy(state, *ruling, command.remedy()));
  }
  v1::Event event = EventWithReason(command.reasoning());
  v1::AppealDecided& decided = *event.mutable_appeal_decided();
  decided.set_appeal_number(command.appeal_number());
  decided.set_decision(command.decision());
  if (upheld) *decided.mutable_remedy() = command.remedy();
  *decided.mutable_votes() = command.votes();
  if (OnBoardResult(ruling->kind)) {
    if (const BoardEntry* board = BoardOf(state, *ruling)) {
      decided.set_section_id(ruling->section_id);
      decided.set_round(ruling->round);
      decided.set_board(ruling->board);
      decided.set_previous(board->result);
    }
  }
  return Events{std::move(event)};
}

}  // namespace qiwang::rules::tournament
