#include "services/rules/tournament/propose_round.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "services/rules/roundrobin/berger.h"
#include "services/rules/swiss/swiss_pairer.h"
#include "services/rules/tournament/lots.h"
#include "services/rules/tournament/play_support.h"
#include "services/rules/tournament/section_records.h"
#include "services/rules/tournament/status_macros.h"

namespace qiwang::rules::tournament {
namespace {

std::vector<std::string> CostLines(const swiss::CostVector& cost,
                                   bool weak_same_unit) {
  std::vector<std::string> lines = {
      absl::StrCat("bye rank (R6.4): ", cost.bye_rank),
      absl::StrCat("score differences by group (R6.5): [",
                   absl::StrJoin(cost.score_gaps, " "), "]"),
      absl::StrCat("colour repeats (R6.5): ", cost.colour_repeats),
      absl::StrCat("colour imbalances (R6.5): ", cost.colour_imbalances),
      absl::StrCat("distance from top half vs bottom half (R6.5): ",
                   cost.half_distance)};
  if (weak_same_unit) {
    lines.push_back(
        absl::StrCat("boards of one unit (N13.4): ", cost.same_unit_boards));
  }
  return lines;
}

absl::StatusOr<ProposedRound> ProposeSwiss(const TournamentState& state,
                                           const v1::Section& section,
                                           int round,
                                           const v1::LotsDrawn& lots) {
  if (section.rounds() > 0 && round > section.rounds()) {
    return RefuseAllRoundsPaired(section);
  }
  absl::StatusOr<std::vector<PlayerRecord>> records =
      SectionRecordsBefore(state, section.id(), round, &lots);
  if (!records.ok()) return records.status();
  swiss::SwissConfig config = SwissConfigOf(state.config(), section);
  config.colour_seed = lots.seed();
  absl::StatusOr<swiss::PairedRound> paired =
      swiss::PairSwissRound(*records, round, config);
  if (!paired.ok()) {
    return absl::Status(
        paired.status().code() == absl::StatusCode::kInvalidArgument
            ? absl::StatusCode::kFailedPrecondition
            : paired.status().code(),
        absl::StrCat("section '", section.id(), "' round ", round, ": ",
                     paired.status().message()));
  }
  ProposedRound proposed;
  v1::RoundPaired& out = proposed.proposal.rounds.emplace_back();
  out.set_section_id(section.id());
  out.set_round(round);
  out.set_paired_on_version(state.version());
  for (const swiss::Board& board : paired->pairing.boards) {
    v1::Board& published = *out.add_boards();
    published.set_number(out.boards_size());
    published.set_red_player_id(board.red);
    published.set_black_player_id(board.black);
  }
  out.set_bye_player_id(paired->pairing.bye);
  proposed.cost =
      CostLines(paired->cost, swiss::SameUnitRuleFor(config.same_unit, round) ==
                                  swiss::SameUnitRule::kWeak);
  return proposed;
}

absl::StatusOr<ProposedRound> ProposeRoundRobin(const TournamentState& state,
                                                const v1::Section& section,
                                                const v1::LotsDrawn& lots) {
  RoundRobinOptions options;
  options.cycles =
      section.pairing_system() == v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN ? 2 : 1;
  const int players = lots.player_ids_size();
  absl::StatusOr<std::vector<BergerRound>> schedule =
      BergerSchedule(players, options);
  if (!schedule.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R2.1: the round robin of section '", section.id(), "' has ", players,
        " players: ", schedule.status().message()));
  }
  auto id_of = [&](int number) { return lots.player_ids(number - 1); };
  ProposedRound proposed;
  for (size_t r = 0; r < schedule->size(); ++r) {
    const BergerRound& table = (*schedule)[r];
    v1::RoundPaired& out = proposed.proposal.rounds.emplace_back();
    out.set_section_id(section.id());
    out.set_round(static_cast<int>(r) + 1);
    out.set_paired_on_version(state.version());
    for (const BergerBoard& board : table.boards) {
      v1::Board& published = *out.add_boards();
      published.set_number(out.boards_size());
      published.set_red_player_id(id_of(board.red));
      published.set_black_player_id(id_of(board.black));
    }
    if (table.bye != 0) out.set_bye_player_id(id_of(table.bye));
  }
  proposed.cost = {absl::StrCat("Berger tables (R6), ", players, " players, ",
                                schedule->size(), " rounds")};
  return proposed;
}

}  // namespace

absl::StatusOr<ProposedRound> ProposeNextRound(const TournamentState& state,
                                               const std::string& section_id,
                                               uint64_t lots_seed) {
  absl::StatusOr<const SectionPlay*> play = RequirePairable(state, section_id);
  if (!play.ok()) return play.status();
  const v1::Section& section = *state.FindSection(section_id);
  const int round = (*play)->rounds_published() + 1;
  const bool round_robin = IsRoundRobin(section);
  if (round_robin && round > 1) return RefuseSchedulePublished(section_id);
  QIWANG_RETURN_IF_ERROR(RequirePreviousRoundComplete(**play, round));
  std::optional<v1::LotsDrawn> drawn;
  if (!(*play)->lots_drawn) {
    absl::StatusOr<v1::LotsDrawn> lots = DrawLots(state, section, lots_seed);
    if (!lots.ok()) return lots.status();
    drawn = *std::move(lots);
  }
  const v1::LotsDrawn& lots = drawn.has_value() ? *drawn : (*play)->lots;
  absl::StatusOr<ProposedRound> proposed =
      round_robin ? ProposeRoundRobin(state, section, lots)
                  : ProposeSwiss(state, section, round, lots);
  if (!proposed.ok()) return proposed.status();
  proposed->proposal.lots = std::move(drawn);
  return proposed;
}

}  // namespace qiwang::rules::tournament
