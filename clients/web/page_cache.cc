#include "clients/web/page_cache.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "base/annotated_lock.h"

namespace qiwang::web {
namespace {

class PageCache : public http::Routes {
 public:
  PageCache(std::unique_ptr<http::Routes> pages,
            std::function<uint64_t()> log_position)
      : pages_(std::move(pages)), log_position_(std::move(log_position)) {}

  std::optional<http::Reply> Handle(const http::Request& request) override {
    if (request.method != "GET" || request.headers.contains("authorization") ||
        request.headers.contains("if-none-match") ||
        request.headers.contains("if-modified-since")) {
      return pages_->Handle(request);
    }
    const std::string key = Key(request);
    const uint64_t position = log_position_();
    std::shared_ptr<const http::Response> cached;
    {
      base::AnnotatedLock lock(&mutex_);
      Entry* entry = &entries_[key];
      if (entry->rendering && entry->response == nullptr) {
        // The first rendering of this page: wait for it rather than render
        // it a hundred times at once.
        auto rendered = [this, &key]() ABSL_NO_THREAD_SAFETY_ANALYSIS {
          auto found = entries_.find(key);  // Await holds mutex_
          return found == entries_.end() || !found->second.rendering;
        };
        lock.Await(rendered);
        entry = &entries_[key];
        cached = entry->response;
      } else if (entry->position == position || entry->rendering) {
        cached = entry->response;
      }
      if (cached == nullptr) entry->rendering = true;
    }
    // The copy of the page is made outside the lock.
    if (cached != nullptr) return http::Reply{*cached, nullptr};
    std::optional<http::Reply> reply = pages_->Handle(request);
    base::AnnotatedLock lock(&mutex_);
    if (entries_.size() > kMaxEntries) entries_.clear();
    Entry& entry = entries_[key];
    entry.rendering = false;
    if (reply.has_value() && reply->response.has_value() &&
        reply->stream == nullptr && reply->response->status == 200) {
      entry.position = position;
      entry.response = std::make_shared<const http::Response>(*reply->response);
    }
    return reply;
  }

 private:
  struct Entry {
    uint64_t position = 0;
    std::shared_ptr<const http::Response> response;
    bool rendering = false;
  };
  // Pages are few (sections, rounds, rankings, players, times languages and
  // modes); past this many the cache starts again rather than grow without
  // bound (e.g. under a crawl of search queries).
  static constexpr size_t kMaxEntries = 4000;

  static std::string Key(const http::Request& request) {
    std::vector<std::pair<std::string, std::string>> query(
        request.query.begin(), request.query.end());
    std::sort(query.begin(), query.end());
    std::string key = request.path;
    for (const auto& [name, value] : query) {
      absl::StrAppend(&key, "\x1f", name, "=", value);
    }
    // What pages read besides the target: the language asked for, and the
    // host a printed link or QR code names.
    for (const char* header : {"accept-language", "host"}) {
      auto found = request.headers.find(header);
      absl::StrAppend(&key, "\x1e",
                      found == request.headers.end() ? "" : found->second);
    }
    return key;
  }

  const std::unique_ptr<http::Routes> pages_;
  const std::function<uint64_t()> log_position_;
  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, Entry> entries_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace

std::unique_ptr<http::Routes> CachePages(
    std::unique_ptr<http::Routes> pages,
    std::function<uint64_t()> log_position) {
  return std::make_unique<PageCache>(std::move(pages), std::move(log_position));
}

}  // namespace qiwang::web
