#ifndef QIWANG_SERVICES_SERVER_RULING_SERVICE_H_
#define QIWANG_SERVICES_SERVER_RULING_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/ruling_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// qiwang.v1.RulingService on the gRPC callback API: appeals, the
// committee's decisions, tie lots and declined final places (R7.3, R8.3,
// R9), authorised by the access table and executed by the ledger like
// PlayService. Statuses from the rules pass through unchanged.
// REQUIRES: `ledger` and `authenticator` outlive the service.
class RulingService final : public v1::RulingService::CallbackService {
 public:
  RulingService(ledger::Ledger& ledger, const Authenticator& authenticator)
      : ledger_(ledger), authenticator_(authenticator) {}

 private:
  ledger::Ledger& ledger_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_RULING_SERVICE_H_
