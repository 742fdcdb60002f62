// Several Routes served as one: each request goes to the first that knows
// its path. qiwangd's main composes the pages (officials' before public) with
// it. Thread-safe when every link is.
#ifndef QIWANG_SERVICES_HTTP_ROUTE_CHAIN_H_
#define QIWANG_SERVICES_HTTP_ROUTE_CHAIN_H_

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "services/http/handler.h"

namespace qiwang::http {

class RouteChain : public Routes {
 public:
  explicit RouteChain(std::vector<std::unique_ptr<Routes>> links)
      : links_(std::move(links)) {}

  std::optional<Reply> Handle(const Request& request) override {
    for (const std::unique_ptr<Routes>& link : links_) {
      std::optional<Reply> reply = link->Handle(request);
      if (reply.has_value()) return reply;
    }
    return std::nullopt;
  }

 private:
  const std::vector<std::unique_ptr<Routes>> links_;
};

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_ROUTE_CHAIN_H_
