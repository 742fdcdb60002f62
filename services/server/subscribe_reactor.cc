#include "services/server/subscribe_reactor.h"

#include <utility>

#include "absl/status/statusor.h"
#include "base/annotated_lock.h"
#include "base/grpc_status.h"
#include "base/happens_before.h"
#include "services/events/event_from_record.h"

namespace qiwang::server {

// Forwards the store's on-ready callbacks to the reactor until the reactor is
// done. The store may call back from any thread and at any time, even after
// the call ended, so the callback holds this gate and not the reactor.
class SubscribeReactor::WakeGate {
 public:
  explicit WakeGate(SubscribeReactor* reactor) : reactor_(reactor) {}

  void Wake() {
    SubscribeReactor* reactor;
    {
      base::AnnotatedLock lock(&mutex_);
      if (reactor_ == nullptr) return;
      reactor = reactor_;
      ++waking_;
    }
    reactor->Pump();
    base::AnnotatedLock lock(&mutex_);
    --waking_;
  }

  // After Close returns, no Wake reaches the reactor.
  void Close() {
    base::AnnotatedLock lock(&mutex_);
    reactor_ = nullptr;
    lock.Await([this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
      return waking_ == 0;
    });
  }

 private:
  absl::Mutex mutex_;
  SubscribeReactor* reactor_ ABSL_GUARDED_BY(mutex_);
  int waking_ ABSL_GUARDED_BY(mutex_) = 0;
};

bool SubscriberRegistry::Add(SubscribeReactor* reactor, grpc::Status& stopped) {
  base::AnnotatedLock lock(&mutex_);
  if (stopped_.has_value()) {
    stopped = *stopped_;
    return false;
  }
  live_.insert(reactor);
  return true;
}

void SubscriberRegistry::Remove(SubscribeReactor* reactor) {
  base::AnnotatedLock lock(&mutex_);
  live_.erase(reactor);
}

void SubscriberRegistry::StopAll(const grpc::Status& status) {
  base::AnnotatedLock lock(&mutex_);
  stopped_ = status;
  // Remove() waits for this lock, so no reactor is deleted meanwhile.
  for (SubscribeReactor* reactor : live_) reactor->Stop(status);
}

SubscribeReactor::SubscribeReactor(store::EventLog& log, uint64_t from_position,
                                   SubscriberRegistry& registry)
    : registry_(registry),
      subscription_(log.Subscribe(from_position == 0 ? 1 : from_position)),
      wake_gate_(std::make_shared<WakeGate>(this)) {
  subscription_->SetOnReady([gate = wake_gate_]() { gate->Wake(); });
  grpc::Status stopped;
  if (registry_.Add(this, stopped)) {
    Pump();
  } else {
    Stop(stopped);
  }
  // gRPC runs the reactions (OnCancel) on its threads once Subscribe returns.
  base::HappensBefore(this);
}

void SubscribeReactor::Stop(const grpc::Status& status) {
  {
    base::AnnotatedLock lock(&mutex_);
    if (!stop_status_.has_value()) stop_status_ = status;
  }
  subscription_->Cancel();
  Pump();
}

void SubscribeReactor::OnWriteDone(bool ok) {
  base::HappensAfter(this);
  {
    base::AnnotatedLock lock(&mutex_);
    write_in_flight_ = false;
    if (!ok && !stop_status_.has_value()) {
      stop_status_ =
          grpc::Status(grpc::StatusCode::CANCELLED, "the stream was closed");
    }
  }
  Pump();
  base::HappensBefore(this);  // OnDone, elsewhere, follows every reaction
}

void SubscribeReactor::OnCancel() {
  base::HappensAfter(this);
  Stop(grpc::Status(grpc::StatusCode::CANCELLED, "the client cancelled"));
  base::HappensBefore(this);  // OnDone, elsewhere, follows every reaction
}

void SubscribeReactor::OnDone() {
  base::HappensAfter(this);
  registry_.Remove(this);
  wake_gate_->Close();
  delete this;
}

void SubscribeReactor::Pump() {
  {
    base::AnnotatedLock lock(&mutex_);
    rerun_ = true;
    if (pumping_ || finished_) return;
    pumping_ = true;
  }
  while (true) {
    std::optional<grpc::Status> end;
    {
      base::AnnotatedLock lock(&mutex_);
      if (!rerun_ || write_in_flight_) {
        pumping_ = false;
        return;
      }
      rerun_ = false;
      end = stop_status_;
    }
    bool have_item = false;
    if (!end.has_value()) {
      absl::StatusOr<std::optional<store::Subscription::Item>> polled =
          subscription_->Poll();
      if (!polled.ok()) {
        // A Stop between reading stop_status_ above and this Poll cancelled
        // the subscription: the call ends with the Stop's status, not with
        // the cancellation it caused.
        base::AnnotatedLock lock(&mutex_);
        end = stop_status_.has_value() ? *stop_status_
                                       : base::ToGrpcStatus(polled.status());
      } else if (polled->has_value()) {
        store::Subscription::Item& item = **polled;
        have_item = true;
        if (item.kind == store::Subscription::Item::Kind::kCaughtUp) {
          response_.mutable_caught_up()->set_position(item.position);
        } else if (absl::StatusOr<v1::Event> event =
                       events::EventFromRecord(item.record);
                   event.ok()) {
          *response_.mutable_event() = *std::move(event);
        } else {
          end = base::ToGrpcStatus(event.status());
        }
      }
    }
    if (end.has_value()) {
      {
        base::AnnotatedLock lock(&mutex_);
        finished_ = true;
        pumping_ = false;
      }
      base::HappensBefore(this);
      Finish(*end);
      return;
    }
    if (have_item) {
      {
        base::AnnotatedLock lock(&mutex_);
        write_in_flight_ = true;
        rerun_ = true;
      }
      base::HappensBefore(this);
      StartWrite(&response_);
    }
  }
}

}  // namespace qiwang::server
