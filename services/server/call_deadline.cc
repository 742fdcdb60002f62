#include "services/server/call_deadline.h"

#include <algorithm>
#include <chrono>

namespace qiwang::server {

absl::Time WaitDeadline(const grpc::CallbackServerContext& context,
                        absl::Duration longest) {
  const absl::Time cap = absl::Now() + longest;
  if (context.deadline() >= std::chrono::system_clock::time_point::max()) {
    return cap;
  }
  const absl::Time deadline = absl::FromChrono(context.deadline());
  // A short deadline keeps all of it: the margin would leave nothing.
  const absl::Time answer_by = deadline - absl::Now() > 2 * kAnswerMargin
                                   ? deadline - kAnswerMargin
                                   : deadline;
  return std::min(answer_by, cap);
}

}  // namespace qiwang::server
