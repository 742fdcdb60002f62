// The players of one Swiss section as seen by the pairing of one round:
// validated input, the R6.2 order, score groups, colour histories, who has
// met whom and who has had a bye. Built once per round; immutable after
// Build(), so the engine, the checker and the brute-force pairer all read the
// same facts. Thread-compatible.
//
// Readings documented here (RULES.md R6.3/R7.1):
// - Colour history counts only games played over the board; forfeits,
//   byes and absences are skipped, so "three in a row" means the last two
//   games actually played plus this one.
// - "Met" includes forfeits: R7.1 counts a forfeit opponent as an opponent,
//   so a pair that was paired and forfeited may not be paired again. A bye or
//   an absence meets nobody.
// - N13.4: a unit is "the same" only when both players have one and the
//   texts are equal byte for byte; withdrawn players' units do not matter.
#ifndef QIWANG_SERVICES_RULES_SWISS_SECTION_H_
#define QIWANG_SERVICES_RULES_SWISS_SECTION_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/swiss/swiss_config.h"

namespace qiwang::rules::swiss {

struct ColourHistory {
  int reds = 0;
  int blacks = 0;
  std::optional<Colour> last;  // colour of the last game played
  bool last_two_same = false;  // the last two games played had one colour
};

// R6.3: may this player receive `colour` this round?
bool ColourAllowed(const ColourHistory& history, Colour colour);
// R6.5 first colour preference: alternate from the last game played.
bool RepeatsLastColour(const ColourHistory& history, Colour colour);
// R6.5 second colour preference: move toward equal red and black counts.
bool WidensImbalance(const ColourHistory& history, Colour colour);

// One player to be paired this round (not withdrawn).
struct Entrant {
  PlayerId id = kNoPlayer;
  int pairing_number = 0;
  int score = 0;
  int group = 0;     // score group, 0 = highest score
  int position = 0;  // 0-based position inside the score group
  ColourHistory colours;
  bool had_bye = false;
  std::string unit;  // N13.4; empty: none
};

class Section {
 public:
  // INVALID_ARGUMENT naming the field when the records are malformed:
  // round < 1, ids or pairing numbers not positive or repeated, a player
  // without exactly round - 1 round records, an unknown opponent, or a
  // pending result from an earlier round. Reads the configuration's
  // scoring and same-unit avoidance only.
  static absl::StatusOr<Section> Build(const std::vector<PlayerRecord>& players,
                                       int round, const SwissConfig& config);

  int round() const { return round_; }
  // Entrants in R6.2 order: score descending, then pairing number ascending.
  const std::vector<Entrant>& entrants() const { return entrants_; }
  int size() const { return static_cast<int>(entrants_.size()); }
  const Entrant& at(int index) const { return entrants_[index]; }
  int group_count() const { return static_cast<int>(group_begin_.size()); }
  int group_begin(int group) const { return group_begin_[group]; }
  int group_size(int group) const;
  // The entrant's index in R6.2 order, or nullopt for an unknown or
  // withdrawn player.
  std::optional<int> IndexOf(PlayerId id) const;
  bool IsWithdrawn(PlayerId id) const { return withdrawn_.contains(id); }
  // Have entrants `a` and `b` (indices) been paired before (R6.3)?
  bool HaveMet(int a, int b) const;
  // How N13.4 applies this round.
  SameUnitRule same_unit_rule() const { return same_unit_rule_; }
  // Do entrants `a` and `b` (indices) represent one unit (N13.4)?
  bool SameUnit(int a, int b) const;
  // May `a` and `b` be paired this round as far as R6.3 and N13.4's
  // absolute rounds go (colours aside)?
  bool MayMeet(int a, int b) const;

 private:
  int round_ = 0;
  SameUnitRule same_unit_rule_ = SameUnitRule::kNone;
  std::vector<Entrant> entrants_;
  std::vector<int> group_begin_;
  absl::flat_hash_map<PlayerId, int> index_of_;
  absl::flat_hash_set<PlayerId> withdrawn_;
  absl::flat_hash_set<std::pair<PlayerId, PlayerId>> met_;  // (low, high)
};

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_SECTION_H_
