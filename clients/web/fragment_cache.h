// The newest rendering of each live fragment of the present (a standings
// view, a player's card) by log position, so readers of an unchanged view
// share one rendering instead of each reading and rendering it again.
// Thread-safe.
#ifndef QIWANG_CLIENTS_WEB_FRAGMENT_CACHE_H_
#define QIWANG_CLIENTS_WEB_FRAGMENT_CACHE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"

namespace qiwang::web {

class FragmentCache {
 public:
  // The fragment stored for `key` at exactly `position`, else null.
  std::shared_ptr<const std::string> Find(const std::string& key,
                                          uint64_t position) const;
  // Keeps the newer of what is stored and `fragment`.
  void Put(const std::string& key, uint64_t position, std::string fragment);

 private:
  struct Entry {
    uint64_t position = 0;
    std::shared_ptr<const std::string> fragment;
  };
  // Views are few (rankings, players, times two languages); past this many
  // the cache starts again rather than grow without bound.
  static constexpr size_t kMaxEntries = 20000;

  mutable absl::Mutex mutex_;
  absl::flat_hash_map<std::string, Entry> entries_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_FRAGMENT_CACHE_H_
