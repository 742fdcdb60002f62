#include "services/rules/tournament/section_records.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

namespace qiwang::rules::tournament {
namespace {

// Who takes part: see SectionRecords.
bool TakesPart(const PlayerEntry& player,
               const absl::flat_hash_set<int64_t>& seated) {
  if (seated.contains(player.id())) return true;
  switch (player.status) {
    case v1::PLAYER_STATUS_CHECKED_IN:
    case v1::PLAYER_STATUS_EXCUSED:
      return true;
    case v1::PLAYER_STATUS_WITHDRAWN:
      return player.withdrawal.kind() != v1::WITHDRAWAL_KIND_NO_SHOW &&
             player.withdrawal.from_round() > 1;
    default:
      return false;
  }
}

// Both sides of a board's result, red first (R5.3).
std::pair<Outcome, Outcome> Outcomes(v1::GameResult result) {
  switch (result) {
    case v1::GAME_RESULT_RED_WIN:
      return {Outcome::kWin, Outcome::kLoss};
    case v1::GAME_RESULT_BLACK_WIN:
      return {Outcome::kLoss, Outcome::kWin};
    case v1::GAME_RESULT_DRAW:
      return {Outcome::kDraw, Outcome::kDraw};
    case v1::GAME_RESULT_RED_WIN_BY_FORFEIT:
      return {Outcome::kForfeitWin, Outcome::kForfeitLoss};
    case v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT:
      return {Outcome::kForfeitLoss, Outcome::kForfeitWin};
    case v1::GAME_RESULT_DOUBLE_FORFEIT:
      return {Outcome::kDoubleForfeit, Outcome::kDoubleForfeit};
    default:
      return {Outcome::kPending, Outcome::kPending};
  }
}

// N13.4: the unit the player registered with, else the qualifying station.
std::string UnitOf(const v1::PlayerRegistered& registration) {
  return registration.unit().empty() ? registration.qualifying_station_id()
                                     : registration.unit();
}

absl::StatusOr<std::vector<PlayerRecord>> Build(const TournamentState& state,
                                                const std::string& section_id,
                                                const v1::LotsDrawn* lots,
                                                int round_count) {
  const SectionPlay* play = state.FindSectionPlay(section_id);
  if (play == nullptr || state.FindSection(section_id) == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("section_id: no section '", section_id, "'"));
  }
  const int rounds = std::min(round_count, play->rounds_published());
  if (lots == nullptr && play->lots_drawn) lots = &play->lots;

  absl::flat_hash_set<int64_t> seated;
  for (const RoundEntry& round : play->rounds) {
    for (const BoardEntry& entry : round.boards) {
      seated.insert(entry.board.red_player_id());
      seated.insert(entry.board.black_player_id());
    }
    if (round.bye_player_id != 0) seated.insert(round.bye_player_id);
  }
  std::vector<const PlayerEntry*> order;
  absl::flat_hash_set<int64_t> numbered;
  if (lots != nullptr) {
    for (int64_t id : lots->player_ids()) {
      const PlayerEntry* player = state.FindPlayer(id);
      if (player != nullptr && numbered.insert(id).second) {
        order.push_back(player);
      }
    }
  }
  for (const PlayerEntry& player : state.players()) {
    if (player.registration.section_id() == section_id &&
        !numbered.contains(player.id()) && TakesPart(player, seated)) {
      order.push_back(&player);
    }
  }

  std::vector<PlayerRecord> records(order.size());
  absl::flat_hash_map<int64_t, PlayerRecord*> by_id;
  for (size_t i = 0; i < order.size(); ++i) {
    PlayerRecord& record = records[i];
    record.id = order[i]->id();
    record.pairing_number = static_cast<int>(i) + 1;
    record.rounds.resize(rounds);
    record.withdrawn = order[i]->status == v1::PLAYER_STATUS_WITHDRAWN;
    record.unit = UnitOf(order[i]->registration);
    by_id[record.id] = &record;
  }
  auto set = [&](int64_t id, int round, RoundRecord value) {
    auto it = by_id.find(id);
    if (it != by_id.end()) it->second->rounds[round - 1] = value;
  };
  for (int r = 1; r <= rounds; ++r) {
    const RoundEntry& round = play->rounds[r - 1];
    for (const BoardEntry& entry : round.boards) {
      const auto [red, black] = Outcomes(entry.result);
      const int64_t red_id = entry.board.red_player_id();
      const int64_t black_id = entry.board.black_player_id();
      set(red_id, r, {black_id, Colour::kRed, red});
      set(black_id, r, {red_id, Colour::kBlack, black});
    }
    if (round.bye_player_id != 0) {
      set(round.bye_player_id, r, {kNoPlayer, std::nullopt, Outcome::kBye});
    }
  }
  for (const FoulEntry& foul : play->fouls) {
    auto it = by_id.find(foul.foul.player_id());
    if (foul.removed) continue;  // R9.3: an upheld appeal removed it
    if (it != by_id.end() && foul.foul.round() <= rounds) ++it->second->fouls;
  }
  return records;
}

}  // namespace

absl::StatusOr<std::vector<PlayerRecord>> SectionRecords(
    const TournamentState& state, const std::string& section_id,
    int after_round) {
  if (after_round < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("after_round: ", after_round, " is negative"));
  }
  return Build(state, section_id, nullptr,
               after_round > 0 ? after_round : std::numeric_limits<int>::max());
}

absl::StatusOr<std::vector<PlayerRecord>> SectionRecordsBefore(
    const TournamentState& state, const std::string& section_id, int round,
    const v1::LotsDrawn* lots) {
  if (round < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("round: ", round, " is not a round number"));
  }
  return Build(state, section_id, lots, round - 1);
}

Scoring ScoringOf(const v1::TournamentConfig& config) {
  const v1::ScoringConfig& in = config.scoring();
  Scoring scoring;
  scoring.win = in.win();
  scoring.draw = in.draw();
  scoring.loss = in.loss();
  scoring.forfeit_win = in.forfeit_win();
  scoring.forfeit_loss = in.forfeit_loss();
  scoring.double_forfeit = in.double_forfeit();
  scoring.bye = in.bye();
  scoring.absent = 0;
  if (in.has_draw_as_red()) scoring.draw_as_red = in.draw_as_red();
  if (in.has_draw_as_black()) scoring.draw_as_black = in.draw_as_black();
  return scoring;
}

swiss::SwissConfig SwissConfigOf(const v1::TournamentConfig& config,
                                 const v1::Section& section) {
  swiss::SwissConfig swiss;
  swiss.scoring = ScoringOf(config);
  swiss.same_unit.absolute_rounds =
      section.same_unit_avoidance().absolute_rounds();
  swiss.same_unit.weak_in_later_rounds =
      section.same_unit_avoidance().weak_in_later_rounds();
  return swiss;
}

absl::StatusOr<RankingConfig> RankingConfigOf(
    const v1::TournamentConfig& config, const std::string& section_id) {
  const v1::Section* section = nullptr;
  for (const v1::Section& candidate : config.sections()) {
    if (candidate.id() == section_id) section = &candidate;
  }
  if (section == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("section_id: no section '", section_id, "'"));
  }
  RankingConfig ranking = SwissSectionPreset();
  ranking.scoring = ScoringOf(config);
  if (section->pairing_system() != v1::PAIRING_SYSTEM_SWISS) {
    ranking.scoring.bye = 0;
  }
  if (section->tie_breaks_size() > 0) ranking.tie_breaks.clear();
  for (int kind : section->tie_breaks()) {
    switch (static_cast<v1::TieBreakKind>(kind)) {
      case v1::TIE_BREAK_KIND_OPPONENTS_SCORE:
        ranking.tie_breaks.push_back(TieBreak::kOpponentsScore);
        break;
      case v1::TIE_BREAK_KIND_WINS:
        ranking.tie_breaks.push_back(TieBreak::kWins);
        break;
      case v1::TIE_BREAK_KIND_FEWER_FOULS:
        ranking.tie_breaks.push_back(TieBreak::kFewerFouls);
        break;
      case v1::TIE_BREAK_KIND_GAMES_WITH_BLACK:
        ranking.tie_breaks.push_back(TieBreak::kGamesWithBlack);
        break;
      case v1::TIE_BREAK_KIND_PREVIOUS_ROUNDS:
        ranking.tie_breaks.push_back(TieBreak::kPreviousRounds);
        break;
      case v1::TIE_BREAK_KIND_BUCHHOLZ:
        ranking.tie_breaks.push_back(TieBreak::kBuchholz);
        break;
      case v1::TIE_BREAK_KIND_BUCHHOLZ_CUT1:
        ranking.tie_breaks.push_back(TieBreak::kBuchholzCut1);
        break;
      case v1::TIE_BREAK_KIND_MEDIAN_BUCHHOLZ:
        ranking.tie_breaks.push_back(TieBreak::kMedianBuchholz);
        break;
      case v1::TIE_BREAK_KIND_SONNEBORN_BERGER:
        ranking.tie_breaks.push_back(TieBreak::kSonnebornBerger);
        break;
      case v1::TIE_BREAK_KIND_DIRECT_ENCOUNTER:
        ranking.tie_breaks.push_back(TieBreak::kDirectEncounter);
        break;
      case v1::TIE_BREAK_KIND_CUMULATIVE_SCORE:
        ranking.tie_breaks.push_back(TieBreak::kCumulativeScore);
        break;
      case v1::TIE_BREAK_KIND_WINS_WITH_BLACK:
        ranking.tie_breaks.push_back(TieBreak::kWinsWithBlack);
        break;
      default:
        return absl::InvalidArgumentError(
            absl::StrCat("sections[", section_id, "].tie_breaks: kind ", kind,
                         " is not a tie-break"));
    }
  }
  switch (section->previous_rounds()) {
    case v1::PREVIOUS_ROUNDS_READING_SINGLE_ROUND_RESULTS:
      ranking.previous_rounds = PreviousRoundsReading::kSingleRoundResults;
      break;
    case v1::PREVIOUS_ROUNDS_READING_CUMULATIVE_WITHOUT_FIRST_ROUNDS:
      ranking.previous_rounds =
          PreviousRoundsReading::kCumulativeWithoutFirstRounds;
      break;
    default:
      ranking.previous_rounds = PreviousRoundsReading::kCumulativeScores;
  }
  ranking.bye_in_opponents_score =
      section->bye_in_opponents_score() ==
              v1::BYE_IN_OPPONENTS_SCORE_LOWEST_WITH_POINTS
          ? ByeInOpponentsScore::kLowestWithPoints
          : ByeInOpponentsScore::kNothing;
  return ranking;
}

}  // namespace qiwang::rules::tournament
