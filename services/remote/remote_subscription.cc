#include "services/remote/remote_subscription.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/annotated_lock.h"
#include "base/grpc_status.h"
#include "services/events/event_from_record.h"

namespace qiwang::remote {
namespace {

constexpr absl::Duration kFirstBackoff = absl::Milliseconds(50);

// Failures a later connection may not meet: the network, a ledger that is
// restarting or shedding load. Anything else (a refused token, DATA_LOSS,
// our own consistency checks) would only repeat.
bool Retryable(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kUnavailable:
    case absl::StatusCode::kDeadlineExceeded:
    case absl::StatusCode::kResourceExhausted:
    case absl::StatusCode::kAborted:
    case absl::StatusCode::kInternal:
    case absl::StatusCode::kUnknown:
    case absl::StatusCode::kCancelled:
      return true;
    default:
      return false;
  }
}

}  // namespace

RemoteSubscription::RemoteSubscription(LedgerEndpoint endpoint, uint64_t from,
                                       size_t buffer)
    : endpoint_(std::move(endpoint)),
      buffer_(std::max<size_t>(buffer, 1)),
      next_position_(std::max<uint64_t>(from, 1)),
      reader_([this]() { ReadFromLedger(); }) {}

RemoteSubscription::~RemoteSubscription() {
  Cancel();
  reader_.join();
}

void RemoteSubscription::ReadFromLedger() {
  absl::Duration backoff = kFirstBackoff;
  bool reported = false;  // one line per outage, not per attempt
  while (true) {
    uint64_t resume_from = 0;
    {
      base::AnnotatedLock lock(&mutex_);
      resume_from = next_position_;
    }
    const absl::Status ended = Stream();
    if (!Retryable(ended)) {
      EndWith(absl::Status(ended.code(),
                           absl::StrCat("ledger at ", endpoint_.address,
                                        ": Subscribe: ", ended.message())));
      return;
    }
    base::AnnotatedLock lock(&mutex_);
    if (cancelled_) return;
    if (next_position_ > resume_from) {
      backoff = kFirstBackoff;  // the connection did work for a while
      reported = false;
    }
    if (!reported) {
      std::fprintf(stderr,
                   "qiwangd: lost the ledger at %s (%s); reconnecting from "
                   "position %llu\n",
                   endpoint_.address.c_str(), ended.ToString().c_str(),
                   static_cast<unsigned long long>(next_position_));
      reported = true;
    }
    lock.AwaitWithDeadline(
        [this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return cancelled_; },
        absl::Now() + backoff);
    if (cancelled_) return;
    backoff = std::min(backoff * 2, endpoint_.max_backoff);
  }
}

absl::Status RemoteSubscription::Stream() {
  grpc::ClientContext context;
  v1::SubscribeRequest request;
  {
    base::AnnotatedLock lock(&mutex_);
    if (cancelled_) return absl::CancelledError("cancelled");
    call_ = &context;
    request.set_from_position(next_position_);
  }
  if (!endpoint_.token.empty()) {
    context.AddMetadata("authorization",
                        absl::StrCat("Bearer ", endpoint_.token));
  }
  std::unique_ptr<grpc::ClientReaderInterface<v1::SubscribeResponse>> reader =
      endpoint_.stub->Subscribe(&context, request);
  uint64_t expected = request.from_position();
  absl::Status broken;
  v1::SubscribeResponse response;
  while (reader->Read(&response)) {
    Item item;
    if (response.has_event()) {
      item.record =
          events::RecordFromEvent(std::move(*response.mutable_event()));
      if (item.record.position != expected) {
        broken = absl::DataLossError(
            absl::StrCat("sent position ", item.record.position,
                         " where position ", expected, " was due"));
        break;
      }
      ++expected;
    } else if (response.has_caught_up()) {
      item.kind = Item::Kind::kCaughtUp;
      item.position = response.caught_up().position();
      if (item.position + 1 < expected) {
        broken = absl::FailedPreconditionError(absl::StrCat(
            "its log ends at position ", item.position,
            " but this process has applied up to ", expected - 1,
            ": was the ledger restored from an older backup? Restart this "
            "process to fold the ledger's log afresh"));
        break;
      }
    } else {
      continue;
    }
    if (!Push(std::move(item))) break;
  }
  if (!broken.ok()) context.TryCancel();
  const grpc::Status finished = reader->Finish();
  base::AnnotatedLock lock(&mutex_);
  call_ = nullptr;
  if (cancelled_) return absl::CancelledError("cancelled");
  if (!broken.ok()) return broken;
  if (finished.ok()) {
    // Subscribe never ends by itself: a server that closes it cleanly is
    // going away.
    return absl::UnavailableError("the stream ended");
  }
  return base::FromGrpcStatus(finished);
}

bool RemoteSubscription::Push(Item item) {
  std::function<void()> ready;
  {
    base::AnnotatedLock lock(&mutex_);
    const bool event = item.kind == Item::Kind::kEvent;
    if (event) {
      lock.Await([this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
        return cancelled_ || buffered_events_ < buffer_;
      });
    }
    if (cancelled_) return false;
    if (event) {
      ++buffered_events_;
      next_position_ = item.record.position + 1;
    }
    items_.push_back(std::move(item));
    if (wants_ready_) {
      wants_ready_ = false;
      ready = on_ready_;
    }
  }
  if (ready) ready();
  return true;
}

void RemoteSubscription::EndWith(absl::Status status) {
  std::function<void()> ready;
  {
    base::AnnotatedLock lock(&mutex_);
    if (cancelled_) return;
    end_ = std::move(status);
    if (wants_ready_) {
      wants_ready_ = false;
      ready = on_ready_;
    }
  }
  if (ready) ready();
}

std::optional<absl::StatusOr<store::Subscription::Item>>
RemoteSubscription::TakeLocked() {
  if (cancelled_) return absl::CancelledError("subscription cancelled");
  if (!items_.empty()) {
    Item item = std::move(items_.front());
    items_.pop_front();
    if (item.kind == Item::Kind::kEvent) --buffered_events_;
    return item;
  }
  if (!end_.ok()) return end_;
  return std::nullopt;
}

absl::StatusOr<store::Subscription::Item> RemoteSubscription::Next(
    absl::Time deadline) {
  base::AnnotatedLock lock(&mutex_);
  if (!lock.AwaitWithDeadline(
          [this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
            return cancelled_ || !items_.empty() || !end_.ok();
          },
          deadline)) {
    return absl::DeadlineExceededError("no event from the ledger in time");
  }
  return *TakeLocked();
}

absl::StatusOr<std::optional<store::Subscription::Item>>
RemoteSubscription::Poll() {
  base::AnnotatedLock lock(&mutex_);
  std::optional<absl::StatusOr<Item>> taken = TakeLocked();
  if (!taken.has_value()) {
    wants_ready_ = true;
    return std::nullopt;
  }
  if (!taken->ok()) return taken->status();
  return std::optional<Item>(*std::move(*taken));
}

void RemoteSubscription::SetOnReady(std::function<void()> on_ready) {
  base::AnnotatedLock lock(&mutex_);
  on_ready_ = std::move(on_ready);
}

void RemoteSubscription::Cancel() {
  std::function<void()> ready;
  {
    base::AnnotatedLock lock(&mutex_);
    if (cancelled_) return;
    cancelled_ = true;
    if (call_ != nullptr) call_->TryCancel();
    if (wants_ready_) {
      wants_ready_ = false;
      ready = on_ready_;
    }
  }
  if (ready) ready();
}

size_t RemoteSubscription::BufferedEvents() const {
  base::AnnotatedLock lock(&mutex_);
  return buffered_events_;
}

}  // namespace qiwang::remote
