#include "services/rules/swiss/cost_vector.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace qiwang::rules::swiss {

CostVector& CostVector::operator+=(const CostVector& other) {
  bye_rank += other.bye_rank;
  score_gaps.resize(std::max(score_gaps.size(), other.score_gaps.size()), 0);
  for (size_t g = 0; g < other.score_gaps.size(); ++g) {
    score_gaps[g] += other.score_gaps[g];
  }
  colour_repeats += other.colour_repeats;
  colour_imbalances += other.colour_imbalances;
  half_distance += other.half_distance;
  same_unit_boards += other.same_unit_boards;
  return *this;
}

std::string CostVector::ToString() const {
  return absl::StrCat("{bye_rank ", bye_rank, ", score_gaps [",
                      absl::StrJoin(score_gaps, " "), "], colour_repeats ",
                      colour_repeats, ", colour_imbalances ", colour_imbalances,
                      ", half_distance ", half_distance, ", same_unit_boards ",
                      same_unit_boards, "}");
}

}  // namespace qiwang::rules::swiss
