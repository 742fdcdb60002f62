// One HTTP connection of the front: reads requests within the limits,
// answers probes, Connect calls and routes, and carries SSE and Connect
// streams. Everything it does runs on its own strand; gRPC and feed
// callbacks are posted there. Created by the front's acceptor; keeps itself
// alive (shared_from_this) while an operation is pending.
#ifndef QIWANG_SERVICES_HTTP_SESSION_H_
#define QIWANG_SERVICES_HTTP_SESSION_H_

#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "services/http/front_state.h"

namespace qiwang::http {

void StartSession(boost::asio::ip::tcp::socket socket,
                  std::shared_ptr<FrontState> front);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_SESSION_H_
