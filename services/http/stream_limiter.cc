#include "services/http/stream_limiter.h"

#include "absl/strings/str_cat.h"
#include "base/annotated_lock.h"

namespace qiwang::http {

absl::Status StreamLimiter::Acquire(const std::string& client) {
  base::AnnotatedLock lock(&mutex_);
  int& open = open_[client];
  if (max_per_client_ > 0 && open >= max_per_client_) {
    if (open == 0) open_.erase(client);
    return absl::ResourceExhaustedError(absl::StrCat(
        "this address holds ", max_per_client_,
        " open streams already (--http_max_streams_per_client); close one"));
  }
  ++open;
  return absl::OkStatus();
}

void StreamLimiter::Release(const std::string& client) {
  base::AnnotatedLock lock(&mutex_);
  auto found = open_.find(client);
  if (found == open_.end()) return;
  if (--found->second <= 0) open_.erase(found);
}

}  // namespace qiwang::http
