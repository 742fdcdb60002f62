#include "services/server/event_stamper.h"

#include <cstdint>

#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace qiwang::server {

void EventStamper::Stamp(v1::Event& event) {
  event.set_event_id(NewEventId());
  *event.mutable_actor() = AnonymousActor();
  const absl::Duration since_epoch = absl::Now() - absl::UnixEpoch();
  const int64_t seconds = absl::ToInt64Seconds(since_epoch);
  event.mutable_server_time()->set_seconds(seconds);
  event.mutable_server_time()->set_nanos(static_cast<int32_t>(
      absl::ToInt64Nanoseconds(since_epoch - absl::Seconds(seconds))));
}

v1::Actor EventStamper::AnonymousActor() {
  v1::Actor actor;
  actor.set_user("anonymous");
  return actor;
}

std::string EventStamper::NewEventId() {
  uint64_t high;
  uint64_t low;
  {
    absl::MutexLock lock(&mutex_);
    high = absl::Uniform<uint64_t>(random_);
    low = absl::Uniform<uint64_t>(random_);
  }
  return absl::StrFormat("%016x%016x", high, low);
}

}  // namespace qiwang::server
