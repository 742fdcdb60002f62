// The PairingService through a real qiwangd server on 127.0.0.1 (the
// standings tests' fixture: one token per role, a manual clock, the 2016
// pre-event workflow), with helpers for its calls and for reading the log.
#ifndef QIWANG_TESTS_PAIRING_PAIRING_SERVER_FIXTURE_H_
#define QIWANG_TESTS_PAIRING_PAIRING_SERVER_FIXTURE_H_

#include <grpcpp/support/status.h>

#include <cstdint>
#include <string>
#include <vector>

#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::pairing {

inline constexpr char kOpenMen[] = "open-men";

class PairingServerTest : public standings::StandingsServerTest {
 protected:
  v1::PairRoundRequest PairRequest(int round, uint64_t seed = 2016) const;
  grpc::Status Pair(const v1::PairRoundRequest& request,
                    v1::PairRoundResponse& response,
                    const std::string& token = standings::kPairingOfficer);
  grpc::Status List(int round, v1::ListPairingsResponse& response,
                    const v1::ReadOptions& read = v1::ReadOptions());
  // Records every result of `round` as red wins.
  void CompleteRound(int round);
  // Every event of the tournament's stream, read through EventLogService.
  std::vector<v1::Event> StreamEvents();
};

}  // namespace qiwang::pairing

#endif  // QIWANG_TESTS_PAIRING_PAIRING_SERVER_FIXTURE_H_
