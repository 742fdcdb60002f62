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

// One tie-break of one player. `value` for every kind but kPreviousRounds,
// whose compared values are in `sequence` (see PreviousRoundsKey). For
// kDirectEncounter, the points against the players tied with this one when
// the chain reached it (0 when nobody was).
struct TieBreakValue {
  TieBreak kind;
  int64_t value = 0;
  std::vector<int> sequence;
};

struct Standing {
  PlayerId player = kNoPlayer;
  int rank = 0;  // shared ranks are equal and the next one skips: 1,2,2,4
  int score = 0;
  std::vector<TieBreakValue> tie_breaks;  // in the order of the chain
  bool placed_by_lot = false;             // R7.3 decided this rank
  bool withdrawn = false;                 // R4.4, for display and prizes
};

struct Standings {
  std::vector<Standing> rows;  // best first; equal ranks by pairing number
  // Indices into RankingRequest::lots that matched no tied group (stale
  // after an appeal, or drawn for another category): not applied.
  std::vector<int> unused_lots;
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
