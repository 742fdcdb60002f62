// A validated, indexed view of one pairing pool (a section, or an age group
// pooled across genders, R2.3) for ranking: every player's current score and
// each round's opponent resolved to an index. Built once per ranking; cheap
// to query. Immutable after Build, so safe to share between threads.
#ifndef QIWANG_SERVICES_RULES_RANKING_POOL_H_
#define QIWANG_SERVICES_RULES_RANKING_POOL_H_

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
  // Errors: INVALID_ARGUMENT naming the player, the round and the rule.
  // `records` must outlive the Pool.
  static absl::StatusOr<Pool> Build(absl::Span<const PlayerRecord> records,
                                    const Scoring& scoring);

  int size() const { return static_cast<int>(records_.size()); }
  const PlayerRecord& record(int index) const { return records_[index]; }
  int score(int index) const { return scores_[index]; }
  // Index of the opponent in round `round` (0-based), or kNoIndex.
  int opponent(int index, int round) const {
    return opponents_[offsets_[index] + round];
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
  explicit Pool(absl::Span<const PlayerRecord> records) : records_(records) {}

  absl::Span<const PlayerRecord> records_;
  // Ids are looked up in `dense_index_of_` (by id) when every id is at most
  // a few times the pool's size, as a section's pairing ids are; otherwise
  // in `index_of_`.
  std::vector<int> dense_index_of_;
  absl::flat_hash_map<PlayerId, int> index_of_;
  std::vector<int> scores_;
  std::vector<int> offsets_;    // into opponents_, per player
  std::vector<int> opponents_;  // flattened per player and round
  int round_count_ = 0;
  int lowest_score_with_points_ = 0;
};

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_RANKING_POOL_H_
