#include "services/rules/ranking/tie_break_values.h"

#include <algorithm>
#include <optional>
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
  int64_t sum = 0;
  for (int r = 0; r < pool.rounds_of(index); ++r) {
    const Outcome outcome = pool.outcome(index, r);
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
absl::InlinedVector<int, 16> BuchholzContributions(const Pool& pool,
                                                   int index) {
  absl::InlinedVector<int, 16> contributions;
  for (int r = 0; r < pool.rounds_of(index); ++r) {
    const Outcome outcome = pool.outcome(index, r);
    if (outcome == Outcome::kPending) continue;
    contributions.push_back(PlayedOverTheBoard(outcome)
                                ? pool.score(pool.opponent(index, r))
                                : pool.score(index));
  }
  return contributions;
}

int64_t Buchholz(const Pool& pool, int index, int cut_lowest, int cut_highest) {
  absl::InlinedVector<int, 16> contributions =
      BuchholzContributions(pool, index);
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
  int64_t sum = 0;
  for (int r = 0; r < pool.rounds_of(index); ++r) {
    const Outcome outcome = pool.outcome(index, r);
    if (!CountsAsMet(outcome, config)) continue;
    sum += static_cast<int64_t>(SmallPointsWeight(outcome)) *
           pool.score(pool.opponent(index, r));
  }
  return sum;
}

int64_t CountRounds(const Pool& pool, int index,
                    bool (*counts)(Outcome, std::optional<Colour>,
                                   const RankingConfig&),
                    const RankingConfig& config) {
  int64_t count = 0;
  for (int r = 0; r < pool.rounds_of(index); ++r) {
    count += counts(pool.outcome(index, r), pool.colour(index, r), config);
  }
  return count;
}

// The three below combine their conditions with & and | rather than && and
// ||: every round is looked at anyway, and results are too random for the
// branches of a short circuit to be predicted.
bool IsWin(Outcome outcome, std::optional<Colour>,
           const RankingConfig& config) {
  return (outcome == Outcome::kWin) |
         ((outcome == Outcome::kForfeitWin) & config.forfeit_win_counts_as_win);
}

bool IsGameWithBlack(Outcome outcome, std::optional<Colour> colour,
                     const RankingConfig&) {
  // A local, not the call itself: clang's -Wbitwise-instead-of-logical
  // refuses a call beside a bitwise &.
  const bool played = PlayedOverTheBoard(outcome);
  return played & (colour == Colour::kBlack);
}

bool IsWinWithBlack(Outcome outcome, std::optional<Colour> colour,
                    const RankingConfig&) {
  return (outcome == Outcome::kWin) & (colour == Colour::kBlack);
}

int64_t CumulativeScore(const Pool& pool, int index) {
  int64_t running = 0;
  int64_t sum = 0;
  for (int r = 0; r < pool.rounds_of(index); ++r) {
    running += pool.points(index, r);
    sum += running;
  }
  return sum;
}

}  // namespace

int64_t PlayerTieBreak(TieBreak kind, const Pool& pool, int index,
                       const RankingConfig& config) {
  switch (kind) {
    case TieBreak::kOpponentsScore:
      return OpponentsScore(pool, index, config);
    case TieBreak::kWins:
      return CountRounds(pool, index, IsWin, config);
    case TieBreak::kFewerFouls:
      return pool.record(index).fouls;
    case TieBreak::kGamesWithBlack:
      return CountRounds(pool, index, IsGameWithBlack, config);
    case TieBreak::kBuchholz:
      return Buchholz(pool, index, 0, 0);
    case TieBreak::kBuchholzCut1:
      return Buchholz(pool, index, 1, 0);
    case TieBreak::kMedianBuchholz:
      return Buchholz(pool, index, 1, 1);
    case TieBreak::kSonnebornBerger:
      return SonnebornBerger(pool, index, config);
    case TieBreak::kCumulativeScore:
      return CumulativeScore(pool, index);
    case TieBreak::kWinsWithBlack:
      return CountRounds(pool, index, IsWinWithBlack, config);
    case TieBreak::kDirectEncounter:
    case TieBreak::kPreviousRounds:
      return 0;
  }
  return 0;
}

int PreviousRoundsKeyLength(const Pool& pool, const RankingConfig& config) {
  const int rounds = pool.round_count();
  if (config.previous_rounds == PreviousRoundsReading::kSingleRoundResults) {
    return rounds;
  }
  return std::max(rounds - 1, 0);
}

void PreviousRoundsKey(const Pool& pool, int index, const RankingConfig& config,
                       absl::Span<int64_t> key) {
  const int rounds = pool.round_count();
  // points[r]: the points of round r + 1 (0 for rounds not in the record).
  absl::InlinedVector<int, 16> points(rounds, 0);
  for (int r = 0; r < pool.rounds_of(index); ++r) {
    points[r] = pool.points(index, r);
  }
  int at = 0;
  switch (config.previous_rounds) {
    case PreviousRoundsReading::kCumulativeScores: {
      // Scores after rounds R-1 .. 1: the total minus the later rounds.
      int after = 0;
      for (int r = 0; r + 1 < rounds; ++r) after += points[r];
      for (int r = rounds - 2; r >= 0; --r) {
        key[at++] = after;
        after -= points[r];
      }
      break;
    }
    case PreviousRoundsReading::kSingleRoundResults:
      std::copy(points.rbegin(), points.rend(), key.begin());
      break;
    case PreviousRoundsReading::kCumulativeWithoutFirstRounds: {
      // Counting rounds first..R, round r's points (0-based) are in the
      // running score R - r times, however many first rounds are dropped.
      int without = 0;
      for (int r = 0; r < rounds; ++r) without += points[r] * (rounds - r);
      for (int first = 1; first < rounds; ++first) {
        without -= points[first - 1] * (rounds - first + 1);
        key[at++] = without;
      }
      break;
    }
  }
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
    for (int r = 0; r < pool.rounds_of(group[i]); ++r) {
      const Outcome outcome = pool.outcome(group[i], r);
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
