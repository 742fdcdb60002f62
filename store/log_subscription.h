// A Subscription that pulls the log from RocksDB in chunks of at most
// Options::subscriber_buffer records: while behind it reads from disk, at the
// durable head it emits one caught-up marker and then waits for the head to
// move. Reading only up to the published durable position, and always from
// the position after the last one delivered, gives no gap, no duplicate and
// no event that is not yet durable. A slow consumer costs no memory beyond
// its own buffer: it simply reads from disk later.
// One consumer thread calls Next/Poll; SetOnReady and Cancel may be called
// from any thread.
#ifndef QIWANG_STORE_LOG_SUBSCRIPTION_H_
#define QIWANG_STORE_LOG_SUBSCRIPTION_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "store/event_log.h"
#include "store/head_notifier.h"
#include "store/log_storage.h"
#include "store/ready_callback.h"

namespace qiwang::store {

class LogSubscription : public Subscription {
 public:
  LogSubscription(std::shared_ptr<const LogStorage> storage,
                  std::shared_ptr<HeadNotifier> notifier, uint64_t from,
                  size_t buffer_capacity);
  ~LogSubscription() override;

  absl::StatusOr<Item> Next(absl::Time deadline) override;
  absl::StatusOr<std::optional<Item>> Poll() override;
  void SetOnReady(std::function<void()> on_ready) override;
  void Cancel() override;
  size_t BufferedEvents() const override;

 private:
  // The next item if one is ready. Otherwise nullopt, and `*wait_for` is the
  // position whose durability would make one ready.
  absl::StatusOr<std::optional<Item>> TryNext(uint64_t* wait_for);

  const std::shared_ptr<const LogStorage> storage_;
  const std::shared_ptr<HeadNotifier> notifier_;
  const size_t buffer_capacity_;
  const std::shared_ptr<ReadyCallback> on_ready_ =
      std::make_shared<ReadyCallback>();
  std::atomic<bool> cancelled_{false};

  mutable absl::Mutex mu_;
  // The first position not yet read from disk.
  uint64_t next_to_read_ ABSL_GUARDED_BY(mu_);
  // The chunk last read from disk; records before `delivered_` are gone.
  std::vector<Record> chunk_ ABSL_GUARDED_BY(mu_);
  size_t delivered_ ABSL_GUARDED_BY(mu_) = 0;
  bool caught_up_sent_ ABSL_GUARDED_BY(mu_) = false;
  // A read error is final: the subscription answers it from then on.
  absl::Status failure_ ABSL_GUARDED_BY(mu_);
};

}  // namespace qiwang::store

#endif  // QIWANG_STORE_LOG_SUBSCRIPTION_H_
