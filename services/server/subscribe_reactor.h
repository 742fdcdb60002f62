#ifndef QIWANG_SERVICES_SERVER_SUBSCRIBE_REACTOR_H_
#define QIWANG_SERVICES_SERVER_SUBSCRIBE_REACTOR_H_

#include <grpcpp/support/server_callback.h>

#include <cstdint>
#include <memory>
#include <optional>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_set.h"
#include "absl/synchronization/mutex.h"
#include "qiwang/v1/event_log_service.pb.h"
#include "store/event_log.h"

namespace qiwang::server {

class SubscribeReactor;

// The Subscribe calls in progress, so that shutdown can end each of them with
// a status instead of leaving clients hanging. Thread-safe.
class SubscriberRegistry {
 public:
  // Returns false after StopAll: the caller must end at once with `stopped`.
  bool Add(SubscribeReactor* reactor, grpc::Status& stopped);
  void Remove(SubscribeReactor* reactor);
  // Ends every current and future subscription with `status`.
  void StopAll(const grpc::Status& status);

 private:
  absl::Mutex mutex_;
  absl::flat_hash_set<SubscribeReactor*> live_ ABSL_GUARDED_BY(mutex_);
  std::optional<grpc::Status> stopped_ ABSL_GUARDED_BY(mutex_);
};

// One EventLogService.Subscribe call, driven by the store subscription's
// Poll and on-ready callback: no thread of its own and at most one write in
// flight, so a slow client holds only the store's bounded buffer. Sends
// stored events, one caught-up marker, then live events, until the client
// cancels, the store fails or Stop is called.
// Created by the service for gRPC, which owns it until OnDone.
class SubscribeReactor
    : public grpc::ServerWriteReactor<v1::SubscribeResponse> {
 public:
  SubscribeReactor(store::EventLog& log, uint64_t from_position,
                   SubscriberRegistry& registry);

  // Ends the stream with `status` once the write in flight, if any, is done.
  // Thread-safe.
  void Stop(const grpc::Status& status);

  void OnWriteDone(bool ok) override;
  void OnCancel() override;
  void OnDone() override;

 private:
  class WakeGate;

  // Writes the next ready item, finishes, or waits for the store. Any thread
  // may call it; one runs the loop at a time and the others ask it to rerun.
  void Pump();

  SubscriberRegistry& registry_;
  std::unique_ptr<store::Subscription> subscription_;
  std::shared_ptr<WakeGate> wake_gate_;
  v1::SubscribeResponse response_;  // owned by the write in flight

  absl::Mutex mutex_;
  bool pumping_ ABSL_GUARDED_BY(mutex_) = false;
  bool rerun_ ABSL_GUARDED_BY(mutex_) = false;
  bool write_in_flight_ ABSL_GUARDED_BY(mutex_) = false;
  bool finished_ ABSL_GUARDED_BY(mutex_) = false;
  std::optional<grpc::Status> stop_status_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_SUBSCRIBE_REACTOR_H_
