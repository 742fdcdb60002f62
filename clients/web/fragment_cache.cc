#include "clients/web/fragment_cache.h"

#include <utility>

#include "base/annotated_lock.h"

namespace qiwang::web {

std::shared_ptr<const std::string> FragmentCache::Find(
    const std::string& key, uint64_t position) const {
  base::AnnotatedLock lock(&mutex_);
  const auto found = entries_.find(key);
  if (found == entries_.end() || found->second.position != position) {
    return nullptr;
  }
  return found->second.fragment;
}

void FragmentCache::Put(const std::string& key, uint64_t position,
                        std::string fragment) {
  auto shared = std::make_shared<const std::string>(std::move(fragment));
  base::AnnotatedLock lock(&mutex_);
  if (entries_.size() >= kMaxEntries && !entries_.contains(key)) {
    entries_.clear();
  }
  Entry& entry = entries_[key];
  if (entry.fragment != nullptr && entry.position > position) return;
  entry.position = position;
  entry.fragment = std::move(shared);
}

}  // namespace qiwang::web
