// A store::Subscription fed by another process's EventLogService.Subscribe:
// how a projection in a read-only qiwangd follows the ledger.
#ifndef QIWANG_SERVICES_REMOTE_REMOTE_SUBSCRIPTION_H_
#define QIWANG_SERVICES_REMOTE_REMOTE_SUBSCRIPTION_H_

#include <grpcpp/client_context.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "store/event_log.h"

namespace qiwang::remote {

// How a follower reaches the ledger.
struct LedgerEndpoint {
  std::string address;  // "host:port", for messages
  std::shared_ptr<v1::EventLogService::StubInterface> stub;
  std::string token;  // sent as `authorization: Bearer`; empty: none
  // Waits between reconnection attempts grow to this.
  absl::Duration max_backoff = absl::Seconds(2);
};

// Guarantees: delivers the ledger's events from `from` on in position order,
// each once, across lost connections and ledger restarts (it reconnects,
// backing off up to max_backoff, from the position after the last one
// delivered), with a kCaughtUp item after each connection catches up. A gap
// or repeat in what the ledger sends, a ledger whose log ends before what
// was delivered (restored from an older backup), or a refusal that retrying
// cannot cure (wrong token, DATA_LOSS) ends it with that status. Holds at
// most `buffer` events; a slow consumer slows the stream (gRPC flow
// control), never drops events.
// Threading as store::Subscription: one consumer calls Next/Poll, Cancel from
// any thread; a reader thread of its own talks to the ledger.
class RemoteSubscription final : public store::Subscription {
 public:
  RemoteSubscription(LedgerEndpoint endpoint, uint64_t from, size_t buffer);
  ~RemoteSubscription() override;  // cancels and joins the reader

  absl::StatusOr<Item> Next(absl::Time deadline) override;
  absl::StatusOr<std::optional<Item>> Poll() override;
  void SetOnReady(std::function<void()> on_ready) override;
  void Cancel() override;
  size_t BufferedEvents() const override;

 private:
  void ReadFromLedger();
  // One connection: answers how it ended (OK only when cancelled).
  absl::Status Stream();
  // Queues `item`, waiting while the buffer is full; false once cancelled.
  bool Push(Item item);
  void EndWith(absl::Status status);
  // Pops the next item or the end; nullopt when none is ready.
  std::optional<absl::StatusOr<Item>> TakeLocked()
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  const LedgerEndpoint endpoint_;
  const size_t buffer_;

  mutable absl::Mutex mutex_;
  std::deque<Item> items_ ABSL_GUARDED_BY(mutex_);
  size_t buffered_events_ ABSL_GUARDED_BY(mutex_) = 0;
  uint64_t next_position_ ABSL_GUARDED_BY(mutex_);
  absl::Status end_ ABSL_GUARDED_BY(mutex_);  // set once the feed ends
  bool cancelled_ ABSL_GUARDED_BY(mutex_) = false;
  grpc::ClientContext* call_ ABSL_GUARDED_BY(mutex_) = nullptr;
  std::function<void()> on_ready_ ABSL_GUARDED_BY(mutex_);
  bool wants_ready_ ABSL_GUARDED_BY(mutex_) = false;

  std::thread reader_;  // last: starts once everything above exists
};

}  // namespace qiwang::remote

#endif  // QIWANG_SERVICES_REMOTE_REMOTE_SUBSCRIPTION_H_
