// The decisions that publish and amend pairings (R4.3, R6, R6.1, R6.3, R6.6).
#include <algorithm>
#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "services/rules/tournament/decide_play.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/lots.h"
#include "services/rules/tournament/play_support.h"
#include "services/rules/tournament/round_check.h"
#include "services/rules/tournament/section_records.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

// R6.1: round 1 comes with lots over exactly the players who play it, in
// the order the seed draws (or the seeding list, in registration order).
absl::Status CheckLots(const TournamentState& state, const v1::Section& section,
                       const SectionPlay& play,
                       const PairingProposal& proposal) {
  const int first_round = proposal.rounds.front().round();
  if (!proposal.lots.has_value()) {
    if (first_round == 1 && !play.lots_drawn) {
      return base::WithRefusal(absl::FailedPreconditionError(absl::StrCat(
                                   "R6.1: round 1 of section '", section.id(),
                                   "' needs drawn lots with their seed")),
                               base::refusal::kRoundOneNeedsLots,
                               {{"section", section.id()}});
    }
    return absl::OkStatus();
  }
  const v1::LotsDrawn& lots = *proposal.lots;
  if (first_round != 1 || play.lots_drawn) {
    return base::WithRefusal(absl::FailedPreconditionError(absl::StrCat(
                                 "R6.1: lots of section '", section.id(),
                                 "' are drawn once, with round 1")),
                             base::refusal::kLotsDrawnOnce,
                             {{"section", section.id()}});
  }
  if (lots.section_id() != section.id()) {
    return absl::InvalidArgumentError(
        absl::StrCat("lots.section_id: '", lots.section_id(),
                     "' is not the section paired ('", section.id(), "')"));
  }
  absl::StatusOr<v1::LotsDrawn> expected =
      DrawLots(state, section, lots.seed());
  if (!expected.ok()) return expected.status();
  const auto& given = lots.player_ids();
  const auto& wanted = expected->player_ids();
  if (!absl::c_equal(given, wanted)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R6.1: the lots of section '", section.id(), "' are not ",
        section.seed_round_one_by_list()
            ? "the seeding list"
            : absl::StrCat("the draw of seed ", lots.seed()),
        " over its ", wanted.size(), " players: expected ",
        absl::StrJoin(wanted, " "), ", got ", absl::StrJoin(given, " ")));
  }
  return absl::OkStatus();
}

// Swiss: one round, within the section's rounds (R2.4). Round robin: the
// whole Berger schedule from round 1.
absl::Status CheckRoundCount(const v1::Section& section,
                             const SectionPlay& play,
                             const PairingProposal& proposal) {
  const int count = static_cast<int>(proposal.rounds.size());
  if (!IsRoundRobin(section)) {
    if (count != 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("rounds: a Swiss section publishes one round at a "
                       "time, not ",
                       count));
    }
    if (section.rounds() > 0 && proposal.rounds[0].round() > section.rounds()) {
      return RefuseAllRoundsPaired(section);
    }
    return absl::OkStatus();
  }
  if (play.rounds_published() > 0) return RefuseSchedulePublished(section.id());
  const int players = proposal.rounds[0].boards_size() * 2 +
                      (proposal.rounds[0].bye_player_id() != 0 ? 1 : 0);
  const int cycles =
      section.pairing_system() == v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN ? 2 : 1;
  const int expected = ((players + 1) / 2 * 2 - 1) * cycles;
  if (count != expected) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R6: the round robin schedule of section '", section.id(), "' for ",
        players, " players has ", expected, " rounds, not ", count));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Events> DecidePublishRound(const TournamentState& state,
                                          const PairingProposal& proposal,
                                          const CommandContext& /*context*/) {
  if (proposal.rounds.empty()) {
    return absl::InvalidArgumentError("rounds: no round to publish");
  }
  const std::string& section_id = proposal.rounds.front().section_id();
  absl::StatusOr<const SectionPlay*> play = RequirePairable(state, section_id);
  if (!play.ok()) return play.status();
  const v1::Section& section = *state.FindSection(section_id);
  for (size_t i = 0; i < proposal.rounds.size(); ++i) {
    const v1::RoundPaired& round = proposal.rounds[i];
    if (round.section_id() != section_id) {
      return absl::InvalidArgumentError(
          absl::StrCat("rounds[", i, "].section_id: '", round.section_id(),
                       "' is not '", section_id, "'"));
    }
    const int expected = (*play)->rounds_published() + 1 + static_cast<int>(i);
    if (round.round() != expected) {
      return base::WithRefusal(
          absl::FailedPreconditionError(absl::StrCat(
              "R6: round ", round.round(), " of section '", section_id,
              "' is not its next round (", expected, ")")),
          base::refusal::kNotTheNextRound,
          {{"section", section_id},
           {"round", absl::StrCat(round.round())},
           {"next", absl::StrCat(expected)}});
    }
  }
  QIWANG_RETURN_IF_ERROR(CheckRoundCount(section, **play, proposal));
  QIWANG_RETURN_IF_ERROR(
      RequirePreviousRoundComplete(**play, proposal.rounds.front().round()));
  QIWANG_RETURN_IF_ERROR(CheckLots(state, section, **play, proposal));
  for (const v1::RoundPaired& round : proposal.rounds) {
    absl::StatusOr<std::vector<swiss::Violation>> violations = CheckRound(
        state,
        {section_id, round.round(), &round.boards(), round.bye_player_id(),
         proposal.lots.has_value() ? &*proposal.lots : nullptr});
    if (!violations.ok()) return violations.status();
    if (!violations->empty()) {
      return WithViolations(
          absl::FailedPreconditionError(absl::StrCat(
              violations->front().rule, ": round ", round.round(),
              " of section '", section_id,
              "' breaks the rules: ", JoinViolations(*violations))),
          base::refusal::kRoundBreaksRules, section_id, round.round(),
          *violations);
    }
  }
  Events events;
  if (proposal.lots.has_value()) {
    *events.emplace_back().mutable_lots_drawn() = *proposal.lots;
  }
  for (const v1::RoundPaired& round : proposal.rounds) {
    *events.emplace_back().mutable_round_paired() = round;
  }
  return events;
}

absl::StatusOr<Events> DecideAmendPairing(
    const TournamentState& state, const v1::AmendPairingRequest& command,
    const CommandContext& context) {
  absl::StatusOr<const SectionPlay*> play =
      RequireSectionPlay(state, command.tournament_id(), command.section_id());
  if (!play.ok()) return play.status();
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), true, "reason", kMaxReasonBytes));
  if (command.override_r63() && context.role != Role::kChiefArbiter) {
    return base::WithRefusal(
        absl::PermissionDeniedError(absl::StrCat(
            "R6.6: only the chief arbiter may override R6.3, not the ",
            std::string(RoleName(context.role)))),
        base::refusal::kOverrideIsTheChiefs,
        {{"role", std::string(RoleName(context.role))}});
  }
  if (command.round() < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("round: ", command.round(), " is not a round number"));
  }
  const RoundEntry* round = (*play)->FindRound(command.round());
  if (round == nullptr) {
    return base::WithRefusal(
        absl::FailedPreconditionError(
            absl::StrCat("R6.6: round ", command.round(), " of section '",
                         command.section_id(), "' is not published")),
        base::refusal::kRoundNotPublished,
        {{"section", command.section_id()},
         {"round", absl::StrCat(command.round())},
         {"published", absl::StrCat((*play)->rounds_published())}});
  }
  for (const BoardEntry& entry : round->boards) {
    if (entry.result != v1::GAME_RESULT_UNSPECIFIED) {
      return base::WithRefusal(
          absl::FailedPreconditionError(
              absl::StrCat("R6.6: round ", command.round(), " of section '",
                           command.section_id(), "' has started: board ",
                           entry.board.number(), " has a result")),
          base::refusal::kRoundHasStarted,
          {{"section", command.section_id()},
           {"round", absl::StrCat(command.round())},
           {"board", absl::StrCat(entry.board.number())}});
    }
  }
  absl::StatusOr<std::vector<swiss::Violation>> violations =
      CheckRound(state, {command.section_id(), command.round(),
                         &command.boards(), command.bye_player_id(), nullptr});
  if (!violations.ok()) return violations.status();
  if (!violations->empty() && !command.override_r63()) {
    return WithViolations(absl::FailedPreconditionError(absl::StrCat(
                              JoinViolations(*violations),
                              "; only the chief arbiter may accept this, with "
                              "override_r63 and a reason")),
                          base::refusal::kAmendmentBreaksRules,
                          command.section_id(), command.round(), *violations);
  }
  v1::Event event = EventWithReason(command.reason());
  v1::PairingAmended& amended = *event.mutable_pairing_amended();
  amended.set_section_id(command.section_id());
  amended.set_round(command.round());
  *amended.mutable_boards() = command.boards();
  amended.set_bye_player_id(command.bye_player_id());
  amended.set_r63_override(command.override_r63() && !violations->empty());
  for (const swiss::Violation& violation : *violations) {
    amended.add_r63_violations(violation.message);
  }
  return Events{std::move(event)};
}

}  // namespace qiwang::rules::tournament
