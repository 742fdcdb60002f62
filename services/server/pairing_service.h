#ifndef QIWANG_SERVICES_SERVER_PAIRING_SERVICE_H_
#define QIWANG_SERVICES_SERVER_PAIRING_SERVICE_H_

#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/projection/tournament_projection.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// qiwang.v1.PairingService on the gRPC callback API: pairings read from the
// projection; rounds published through the ledger at the stream version the
// projection paired on (R6). REQUIRES: the references outlive the service.
class PairingService final : public v1::PairingService::CallbackService {
 public:
  PairingService(ledger::Ledger& ledger,
                 projection::TournamentProjection& projection,
                 const Authenticator& authenticator)
      : ledger_(ledger), projection_(projection), authenticator_(authenticator) {}

 private:
  ledger::Ledger& ledger_;
  projection::TournamentProjection& projection_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_PAIRING_SERVICE_H_
