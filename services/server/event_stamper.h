#ifndef QIWANG_SERVICES_SERVER_EVENT_STAMPER_H_
#define QIWANG_SERVICES_SERVER_EVENT_STAMPER_H_

#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/random/random.h"
#include "absl/synchronization/mutex.h"
#include "qiwang/v1/event.pb.h"

namespace qiwang::server {

// The fields the server, never the client, puts on a new event: a random
// 128-bit event id, the acting user and the server time (R9.1). This is the
// only place that reads the clock or a random source for events.
// Thread-safe.
class EventStamper {
 public:
  // Sets event_id, actor and server_time on `event`.
  void Stamp(v1::Event& event);

  // Until authentication exists every caller acts as this user, with no role.
  static v1::Actor AnonymousActor();

 private:
  std::string NewEventId();

  absl::Mutex mutex_;
  absl::BitGen random_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_EVENT_STAMPER_H_
