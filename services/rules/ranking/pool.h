// A validated, indexed view of one pairing pool (a section, or an age group
// pooled across genders, R2.3) for ranking: every player's current score and,
// in one flat array of four bytes a round, each round's opponent as an index
// with its outcome and colour. Built once per ranking, reading the records
// once; cheap to query. Immutable after Build, so safe to share between
// threads.
#ifndef QIWANG_SERVICES_RULES_RANKING_POOL_H_
#define QIWANG_SERVICES_RULES_RANKING_POOL_H_

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "services/rules/core/records.h"

namespace qiwang::rules {

class Pool {
 public:
  static constexpr int kNoIndex = -1;

  // Checks that the records describe one consistent crosstable: ids > 0 and
  // unique; an opponent exactly for the outcomes that have one (not for
  // kBye / kAbsent); the opponent is in the pool, is not the player, and
  // records the mirror outcome (win/loss, draw/draw, forfeit win/forfeit
  // loss, double forfeit, pending) against this player in the same round;
  // over-the-board games have colours, opposite on the two sides.
  // Errors: INVALID_ARGUMENT naming the player, the round and the rule;
  // OUT_OF_RANGE for more than kMaxPlayers (64 million) players.
  // `records` must outlive the Pool.
  static absl::StatusOr<Pool> Build(absl::Span<const PlayerRecord> records,
                                    const Scoring& scoring);

  int size() const { return static_cast<int>(records_.size()); }
  const PlayerRecord& record(int index) const { return records_[index]; }
  int score(int index) const { return scores_[index]; }
  // Rounds in the player's record: `round` below takes 0..rounds_of - 1.
  int rounds_of(int index) const {
    return offsets_[index + 1] - offsets_[index];
  }
  // Index of the opponent in round `round` (0-based), or kNoIndex.
  int opponent(int index, int round) const {
    return std::max(Opponent(at(index, round)), kNoIndex);
  }
  Outcome outcome(int index, int round) const {
    return static_cast<Outcome>(at(index, round) & kOutcomeMask);
  }
  std::optional<Colour> colour(int index, int round) const {
    const uint32_t colour = (at(index, round) >> kColourShift) & kColourMask;
    if (colour == kNoColour) return std::nullopt;
    return static_cast<Colour>(colour - 1);
  }
  // Scoring::Points of the round, with the Scoring given to Build.
  int points(int index, int round) const {
    return points_of_side_[at(index, round) & kSideMask];
  }
  // Index of `id`, or kNoIndex when the id is not in the pool.
  int IndexOf(PlayerId id) const {
    if (!dense_index_of_.empty()) {
      return id > 0 && id < static_cast<PlayerId>(dense_index_of_.size())
                 ? dense_index_of_[id]
                 : kNoIndex;
    }
    auto it = index_of_.find(id);
    return it == index_of_.end() ? kNoIndex : it->second;
  }
  // Rounds in the section: the longest history in the pool.
  int round_count() const { return round_count_; }
  // The lowest current score above 0 in the pool; 0 when nobody has points
  // (2011 rules 14.4, the bye's stand-in opponent).
  int lowest_score_with_points() const { return lowest_score_with_points_; }

 private:
  // A round in four bytes: the outcome in the low bits, then kNoColour or
  // 1 + the colour (together, the side), then the opponent's index + 2
  // (kNoIndex without an opponent, kNotInPool for an id not in the pool).
  static constexpr uint32_t kOutcomeMask = 0x0f;
  static constexpr int kColourShift = 4;
  static constexpr uint32_t kColourMask = 0x03;
  static constexpr uint32_t kNoColour = 0;
  static constexpr uint32_t kSideMask = 0x3f;
  static constexpr int kOpponentShift = 6;
  static constexpr int kNotInPool = -2;
  // Pools up to this size fit.
  static constexpr int kMaxPlayers = (1 << (32 - kOpponentShift)) - 2;

  static uint32_t Round(const RoundRecord& round, int opponent);
  static int Opponent(uint32_t round) {
    return static_cast<int>(round >> kOpponentShift) - 2;
  }
  uint32_t at(int index, int round) const {
    return rounds_[offsets_[index] + round];
  }

  explicit Pool(absl::Span<const PlayerRecord> records) : records_(records) {}

  // What R5.3 finds wrong with one round of one player, first found first.
  enum class Fault : uint8_t {
    kNone,
    kByeNamesOpponent,
    kNoOpponent,
    kOpponentNotInPool,
    kPlaysItself,
    kNotNamedBack,
    kResultsDisagree,
    kColours,
  };
  // With `mirror_from_lower_index`, a game with a lower index is left to
  // that player's round (see GamesAgree).
  Fault FaultOf(int index, int round, bool mirror_from_lower_index) const {
    const Outcome mine = outcome(index, round);
    const int other = Opponent(at(index, round));
    if (mine == Outcome::kBye || mine == Outcome::kAbsent) {
      return other == kNoIndex ? Fault::kNone : Fault::kByeNamesOpponent;
    }
    if (other == kNoIndex) return Fault::kNoOpponent;
    if (other == kNotInPool) return Fault::kOpponentNotInPool;
    if (other == index) return Fault::kPlaysItself;
    if (mirror_from_lower_index && other < index) return Fault::kNone;
    // Ids are unique, so the opponent names this player back exactly when
    // their round resolves to this index.
    if (rounds_of(other) <= round || opponent(other, round) != index) {
      return Fault::kNotNamedBack;
    }
    if (outcome(other, round) != MirrorOutcome(mine)) {
      return Fault::kResultsDisagree;
    }
    const std::optional<Colour> my_colour = colour(index, round);
    const std::optional<Colour> their_colour = colour(other, round);
    if (PlayedOverTheBoard(mine) &&
        (!my_colour.has_value() || !their_colour.has_value() ||
         *my_colour == *their_colour)) {
      return Fault::kColours;
    }
    return Fault::kNone;
  }
  // FaultOf as the error Build returns.
  absl::Status CheckRound(int index, int round) const;
  // Whether every round passes CheckRound; the fast way, no error named.
  bool GamesAgree() const;

  absl::Span<const PlayerRecord> records_;
  // Ids are looked up in `dense_index_of_` (by id) when every id is at most
  // a few times the pool's size, as a section's pairing ids are; otherwise
  // in `index_of_`.
  std::vector<int> dense_index_of_;
  absl::flat_hash_map<PlayerId, int> index_of_;
  std::vector<int> scores_;
  // Per player and round, flattened: player i's rounds from offsets_[i] (one
  // offset more than players).
  std::vector<int> offsets_;
  std::vector<uint32_t> rounds_;
  std::array<int, kSideMask + 1> points_of_side_{};
  int round_count_ = 0;
  int lowest_score_with_points_ = 0;
};

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_RANKING_POOL_H_
