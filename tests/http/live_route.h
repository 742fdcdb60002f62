// One live view for the HTTP front's SSE tests: /live answers a stream of
// `feed`, which the test publishes into; every other path is unknown.
#ifndef QIWANG_TESTS_HTTP_LIVE_ROUTE_H_
#define QIWANG_TESTS_HTTP_LIVE_ROUTE_H_

#include <memory>
#include <optional>

#include "services/http/broadcast_feed.h"
#include "services/http/handler.h"

namespace qiwang::http {

class LiveRoute : public Routes {
 public:
  std::optional<Reply> Handle(const Request& request) override {
    if (request.path != "/live") return std::nullopt;
    Reply reply;
    reply.stream = feed;
    return reply;
  }
  std::shared_ptr<BroadcastFeed> feed = std::make_shared<BroadcastFeed>();
};

}  // namespace qiwang::http

#endif  // QIWANG_TESTS_HTTP_LIVE_ROUTE_H_
