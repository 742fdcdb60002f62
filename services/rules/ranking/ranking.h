// Standings of one ranking category (R7): order by score, then the
// configured tie-break chain, then the chief arbiter's drawn lots (R7.3).
// Pure and deterministic; the standings projection calls it with the
// records folded from the log up to the position asked for (R7.5).
#ifndef QIWANG_SERVICES_RULES_RANKING_RANKING_H_
#define QIWANG_SERVICES_RULES_RANKING_RANKING_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "services/rules/core/records.h"
#include "services/rules/ranking/tie_break.h"

namespace qiwang::rules {

// R7.3: lots drawn by the chief arbiter for one tied group, best first. It
// breaks exactly the tie among this set of players: it applies only when
// these players, and no others, are still tied after the whole chain.
struct DrawnLot {
  std::vector<PlayerId> order;
};

struct RankingRequest {
  // R2.3: the players to rank (e.g. the women of a pool that pairs both
  // genders); empty ranks the whole pool. Opponents' scores and every other
  // tie-break still read the whole pool.
  std::vector<PlayerId> players;
  std::vector<DrawnLot> lots;
};

// One tie-break of one row, read from its Standings (valid while they live).
// `value` for every kind but kPreviousRounds, whose compared values are in
// `sequence` (see PreviousRoundsKey). For kDirectEncounter, the points
// against the players tied with this one when the chain reached it (0 when
// nobody was).
struct TieBreakValue {
  TieBreak kind;
  int64_t value = 0;
  absl::Span<const int64_t> sequence;
};

struct Standing {
  PlayerId player = kNoPlayer;
  int rank = 0;  // shared ranks are equal and the next one skips: 1,2,2,4
  int score = 0;
  bool placed_by_lot = false;  // R7.3 decided this rank
  bool withdrawn = false;      // R4.4, for display and prizes
};

// The rows and, in one flat table beside them (two allocations however many
// rows), their tie-break values; read those with TieBreakAt.
struct Standings {
  std::vector<Standing> rows;  // best first; equal ranks by pairing number
  // Indices into RankingRequest::lots that matched no tied group (stale
  // after an appeal, or drawn for another category): not applied.
  std::vector<int> unused_lots;
  std::vector<TieBreak> chain;  // the tie-breaks of every row, in order
  // rows[r]'s numbers are numbers[r * stride(), (r + 1) * stride()): the
  // value of each step of the chain, then the R7.2 sequence
  // (sequence_length values, 0 when kPreviousRounds is not in the chain).
  int sequence_length = 0;
  std::vector<int64_t> numbers;

  int stride() const {
    return static_cast<int>(chain.size()) + sequence_length;
  }
  // Tie-break `k` (0 <= k < chain.size()) of rows[row].
  TieBreakValue TieBreakAt(int row, int k) const {
    const int64_t* row_numbers =
        numbers.data() + static_cast<size_t>(row) * stride();
    TieBreakValue value{chain[k], row_numbers[k], {}};
    if (chain[k] == TieBreak::kPreviousRounds) {
      value.sequence =
          absl::MakeConstSpan(row_numbers + chain.size(), sequence_length);
    }
    return value;
  }
};

// Errors (nothing is ranked): INVALID_ARGUMENT for an inconsistent pool
// (see Pool::Build), a requested player not in the pool or listed twice,
// a lot with fewer than two players, a repeated player or a player not in
// the pool.
absl::StatusOr<Standings> Rank(absl::Span<const PlayerRecord> pool,
                               const RankingConfig& config,
                               const RankingRequest& request = {});

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_RANKING_RANKING_H_
