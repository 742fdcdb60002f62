// The one pair of conversions between absl::Time and
// google.protobuf.Timestamp, for every module that reads or writes a time on
// the wire or in an event (rules, services, clients). Pure; any thread.
#ifndef QIWANG_BASE_TIMESTAMP_H_
#define QIWANG_BASE_TIMESTAMP_H_

#include <cstdint>

#include "absl/time/time.h"
#include "google/protobuf/timestamp.pb.h"

namespace qiwang::base {

// `time` as the proto holds it: whole seconds since the epoch, rounded down,
// and the nanoseconds after them (0..999,999,999).
inline google::protobuf::Timestamp ToTimestamp(absl::Time time) {
  google::protobuf::Timestamp timestamp;
  const int64_t seconds = absl::ToUnixSeconds(time);
  timestamp.set_seconds(seconds);
  timestamp.set_nanos(static_cast<int32_t>(
      absl::ToInt64Nanoseconds(time - absl::FromUnixSeconds(seconds))));
  return timestamp;
}

inline absl::Time FromTimestamp(const google::protobuf::Timestamp& timestamp) {
  return absl::FromUnixSeconds(timestamp.seconds()) +
         absl::Nanoseconds(timestamp.nanos());
}

}  // namespace qiwang::base

#endif  // QIWANG_BASE_TIMESTAMP_H_
