#include "services/rules/ranking/pool.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::rules {
namespace {

bool HasOpponent(Outcome outcome) {
  return outcome != Outcome::kBye && outcome != Outcome::kAbsent;
}

absl::Status RoundError(PlayerId player, int round, absl::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("R5.3: player ", player, " round ", round + 1, ": ", what));
}

absl::Status CheckRound(const Pool& pool, int index, int round) {
  const PlayerRecord& player = pool.record(index);
  const RoundRecord& mine = player.rounds[round];
  if (!HasOpponent(mine.outcome)) {
    if (mine.opponent != kNoPlayer) {
      return RoundError(
          player.id, round,
          absl::StrCat("a bye or absence names opponent ", mine.opponent));
    }
    return absl::OkStatus();
  }
  if (mine.opponent == kNoPlayer) {
    return RoundError(player.id, round, "the result has no opponent");
  }
  const int other = pool.opponent(index, round);
  if (other == Pool::kNoIndex) {
    return RoundError(
        player.id, round,
        absl::StrCat("opponent ", mine.opponent, " is not in the pool"));
  }
  if (other == index) return RoundError(player.id, round, "plays itself");
  const PlayerRecord& opponent = pool.record(other);
  if (static_cast<int>(opponent.rounds.size()) <= round ||
      opponent.rounds[round].opponent != player.id) {
    return RoundError(player.id, round,
                      absl::StrCat("opponent ", opponent.id,
                                   " does not name this player back"));
  }
  const RoundRecord& theirs = opponent.rounds[round];
  if (theirs.outcome != MirrorOutcome(mine.outcome)) {
    return RoundError(player.id, round,
                      absl::StrCat("the result disagrees with opponent ",
                                   opponent.id, "'s record"));
  }
  if (PlayedOverTheBoard(mine.outcome) &&
      (!mine.colour.has_value() || !theirs.colour.has_value() ||
       *mine.colour == *theirs.colour)) {
    return RoundError(player.id, round,
                      absl::StrCat("the game with ", opponent.id,
                                   " needs one red and one black side"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Pool> Pool::Build(absl::Span<const PlayerRecord> records,
                                 const Scoring& scoring) {
  Pool pool(records);
  PlayerId largest_id = 0;
  for (const PlayerRecord& player : records) {
    largest_id = std::max(largest_id, player.id);
  }
  const bool dense =
      largest_id < 4 * static_cast<PlayerId>(records.size()) + 64;
  if (dense) {
    pool.dense_index_of_.assign(largest_id + 1, kNoIndex);
  } else {
    pool.index_of_.reserve(records.size());
  }
  pool.scores_.reserve(records.size());
  pool.offsets_.reserve(records.size() + 1);
  for (int i = 0; i < static_cast<int>(records.size()); ++i) {
    const PlayerRecord& player = records[i];
    if (player.id <= kNoPlayer) {
      return absl::InvalidArgumentError(
          absl::StrCat("R7: player id ", player.id, " is not a valid id"));
    }
    const bool first_seen =
        dense ? std::exchange(pool.dense_index_of_[player.id], i) == kNoIndex
              : pool.index_of_.emplace(player.id, i).second;
    if (!first_seen) {
      return absl::InvalidArgumentError(
          absl::StrCat("R7: player ", player.id, " appears twice in the pool"));
    }
    const int score = player.Score(scoring);
    pool.scores_.push_back(score);
    if (score > 0 && (pool.lowest_score_with_points_ == 0 ||
                      score < pool.lowest_score_with_points_)) {
      pool.lowest_score_with_points_ = score;
    }
    pool.offsets_.push_back(static_cast<int>(pool.opponents_.size()));
    pool.round_count_ =
        std::max(pool.round_count_, static_cast<int>(player.rounds.size()));
    pool.opponents_.resize(pool.opponents_.size() + player.rounds.size());
  }
  for (int i = 0; i < pool.size(); ++i) {
    const PlayerRecord& player = records[i];
    for (int r = 0; r < static_cast<int>(player.rounds.size()); ++r) {
      const PlayerId opponent = player.rounds[r].opponent;
      pool.opponents_[pool.offsets_[i] + r] =
          opponent == kNoPlayer ? kNoIndex : pool.IndexOf(opponent);
    }
  }
  for (int i = 0; i < pool.size(); ++i) {
    for (int r = 0; r < static_cast<int>(records[i].rounds.size()); ++r) {
      if (absl::Status status = CheckRound(pool, i, r); !status.ok()) {
        return status;
      }
    }
  }
  return pool;
}

}  // namespace qiwang::rules
