#include "services/audit/stream_index.h"

#include <algorithm>
#include <utility>

namespace qiwang::audit {

StreamIndex::StreamIndex(std::vector<v1::Event> events)
    : events_(std::move(events)) {
  for (size_t i = 0; i < events_.size(); ++i) {
    by_id_.try_emplace(events_[i].event_id(), i);
  }
}

const v1::Event* StreamIndex::ById(const std::string& event_id) const {
  auto it = by_id_.find(event_id);
  return it == by_id_.end() ? nullptr : &events_[it->second];
}

const v1::Event* StreamIndex::AtPosition(uint64_t position) const {
  auto it = std::lower_bound(events_.begin(), events_.end(), position,
                             [](const v1::Event& event, uint64_t wanted) {
                               return event.position() < wanted;
                             });
  if (it == events_.end() || it->position() != position) return nullptr;
  return &*it;
}

}  // namespace qiwang::audit
