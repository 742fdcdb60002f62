#ifndef QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_
#define QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_

#include "qiwang/v1/play_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// qiwang.v1.PlayService on the gRPC callback API: results and fouls entered by
// arbiters (R5), authorised by the access table and executed by the ledger.
// REQUIRES: `ledger` and `authenticator` outlive the service.
class PlayService final : public v1::PlayService::CallbackService {
 public:
  PlayService(ledger::Ledger& ledger, const Authenticator& authenticator)
      : ledger_(ledger), authenticator_(authenticator) {}

 private:
  ledger::Ledger& ledger_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_
