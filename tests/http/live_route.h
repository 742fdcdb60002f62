// The routes of the HTTP front's tests: /live answers a stream of `feed`,
// which the test publishes into; /page a whole HTML page; every other path
// is unknown.
#ifndef QIWANG_TESTS_HTTP_LIVE_ROUTE_H_
#define QIWANG_TESTS_HTTP_LIVE_ROUTE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "services/http/broadcast_feed.h"
#include "services/http/handler.h"

namespace qiwang::http {

// A message of the "standings" view at `position`.
inline LiveMessage StandingsAt(uint64_t position, std::string data) {
  LiveMessage message;
  message.position = position;
  message.event = "standings";
  message.data = std::move(data);
  return message;
}

class LiveRoute : public Routes {
 public:
  std::optional<Reply> Handle(const Request& request) override {
    Reply reply;
    if (request.path == "/page") {
      reply.response.emplace();
      reply.response->body = "<p>page</p>\n";
      return reply;
    }
    if (request.path != "/live") return std::nullopt;
    reply.stream = feed;
    return reply;
  }
  std::shared_ptr<BroadcastFeed> feed = std::make_shared<BroadcastFeed>();
};

}  // namespace qiwang::http

#endif  // QIWANG_TESTS_HTTP_LIVE_ROUTE_H_
