// A LiveFeed that one publisher fills: each message is built once and the
// same shared copy goes to every subscriber (SSE streams of one view), and
// a message offered lazily is built only once somebody subscribes.
#ifndef QIWANG_SERVICES_HTTP_BROADCAST_FEED_H_
#define QIWANG_SERVICES_HTTP_BROADCAST_FEED_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"
#include "services/http/handler.h"

namespace qiwang::http {

// Keeps the newest message and calls every subscriber once per Publish with
// it. A message no newer than the latest is dropped, so positions only grow.
// A message of the same event as the latest also carries its line patch
// from the latest (line_patch.h) when that is the smaller, after the
// latest's own patches as far back as they stay smaller together (at most
// kMaxPatchChain).
// PublishLazily keeps a message unbuilt while the feed has no subscriber (a
// live view nobody watches costs no rendering); Subscribe builds and
// publishes the newest such message before it returns, so Latest() after
// Subscribe is as new as what was offered. Thread-safe; a subscription's
// destructor waits out a callback in flight.
class BroadcastFeed : public LiveFeed,
                      public std::enable_shared_from_this<BroadcastFeed> {
 public:
  static constexpr int kMaxPatchChain = 16;

  // Answers false (and tells nobody) when `message` is not newer than
  // Latest().
  bool Publish(LiveMessage message);

  // The message at `position`, built by `build` (nullopt: nothing to show)
  // at once when somebody is subscribed, else at the next Subscribe. An
  // offer replaces an older unbuilt one; one no newer than Latest() or than
  // the unbuilt one is dropped. `build` runs on the caller's thread or the
  // subscriber's, never under the feed's locks, and must own what it reads.
  using Build = std::function<std::optional<LiveMessage>()>;
  void PublishLazily(uint64_t position, Build build);

  std::shared_ptr<const LiveMessage> Latest() const override;
  std::unique_ptr<Subscription> Subscribe(
      std::function<void(std::shared_ptr<const LiveMessage>)> on_message)
      override;

  // Subscriptions now open.
  int SubscriberCount() const;

 private:
  class Handle;
  void Unsubscribe(uint64_t id);
  // Builds and publishes `build`, if any.
  void PublishBuilt(const Build& build);

  mutable absl::Mutex mutex_;
  std::shared_ptr<const LiveMessage> latest_ ABSL_GUARDED_BY(mutex_);
  uint64_t next_id_ ABSL_GUARDED_BY(mutex_) = 0;
  // The newest lazy offer not built yet (position 0 and no build: none).
  uint64_t unbuilt_position_ ABSL_GUARDED_BY(mutex_) = 0;
  Build unbuilt_ ABSL_GUARDED_BY(mutex_);
  absl::flat_hash_map<
      uint64_t,
      std::shared_ptr<std::function<void(std::shared_ptr<const LiveMessage>)>>>
      subscribers_ ABSL_GUARDED_BY(mutex_);
  // Held while callbacks run, so an unsubscribe waits for them to finish.
  absl::Mutex delivering_ ABSL_ACQUIRED_AFTER(mutex_);
};

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_BROADCAST_FEED_H_
