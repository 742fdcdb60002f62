#include "services/ledger/event_stamper.h"

#include <cstdint>

#include "absl/strings/str_format.h"
#include "base/annotated_lock.h"

namespace qiwang::ledger {

void EventStamper::Stamp(v1::Event& event, const v1::Actor& actor,
                         absl::Time now) {
  event.set_event_id(NewEventId());
  *event.mutable_actor() = actor;
  const absl::Duration since_epoch = now - absl::UnixEpoch();
  const int64_t seconds = absl::ToInt64Seconds(since_epoch);
  event.mutable_server_time()->set_seconds(seconds);
  event.mutable_server_time()->set_nanos(static_cast<int32_t>(
      absl::ToInt64Nanoseconds(since_epoch - absl::Seconds(seconds))));
}

std::string EventStamper::NewEventId() {
  uint64_t high;
  uint64_t low;
  {
    base::AnnotatedLock lock(&mutex_);
    high = absl::Uniform<uint64_t>(random_);
    low = absl::Uniform<uint64_t>(random_);
  }
  return absl::StrFormat("%016x%016x", high, low);
}

}  // namespace qiwang::ledger
