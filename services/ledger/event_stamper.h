#ifndef QIWANG_SERVICES_LEDGER_EVENT_STAMPER_H_
#define QIWANG_SERVICES_LEDGER_EVENT_STAMPER_H_

#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/random/random.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "qiwang/v1/event.pb.h"

namespace qiwang::ledger {

// The fields the server, never the client, puts on a new event: a random
// 128-bit event id, the authenticated actor and the server time (R9.1). The
// caller passes the time it read from its Clock, so one command's events and
// its decision share one instant. Thread-safe.
class EventStamper {
 public:
  // Sets event_id, actor and server_time on `event`.
  void Stamp(v1::Event& event, const v1::Actor& actor, absl::Time now);

 private:
  std::string NewEventId();

  absl::Mutex mutex_;
  absl::BitGen random_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::ledger

#endif  // QIWANG_SERVICES_LEDGER_EVENT_STAMPER_H_
