#include "store/log_subscription.h"

#include <algorithm>
#include <utility>

#include "base/annotated_lock.h"

namespace qiwang::store {
namespace {

Subscription::Item EventItem(Record record) {
  Subscription::Item item;
  item.kind = Subscription::Item::Kind::kEvent;
  item.position = record.position;
  item.record = std::move(record);
  return item;
}

Subscription::Item CaughtUpItem(uint64_t durable_position) {
  Subscription::Item item;
  item.kind = Subscription::Item::Kind::kCaughtUp;
  item.position = durable_position;
  return item;
}

absl::Status CancelledStatus() {
  return absl::CancelledError("subscription cancelled");
}

}  // namespace

LogSubscription::LogSubscription(std::shared_ptr<const LogStorage> storage,
                                 std::shared_ptr<HeadNotifier> notifier,
                                 uint64_t from, size_t buffer_capacity)
    : storage_(std::move(storage)),
      notifier_(std::move(notifier)),
      buffer_capacity_(std::max<size_t>(buffer_capacity, 1)),
      next_to_read_(std::max<uint64_t>(from, 1)) {}

LogSubscription::~LogSubscription() {
  cancelled_.store(true);
  notifier_->Disarm(on_ready_.get());
  on_ready_->Clear();
}

absl::StatusOr<std::optional<Subscription::Item>> LogSubscription::TryNext(
    uint64_t* wait_for) {
  if (cancelled_.load()) return CancelledStatus();
  base::AnnotatedLock lock(&mu_);
  if (!failure_.ok()) return failure_;
  if (delivered_ == chunk_.size()) {
    const uint64_t durable = notifier_->DurablePosition();
    if (next_to_read_ <= durable) {
      absl::StatusOr<std::vector<Record>> chunk = storage_->ReadAll(
          next_to_read_, buffer_capacity_, Direction::kForward, durable);
      if (!chunk.ok()) {
        failure_ = chunk.status();
        return failure_;
      }
      next_to_read_ += chunk->size();
      chunk_ = *std::move(chunk);
      delivered_ = 0;
    } else if (!caught_up_sent_) {
      caught_up_sent_ = true;
      return CaughtUpItem(durable);
    } else {
      *wait_for = next_to_read_;
      return std::nullopt;
    }
  }
  return EventItem(std::move(chunk_[delivered_++]));
}

absl::StatusOr<Subscription::Item> LogSubscription::Next(absl::Time deadline) {
  while (true) {
    uint64_t wait_for = 0;
    absl::StatusOr<std::optional<Item>> item = TryNext(&wait_for);
    if (!item.ok()) return item.status();
    if (item->has_value()) return **std::move(item);
    if (!notifier_->AwaitDurable(wait_for, cancelled_, deadline)) {
      if (cancelled_.load()) return CancelledStatus();
      return absl::DeadlineExceededError("no new event before the deadline");
    }
  }
}

absl::StatusOr<std::optional<Subscription::Item>> LogSubscription::Poll() {
  while (true) {
    uint64_t wait_for = 0;
    absl::StatusOr<std::optional<Item>> item = TryNext(&wait_for);
    if (!item.ok() || item->has_value()) return item;
    if (!notifier_->ArmUntilDurable(wait_for, on_ready_)) continue;
    // Cancel() may have run between TryNext and the arming, too early to
    // disarm and fire; then answer the cancellation now.
    if (!cancelled_.load() || !notifier_->Disarm(on_ready_.get())) {
      return std::nullopt;
    }
  }
}

void LogSubscription::SetOnReady(std::function<void()> on_ready) {
  on_ready_->Set(std::move(on_ready));
}

void LogSubscription::Cancel() {
  cancelled_.store(true);
  notifier_->Kick();
  // A consumer waiting for on_ready learns of the cancellation from Poll.
  if (notifier_->Disarm(on_ready_.get())) on_ready_->Fire();
}

size_t LogSubscription::BufferedEvents() const {
  base::AnnotatedLock lock(&mu_);
  return chunk_.size() - delivered_;
}

}  // namespace qiwang::store
