#include "services/rules/ranking/tie_break_values.h"

#include <algorithm>
#include <set>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"

namespace qiwang::rules {
namespace {

bool IsForfeit(Outcome outcome) {
  return outcome == Outcome::kForfeitWin || outcome == Outcome::kForfeitLoss;
}

// R7.1 "opponents met over the board or by forfeit".
bool CountsAsMet(Outcome outcome, const RankingConfig& config) {
  return PlayedOverTheBoard(outcome) ||
         (IsForfeit(outcome) && config.forfeit_opponents_count);
}

int64_t OpponentsScore(const Pool& pool, int index,
                       const RankingConfig& config) {
  const PlayerRecord& player = pool.record(index);
  int64_t sum = 0;
  for (int r = 0; r < static_cast<int>(player.rounds.size()); ++r) {
    const Outcome outcome = player.rounds[r].outcome;
    if (CountsAsMet(outcome, config)) {
      sum += pool.score(pool.opponent(index, r));
    } else if (outcome == Outcome::kBye &&
               config.bye_in_opponents_score ==
                   ByeInOpponentsScore::kLowestWithPoints) {
      sum += pool.lowest_score_with_points();
    }
  }
  return sum;
}

// Buchholz contributions, one per round: the opponent's score for a game
// played over the board, the player's own score otherwise.
std::vector<int> BuchholzContributions(const Pool& pool, int index) {
  const PlayerRecord& player = pool.record(index);
  std::vector<int> contributions;
  contributions.reserve(player.rounds.size());
  for (int r = 0; r < static_cast<int>(player.rounds.size()); ++r) {
    const Outcome outcome = player.rounds[r].outcome;
    if (outcome == Outcome::kPending) continue;
    contributions.push_back(PlayedOverTheBoard(outcome)
                                ? pool.score(pool.opponent(index, r))
                                : pool.score(index));
  }
  return contributions;
}

int64_t Buchholz(const Pool& pool, int index, int cut_lowest, int cut_highest) {
  std::vector<int> contributions = BuchholzContributions(pool, index);
  std::sort(contributions.begin(), contributions.end());
  const int size = static_cast<int>(contributions.size());
  int64_t sum = 0;
  for (int i = cut_lowest; i < size - cut_highest; ++i) sum += contributions[i];
  return sum;
}

// 小分 in half points (2011 rules 14.1): a win, a counted forfeit win too,
// weighs 2 and a draw 1.
int SmallPointsWeight(Outcome outcome) {
  switch (outcome) {
    case Outcome::kWin:
    case Outcome::kForfeitWin:
      return 2;
    case Outcome::kDraw:
      return 1;
    default:
      return 0;
  }
}

int64_t SonnebornBerger(const Pool& pool, int index,
                        const RankingConfig& config) {
  const PlayerRecord& player = pool.record(index);
  int64_t sum = 0;
  for (int r = 0; r < static_cast<int>(player.rounds.size()); ++r) {
    const Outcome outcome = player.rounds[r].outcome;
    if (!CountsAsMet(outcome, config)) continue;
    sum += static_cast<int64_t>(SmallPointsWeight(outcome)) *
           pool.score(pool.opponent(index, r));
  }
  return sum;
}

int64_t CountRounds(const PlayerRecord& player,
                    bool (*counts)(const RoundRecord&, const RankingConfig&),
                    const RankingConfig& config) {
  return std::count_if(
      player.rounds.begin(), player.rounds.end(),
      [&](const RoundRecord& round) { return counts(round, config); });
}

bool IsWin(const RoundRecord& round, const RankingConfig& config) {
  return round.outcome == Outcome::kWin ||
         (round.outcome == Outcome::kForfeitWin &&
          config.forfeit_win_counts_as_win);
}

bool IsGameWithBlack(const RoundRecord& round, const RankingConfig&) {
  return PlayedOverTheBoard(round.outcome) && round.colour == Colour::kBlack;
}

bool IsWinWithBlack(const RoundRecord& round, const RankingConfig&) {
  return round.outcome == Outcome::kWin && round.colour == Colour::kBlack;
}

int64_t CumulativeScore(const PlayerRecord& player, const Scoring& scoring) {
  int64_t running = 0;
  int64_t sum = 0;
  for (const RoundRecord& round : player.rounds) {
    running += scoring.Points(round);
    sum += running;
  }
  return sum;
}

}  // namespace

int64_t PlayerTieBreak(TieBreak kind, const Pool& pool, int index,
                       const RankingConfig& config) {
  const PlayerRecord& player = pool.record(index);
  switch (kind) {
    case TieBreak::kOpponentsScore:
      return OpponentsScore(pool, index, config);
    case TieBreak::kWins:
      return CountRounds(player, IsWin, config);
    case TieBreak::kFewerFouls:
      return player.fouls;
    case TieBreak::kGamesWithBlack:
      return CountRounds(player, IsGameWithBlack, config);
    case TieBreak::kBuchholz:
      return Buchholz(pool, index, 0, 0);
    case TieBreak::kBuchholzCut1:
      return Buchholz(pool, index, 1, 0);
    case TieBreak::kMedianBuchholz:
      return Buchholz(pool, index, 1, 1);
    case TieBreak::kSonnebornBerger:
      return SonnebornBerger(pool, index, config);
    case TieBreak::kCumulativeScore:
      return CumulativeScore(player, config.scoring);
    case TieBreak::kWinsWithBlack:
      return CountRounds(player, IsWinWithBlack, config);
    case TieBreak::kDirectEncounter:
    case TieBreak::kPreviousRounds:
      return 0;
  }
  return 0;
}

std::vector<int> PreviousRoundsKey(const Pool& pool, int index,
                                   const RankingConfig& config) {
  const PlayerRecord& player = pool.record(index);
  const int rounds = pool.round_count();
  // points[r]: the points of round r + 1 (0 for rounds not in the record).
  absl::InlinedVector<int, 16> points(rounds, 0);
  for (int r = 0; r < static_cast<int>(player.rounds.size()); ++r) {
    points[r] = config.scoring.Points(player.rounds[r]);
  }
  std::vector<int> key;
  key.reserve(rounds);
  switch (config.previous_rounds) {
    case PreviousRoundsReading::kCumulativeScores: {
      // Scores after rounds R-1 .. 1: the total minus the later rounds.
      int after = 0;
      for (int r = 0; r + 1 < rounds; ++r) after += points[r];
      for (int r = rounds - 2; r >= 0; --r) {
        key.push_back(after);
        after -= points[r];
      }
      break;
    }
    case PreviousRoundsReading::kSingleRoundResults:
      key.assign(points.rbegin(), points.rend());
      break;
    case PreviousRoundsReading::kCumulativeWithoutFirstRounds: {
      // Counting rounds first..R, round r's points (0-based) are in the
      // running score R - r times, however many first rounds are dropped.
      int without = 0;
      for (int r = 0; r < rounds; ++r) without += points[r] * (rounds - r);
      for (int first = 1; first < rounds; ++first) {
        without -= points[first - 1] * (rounds - first + 1);
        key.push_back(without);
      }
      break;
    }
  }
  return key;
}

std::vector<int64_t> DirectEncounterPoints(const Pool& pool,
                                           absl::Span<const int> group,
                                           const RankingConfig& config) {
  std::vector<int64_t> points(group.size(), 0);
  if (group.size() < 2) return points;
  absl::flat_hash_map<int, int> position;
  for (int i = 0; i < static_cast<int>(group.size()); ++i) {
    position[group[i]] = i;
  }
  std::set<std::pair<int, int>> pairs_met;
  for (int i = 0; i < static_cast<int>(group.size()); ++i) {
    const PlayerRecord& player = pool.record(group[i]);
    for (int r = 0; r < static_cast<int>(player.rounds.size()); ++r) {
      const Outcome outcome = player.rounds[r].outcome;
      auto other = position.find(pool.opponent(group[i], r));
      if (other == position.end() ||
          !(PlayedOverTheBoard(outcome) || IsForfeit(outcome))) {
        continue;
      }
      points[i] += config.scoring.PointsFor(outcome);
      pairs_met.insert(std::minmax(i, other->second));
    }
  }
  const size_t all_pairs = group.size() * (group.size() - 1) / 2;
  if (pairs_met.size() != all_pairs) std::fill(points.begin(), points.end(), 0);
  return points;
}

}  // namespace qiwang::rules
