// When the web first saw each log position, by the ledger's clock: a page
// that shows the state at position N was rendered from a reply that held
// everything recorded up to that moment, so "as of" the first time N was
// seen stays true for every later copy of the page (page_cache.h,
// fragment_cache.h). The clock is read through `read_clock` once per new
// position. Thread-safe; the pages and the live views call it.
#ifndef QIWANG_CLIENTS_WEB_POSITION_TIMES_H_
#define QIWANG_CLIENTS_WEB_POSITION_TIMES_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace qiwang::web {

class PositionTimes {
 public:
  explicit PositionTimes(
      std::function<absl::StatusOr<absl::Time>()> read_clock);

  // The time `position` was first seen; seen now (the clock read) when it
  // is new. The clock's error when it cannot be read.
  absl::StatusOr<absl::Time> SeenAt(uint64_t position);
  // The time `position` was first seen, if it has been (a past view asks
  // without making the present its time).
  std::optional<absl::Time> SeenBefore(uint64_t position) const;

 private:
  // The newest positions are kept; older ones are asked for only by past
  // views, which then show the position instead.
  static constexpr size_t kMaxPositions = 4096;

  const std::function<absl::StatusOr<absl::Time>()> read_clock_;
  mutable absl::Mutex mutex_;
  std::map<uint64_t, absl::Time> seen_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_POSITION_TIMES_H_
