// A tournament's stream as the audit views read it: its events oldest first
// (services/reports/stream_events.h reads them from the log), found by event
// id or by log position, so a view can show a ruling's reason, time and
// actor from its envelope. Immutable once built; const methods from any
// thread.
#ifndef QIWANG_SERVICES_AUDIT_STREAM_INDEX_H_
#define QIWANG_SERVICES_AUDIT_STREAM_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "qiwang/v1/event.pb.h"

namespace qiwang::audit {

class StreamIndex {
 public:
  // REQUIRES: `events` in position order (a stream read oldest first).
  explicit StreamIndex(std::vector<v1::Event> events);

  const std::vector<v1::Event>& events() const { return events_; }
  // nullptr when no event has that id or position.
  const v1::Event* ById(const std::string& event_id) const;
  const v1::Event* AtPosition(uint64_t position) const;

 private:
  std::vector<v1::Event> events_;
  absl::flat_hash_map<std::string, size_t> by_id_;  // into events_
};

}  // namespace qiwang::audit

#endif  // QIWANG_SERVICES_AUDIT_STREAM_INDEX_H_
