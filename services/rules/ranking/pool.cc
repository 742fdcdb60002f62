#include "services/rules/ranking/pool.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::rules {
namespace {

absl::Status RoundError(PlayerId player, int round, absl::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("R5.3: player ", player, " round ", round + 1, ": ", what));
}

}  // namespace

uint32_t Pool::Round(const RoundRecord& round, int opponent) {
  const uint32_t colour = round.colour.has_value()
                              ? 1 + static_cast<uint32_t>(*round.colour)
                              : kNoColour;
  return static_cast<uint32_t>(round.outcome) | colour << kColourShift |
         static_cast<uint32_t>(opponent + 2) << kOpponentShift;
}

absl::Status Pool::CheckRound(int index, int round) const {
  const Fault fault = FaultOf(index, round, false);
  if (fault == Fault::kNone) return absl::OkStatus();
  const PlayerId named = records_[index].rounds[round].opponent;
  const auto with_opponent = [&](absl::string_view before,
                                 absl::string_view after) {
    return absl::StrCat(before, records_[opponent(index, round)].id, after);
  };
  std::string what;
  switch (fault) {
    case Fault::kNone:
      break;
    case Fault::kByeNamesOpponent:
      what = absl::StrCat("a bye or absence names opponent ", named);
      break;
    case Fault::kNoOpponent:
      what = "the result has no opponent";
      break;
    case Fault::kOpponentNotInPool:
      what = absl::StrCat("opponent ", named, " is not in the pool");
      break;
    case Fault::kPlaysItself:
      what = "plays itself";
      break;
    case Fault::kNotNamedBack:
      what = with_opponent("opponent ", " does not name this player back");
      break;
    case Fault::kResultsDisagree:
      what = with_opponent("the result disagrees with opponent ", "'s record");
      break;
    case Fault::kColours:
      what =
          with_opponent("the game with ", " needs one red and one black side");
      break;
  }
  return RoundError(records_[index].id, round, what);
}

// Each game is checked from the side of its lower index only. Seen from
// there, game (i, j) finds j naming i back, so two such games never find the
// same side; when a round has as many sides naming a lower index as games
// checked, every one of them is the back of a checked game.
bool Pool::GamesAgree() const {
  std::vector<int> unmatched(round_count_, 0);  // per round
  for (int i = 0; i < size(); ++i) {
    for (int r = 0; r < rounds_of(i); ++r) {
      if (FaultOf(i, r, true) != Fault::kNone) return false;
      const int other = Opponent(at(i, r));
      if (other >= 0) unmatched[r] += other > i ? 1 : -1;
    }
  }
  return std::all_of(unmatched.begin(), unmatched.end(),
                     [](int count) { return count == 0; });
}

absl::StatusOr<Pool> Pool::Build(absl::Span<const PlayerRecord> records,
                                 const Scoring& scoring) {
  if (records.size() > kMaxPlayers) {
    return absl::OutOfRangeError(
        absl::StrCat("R7: ", records.size(), " players in one pool, more than ",
                     kMaxPlayers, " can be ranked"));
  }
  Pool pool(records);
  PlayerId largest_id = 0;
  size_t round_total = 0;
  for (const PlayerRecord& player : records) {
    largest_id = std::max(largest_id, player.id);
    round_total += player.rounds.size();
  }
  const bool dense =
      largest_id < 4 * static_cast<PlayerId>(records.size()) + 64;
  if (dense) {
    pool.dense_index_of_.assign(largest_id + 1, kNoIndex);
  } else {
    pool.index_of_.reserve(records.size());
  }
  for (int i = 0; i < static_cast<int>(records.size()); ++i) {
    const PlayerId id = records[i].id;
    if (id <= kNoPlayer) {
      return absl::InvalidArgumentError(
          absl::StrCat("R7: player id ", id, " is not a valid id"));
    }
    const bool first_seen =
        dense ? std::exchange(pool.dense_index_of_[id], i) == kNoIndex
              : pool.index_of_.emplace(id, i).second;
    if (!first_seen) {
      return absl::InvalidArgumentError(
          absl::StrCat("R7: player ", id, " appears twice in the pool"));
    }
  }
  for (Outcome outcome :
       {Outcome::kWin, Outcome::kDraw, Outcome::kLoss, Outcome::kForfeitWin,
        Outcome::kForfeitLoss, Outcome::kDoubleForfeit, Outcome::kBye,
        Outcome::kAbsent, Outcome::kPending}) {
    for (std::optional<Colour> colour :
         {std::optional<Colour>(), std::optional<Colour>(Colour::kRed),
          std::optional<Colour>(Colour::kBlack)}) {
      const RoundRecord round{kNoPlayer, colour, outcome};
      pool.points_of_side_[Round(round, kNoIndex) & kSideMask] =
          scoring.Points(round);
    }
  }
  pool.scores_.reserve(records.size());
  pool.offsets_.reserve(records.size() + 1);
  pool.rounds_.reserve(round_total);
  for (const PlayerRecord& player : records) {
    pool.offsets_.push_back(static_cast<int>(pool.rounds_.size()));
    int score = 0;
    for (const RoundRecord& round : player.rounds) {
      int opponent = kNoIndex;
      if (round.opponent != kNoPlayer) {
        opponent = pool.IndexOf(round.opponent);
        if (opponent == kNoIndex) opponent = kNotInPool;
      }
      pool.rounds_.push_back(Round(round, opponent));
      score += pool.points_of_side_[pool.rounds_.back() & kSideMask];
    }
    pool.scores_.push_back(score);
    if (score > 0 && (pool.lowest_score_with_points_ == 0 ||
                      score < pool.lowest_score_with_points_)) {
      pool.lowest_score_with_points_ = score;
    }
    pool.round_count_ =
        std::max(pool.round_count_, static_cast<int>(player.rounds.size()));
  }
  pool.offsets_.push_back(static_cast<int>(pool.rounds_.size()));
  if (!pool.GamesAgree()) {
    for (int i = 0; i < pool.size(); ++i) {
      for (int r = 0; r < pool.rounds_of(i); ++r) {
        if (absl::Status status = pool.CheckRound(i, r); !status.ok()) {
          return status;
        }
      }
    }
  }
  return pool;
}

}  // namespace qiwang::rules
