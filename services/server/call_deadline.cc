#include "services/server/call_deadline.h"

#include <algorithm>
#include <chrono>

namespace qiwang::server {

absl::Time WaitDeadline(const grpc::CallbackServerContext& context) {
  const absl::Time cap = absl::Now() + kLongestWait;
  if (context.deadline() >= std::chrono::system_clock::time_point::max()) {
    return cap;
  }
  return std::min(absl::FromChrono(context.deadline()), cap);
}

}  // namespace qiwang::server
