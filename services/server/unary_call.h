// The frame every unary qiwang RPC shares: authorise the caller for the RPC
// that takes the request (access_policy.h), run the body, finish the call
// with the body's status. The command and read adapters are built on it;
// RPCs that are neither (the clock, backups, VerifyLog) use it directly.
#ifndef QIWANG_SERVICES_SERVER_UNARY_CALL_H_
#define QIWANG_SERVICES_SERVER_UNARY_CALL_H_

#include <grpcpp/support/server_callback.h>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "services/api/rpc_method.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/access_policy.h"
#include "services/server/auth/authenticator.h"
#include "services/server/refusal_language.h"
#include "services/server/unary_reactor.h"

namespace qiwang::server {

// Who acts for this call of the RPC that takes `Request`, or why nobody may.
template <typename Request>
absl::StatusOr<ledger::Caller> AuthorizeCall(
    const Authenticator& authenticator,
    const grpc::CallbackServerContext& context) {
  return Authorize(authenticator, api::MethodOf<Request>(),
                   context.client_metadata());
}

// Authorises the call and answers body(caller)'s status; the body fills the
// response. Runs on the callback thread.
template <typename Request, typename Body>
grpc::ServerUnaryReactor* AnswerUnary(grpc::CallbackServerContext* context,
                                      const Authenticator& authenticator,
                                      const Body& body) {
  UnaryReactor* reactor = new UnaryReactor();
  absl::StatusOr<ledger::Caller> caller =
      AuthorizeCall<Request>(authenticator, *context);
  reactor->Finish(
      RefusalIn(CallerLang(*context),
                caller.ok() ? absl::Status(body(*caller)) : caller.status()));
  return reactor;
}

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_UNARY_CALL_H_
