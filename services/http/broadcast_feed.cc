#include "services/http/broadcast_feed.h"

#include <utility>
#include <vector>

#include "base/annotated_lock.h"
#include "services/http/line_patch.h"
#include "services/http/sse_encoding.h"

namespace qiwang::http {

class BroadcastFeed::Handle : public LiveFeed::Subscription {
 public:
  Handle(std::shared_ptr<BroadcastFeed> feed, uint64_t id)
      : feed_(std::move(feed)), id_(id) {}
  ~Handle() override { feed_->Unsubscribe(id_); }

 private:
  std::shared_ptr<BroadcastFeed> feed_;
  uint64_t id_;
};

bool BroadcastFeed::Publish(LiveMessage message) {
  // Publishes are serialised by delivering_, so latest_ stays as read here
  // until this one replaces it.
  base::AnnotatedLock delivering(&delivering_);
  std::shared_ptr<const LiveMessage> previous = Latest();
  if (previous != nullptr && previous->position >= message.position) {
    return false;
  }
  message.encoded = SseChunk(message);
  if (previous != nullptr && previous->event == message.event) {
    if (std::optional<std::string> patch =
            LinePatch(previous->position, previous->data, message.data)) {
      LiveMessage patch_message;
      patch_message.position = message.position;
      patch_message.event = "patch";
      patch_message.data = *std::move(patch);
      EncodedPatch newest{previous->position, SseChunk(patch_message)};
      // The chain from older messages goes back while it stays smaller than
      // the whole message: a stream a few messages behind catches up by
      // patches, one further behind gets the whole.
      size_t total = newest.encoded->size();
      auto oldest = previous->patches.end();
      while (oldest != previous->patches.begin() &&
             previous->patches.end() - oldest < kMaxPatchChain - 1 &&
             total + (oldest - 1)->encoded->size() < message.encoded->size()) {
        --oldest;
        total += oldest->encoded->size();
      }
      message.patches.assign(oldest, previous->patches.end());
      message.patches.push_back(std::move(newest));
    }
  }
  auto shared = std::make_shared<const LiveMessage>(std::move(message));
  std::vector<
      std::shared_ptr<std::function<void(std::shared_ptr<const LiveMessage>)>>>
      callbacks;
  {
    base::AnnotatedLock lock(&mutex_);
    latest_ = shared;
    callbacks.reserve(subscribers_.size());
    for (const auto& [id, callback] : subscribers_)
      callbacks.push_back(callback);
  }
  for (const auto& callback : callbacks) (*callback)(shared);
  return true;
}

void BroadcastFeed::PublishLazily(uint64_t position, Build build) {
  {
    base::AnnotatedLock lock(&mutex_);
    if ((latest_ != nullptr && latest_->position >= position) ||
        (unbuilt_ != nullptr && unbuilt_position_ >= position)) {
      return;
    }
    // With a subscriber there is no unbuilt offer: Subscribe took it.
    if (subscribers_.empty()) {
      unbuilt_position_ = position;
      unbuilt_ = std::move(build);
      return;
    }
  }
  PublishBuilt(build);
}

void BroadcastFeed::PublishBuilt(const Build& build) {
  if (build == nullptr) return;
  if (std::optional<LiveMessage> message = build()) {
    Publish(*std::move(message));
  }
}

std::shared_ptr<const LiveMessage> BroadcastFeed::Latest() const {
  base::AnnotatedLock lock(&mutex_);
  return latest_;
}

std::unique_ptr<LiveFeed::Subscription> BroadcastFeed::Subscribe(
    std::function<void(std::shared_ptr<const LiveMessage>)> on_message) {
  Build unbuilt;
  uint64_t id = 0;
  {
    // Subscribed before the unbuilt offer is taken: a later offer sees a
    // subscriber and builds at once, so no offer is left unbuilt.
    base::AnnotatedLock lock(&mutex_);
    id = next_id_++;
    subscribers_[id] = std::make_shared<
        std::function<void(std::shared_ptr<const LiveMessage>)>>(
        std::move(on_message));
    unbuilt = std::move(unbuilt_);
    unbuilt_ = nullptr;
  }
  PublishBuilt(unbuilt);
  return std::make_unique<Handle>(shared_from_this(), id);
}

int BroadcastFeed::SubscriberCount() const {
  base::AnnotatedLock lock(&mutex_);
  return static_cast<int>(subscribers_.size());
}

void BroadcastFeed::Unsubscribe(uint64_t id) {
  // Waits for a Publish in flight, so the callback is never called after the
  // handle's destructor returns (unless called from inside that callback).
  base::AnnotatedLock delivering(&delivering_);
  base::AnnotatedLock lock(&mutex_);
  subscribers_.erase(id);
}

}  // namespace qiwang::http
