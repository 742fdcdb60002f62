#include "services/server/deferred_read.h"

#include <grpcpp/alarm.h>

#include <chrono>
#include <utility>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "base/annotated_lock.h"
#include "base/grpc_status.h"
#include "base/happens_before.h"

namespace qiwang::server {

// What a waiting read shares with its alarms and its registration. They hold
// it weakly: once the call is done it is gone, and a late alarm or
// notification finds nothing to do.
class DeferredRead::Wait : public std::enable_shared_from_this<Wait> {
 public:
  enum class Outcome { kReady, kExpired, kCancelled };

  Wait(DeferredRead* reactor, ReadGate& gate, uint64_t min_position,
       Answer answer)
      : reactor_(reactor),
        gate_(gate),
        min_position_(min_position),
        answer_(std::move(answer)) {}

  void Begin(absl::Time deadline) {
    std::weak_ptr<Wait> weak = weak_from_this();
    base::HappensBefore(this);
    deadline_alarm_.Set(absl::ToChronoTime(deadline), [weak](bool fired) {
      if (!fired) return;  // cancelled: decided otherwise
      if (std::shared_ptr<Wait> wait = weak.lock()) {
        base::HappensAfter(wait.get());
        wait->Decide(Outcome::kExpired);
      }
    });
    std::unique_ptr<projection::WatchHandle> registration =
        gate_.NotifyWhenReady(min_position_, [weak] {
          if (std::shared_ptr<Wait> wait = weak.lock()) wait->HopToGrpc();
        });
    base::AnnotatedLock lock(&mutex_);
    if (!decided_) registration_ = std::move(registration);
  }

  // Called from the projection's follower: the answer runs elsewhere.
  void HopToGrpc() {
    std::weak_ptr<Wait> weak = weak_from_this();
    base::HappensBefore(this);
    hop_alarm_.Set(std::chrono::system_clock::now(), [weak](bool) {
      if (std::shared_ptr<Wait> wait = weak.lock()) {
        base::HappensAfter(wait.get());
        wait->Decide(Outcome::kReady);
      }
    });
  }

  void Decide(Outcome outcome) {
    std::unique_ptr<projection::WatchHandle> registration;
    {
      base::AnnotatedLock lock(&mutex_);
      if (decided_) return;
      decided_ = true;
      registration = std::move(registration_);
    }
    registration.reset();
    if (outcome != Outcome::kExpired) deadline_alarm_.Cancel();
    grpc::Status status;
    switch (outcome) {
      case Outcome::kReady:
        status = base::ToGrpcStatus(answer_());
        break;
      case Outcome::kExpired:
        status = base::ToGrpcStatus(gate_.WaitExpired(min_position_));
        break;
      case Outcome::kCancelled:
        status = grpc::Status(grpc::StatusCode::CANCELLED,
                              "the client went away while the read waited");
        break;
    }
    base::HappensBefore(reactor_);
    reactor_->Finish(status);  // after this, the reactor may be gone
  }

 private:
  DeferredRead* const reactor_;
  ReadGate& gate_;
  const uint64_t min_position_;
  const Answer answer_;
  grpc::Alarm deadline_alarm_;
  grpc::Alarm hop_alarm_;
  absl::Mutex mutex_;
  bool decided_ ABSL_GUARDED_BY(mutex_) = false;
  std::unique_ptr<projection::WatchHandle> registration_
      ABSL_GUARDED_BY(mutex_);
};

grpc::ServerUnaryReactor* DeferredRead::Start(ReadGate& gate,
                                              base::LiveCalls& live,
                                              uint64_t min_position,
                                              absl::Time deadline,
                                              Answer answer) {
  live.Started();
  auto* reactor = new DeferredRead(live);
  const absl::Status readiness = gate.Readiness(min_position);
  if (readiness.ok()) {
    const grpc::Status answered = base::ToGrpcStatus(answer());
    base::HappensBefore(reactor);  // after the answer's reads
    reactor->Finish(answered);
    return reactor;
  }
  if (!absl::IsUnavailable(readiness)) {
    base::HappensBefore(reactor);
    reactor->Finish(base::ToGrpcStatus(readiness));
    return reactor;
  }
  // Held here too: the wait may be decided, and the reactor finished and
  // deleted, before Begin returns.
  auto wait =
      std::make_shared<Wait>(reactor, gate, min_position, std::move(answer));
  reactor->wait_ = wait;
  base::HappensBefore(reactor);  // OnCancel reads wait_ on gRPC's threads
  wait->Begin(deadline);
  return reactor;
}

void DeferredRead::OnCancel() {
  base::HappensAfter(this);
  if (wait_ != nullptr) wait_->Decide(Wait::Outcome::kCancelled);
  base::HappensBefore(this);  // OnDone, elsewhere, follows every reaction
}

void DeferredRead::OnDone() {
  base::HappensAfter(this);
  base::LiveCalls& live = live_;
  delete this;
  live.Done();
}

}  // namespace qiwang::server
