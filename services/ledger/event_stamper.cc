#include "services/ledger/event_stamper.h"

#include <cstdint>

#include "absl/strings/str_format.h"
#include "base/annotated_lock.h"
#include "base/timestamp.h"

namespace qiwang::ledger {

void EventStamper::Stamp(v1::Event& event, const v1::Actor& actor,
                         absl::Time now) {
  event.set_event_id(NewEventId());
  *event.mutable_actor() = actor;
  *event.mutable_server_time() = base::ToTimestamp(now);
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
