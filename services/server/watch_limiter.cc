#include "services/server/watch_limiter.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/annotated_lock.h"

namespace qiwang::server {

absl::Status WatchLimiter::Acquire(const std::string& client) {
  // qiwangd's own HTTP front calls in process for every HTTP client at once
  // and limits streams per client address itself (--http_max_streams_per_
  // client). The transport names the peer, so no remote client can claim it.
  if (absl::StartsWith(client, "inproc")) return absl::OkStatus();
  base::AnnotatedLock lock(&mutex_);
  int& open = open_[client];
  if (max_per_client_ > 0 && open >= max_per_client_) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "watch streams: ", client, " has ", open,
        " open, the most one client "
        "may hold (qiwangd --max_watches_per_client); close one and retry"));
  }
  ++open;
  return absl::OkStatus();
}

void WatchLimiter::Release(const std::string& client) {
  base::AnnotatedLock lock(&mutex_);
  auto it = open_.find(client);
  if (it == open_.end()) return;
  if (--it->second <= 0) open_.erase(it);
}

std::string WatchLimiter::ClientOf(absl::string_view peer) {
  const size_t colon = peer.rfind(':');
  const size_t first = peer.find(':');
  if (colon == absl::string_view::npos || colon == first) {
    return std::string(peer);
  }
  return std::string(peer.substr(0, colon));
}

}  // namespace qiwang::server
