// Whole answers of the public pages by log position: while the log has not
// moved, a hundred readers of a page share one rendering instead of each
// reading and rendering it again. Only what every reader may see is kept:
// GET answers of 200 to requests without an Authorization header or a
// conditional header, keyed by the path, the query, Accept-Language and Host. A
// page is rendered once per position: readers who arrive while it renders get
// the previous rendering (older by at most that render), the others the new
// one.
#ifndef QIWANG_CLIENTS_WEB_PAGE_CACHE_H_
#define QIWANG_CLIENTS_WEB_PAGE_CACHE_H_

#include <cstdint>
#include <functional>
#include <memory>

#include "services/http/handler.h"

namespace qiwang::web {

// `pages` behind the cache; `log_position` answers the position the reads
// see now (the projection's applied position). Thread-safe as `pages` is.
std::unique_ptr<http::Routes> CachePages(
    std::unique_ptr<http::Routes> pages,
    std::function<uint64_t()> log_position);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PAGE_CACHE_H_
