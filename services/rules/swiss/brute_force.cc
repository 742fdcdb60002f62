// Boards are judged one at a time by the checker (a one-board pairing: its
// R6.3 violations and its cost). Because the checker's cost of a pairing is
// a sum over its boards and its bye, the best colouring of each board can be
// chosen board by board while every matching is enumerated; the winning
// pairing is then checked whole, which also verifies that additivity.
#include "services/rules/swiss/brute_force.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {
namespace {

// The absolute criteria: R6.3, and N13.4 in its absolute rounds.
bool BreaksAbsoluteCriterion(const PairingCheck& check) {
  return std::any_of(
      check.violations.begin(), check.violations.end(),
      [](const Violation& v) { return v.rule == "R6.3" || v.rule == "N13.4"; });
}

struct Option {
  RoundPairing part;
  CostVector cost;
};

class Enumerator {
 public:
  explicit Enumerator(const Section& section)
      : section_(section),
        n_(section.size()),
        board_(n_ * n_),
        bye_(n_),
        used_(n_, false) {}

  absl::Status Prepare() {
    for (int a = 0; a < n_; ++a) {
      for (int b = 0; b < n_; ++b) {
        if (a == b) continue;
        RoundPairing one{{{section_.at(a).id, section_.at(b).id}}, kNoPlayer};
        absl::StatusOr<std::optional<Option>> option = Judge(one);
        if (!option.ok()) return option.status();
        board_[a * n_ + b] = *std::move(option);
      }
      absl::StatusOr<std::optional<Option>> bye =
          Judge(RoundPairing{{}, section_.at(a).id});
      if (!bye.ok()) return bye.status();
      bye_[a] = *std::move(bye);
    }
    return absl::OkStatus();
  }

  std::optional<Option> Best() {
    Option start;
    start.cost.score_gaps.assign(section_.group_count(), 0);
    Extend(start, n_ % 2 == 1);
    return std::move(best_);
  }

 private:
  absl::StatusOr<std::optional<Option>> Judge(const RoundPairing& part) {
    absl::StatusOr<PairingCheck> check = CheckPairing(section_, part);
    if (!check.ok()) return check.status();
    if (BreaksAbsoluteCriterion(*check)) return std::optional<Option>();
    return std::optional<Option>(Option{part, std::move(check->cost)});
  }

  static Option Joined(const Option& so_far, const Option& more) {
    Option joined = so_far;
    joined.part.boards.insert(joined.part.boards.end(),
                              more.part.boards.begin(), more.part.boards.end());
    if (more.part.bye != kNoPlayer) joined.part.bye = more.part.bye;
    joined.cost += more.cost;
    return joined;
  }

  void Extend(const Option& so_far, bool bye_open) {
    const int first = static_cast<int>(
        std::find(used_.begin(), used_.end(), false) - used_.begin());
    if (first == n_) {
      if (!best_.has_value() || so_far.cost < best_->cost) best_ = so_far;
      return;
    }
    used_[first] = true;
    if (bye_open && bye_[first].has_value()) {
      Extend(Joined(so_far, *bye_[first]), false);
    }
    for (int other = first + 1; other < n_; ++other) {
      if (used_[other]) continue;
      const std::optional<Option>* best_colouring = nullptr;
      for (const std::optional<Option>* colouring :
           {&board_[first * n_ + other], &board_[other * n_ + first]}) {
        if (colouring->has_value() &&
            (best_colouring == nullptr ||
             (*colouring)->cost < (*best_colouring)->cost)) {
          best_colouring = colouring;
        }
      }
      if (best_colouring == nullptr) continue;
      used_[other] = true;
      Extend(Joined(so_far, **best_colouring), bye_open);
      used_[other] = false;
    }
    used_[first] = false;
  }

  const Section& section_;
  const int n_;
  std::vector<std::optional<Option>> board_;  // [red * n + black]
  std::vector<std::optional<Option>> bye_;
  std::vector<bool> used_;
  std::optional<Option> best_;
};

}  // namespace

absl::StatusOr<std::optional<PairedRound>> BruteForcePairing(
    const std::vector<PlayerRecord>& players, int round,
    const SwissConfig& config) {
  absl::StatusOr<Section> section = Section::Build(players, round, config);
  if (!section.ok()) return section.status();
  if (section->size() > kMaxBruteForceEntrants) {
    return absl::InvalidArgumentError(absl::StrCat(
        "players: brute force pairs at most ", kMaxBruteForceEntrants,
        " entrants, got ", section->size()));
  }
  Enumerator enumerator(*section);
  if (absl::Status status = enumerator.Prepare(); !status.ok()) return status;
  std::optional<Option> best = enumerator.Best();
  if (!best.has_value()) return std::optional<PairedRound>();
  absl::StatusOr<PairingCheck> whole = CheckPairing(*section, best->part);
  if (!whole.ok()) return whole.status();
  if (!whole->legal() || whole->cost != best->cost) {
    return absl::InternalError(
        absl::StrCat("brute force: the checker's cost is not additive: ",
                     whole->cost.ToString(), " vs ", best->cost.ToString()));
  }
  PairedRound result;
  result.pairing = std::move(best->part);
  result.cost = std::move(whole->cost);
  return std::optional<PairedRound>(std::move(result));
}

}  // namespace qiwang::rules::swiss
