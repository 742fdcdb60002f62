// What every connection of one HttpFront shares. Owned by the front; every
// member is thread-safe or immutable after construction.
#ifndef QIWANG_SERVICES_HTTP_FRONT_STATE_H_
#define QIWANG_SERVICES_HTTP_FRONT_STATE_H_

#include <boost/asio/ssl/context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <memory>

#include "services/http/connect_bridge.h"
#include "services/http/front_metrics.h"
#include "services/http/http_front.h"
#include "services/http/stream_calls.h"
#include "services/http/stream_limiter.h"

namespace qiwang::http {

struct FrontState {
  FrontState(const HttpFrontOptions& options, FrontServices services,
             std::unique_ptr<boost::asio::ssl::context> tls)
      : options(options),
        services(std::move(services)),
        bridge(this->services.channel),
        metrics(this->services.projection_lag,
                this->services.ledger_batch_sizes),
        limiter(options.max_streams_per_client),
        page_pool(options.page_threads),
        tls(std::move(tls)) {}

  const HttpFrontOptions options;
  const FrontServices services;
  ConnectBridge bridge;
  FrontMetrics metrics;
  StreamLimiter limiter;
  StreamCalls calls;
  boost::asio::thread_pool page_pool;
  // Null: plaintext.
  const std::unique_ptr<boost::asio::ssl::context> tls;
};

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_FRONT_STATE_H_
