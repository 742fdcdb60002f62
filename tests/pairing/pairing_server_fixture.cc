#include "tests/pairing/pairing_server_fixture.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include "absl/strings/str_cat.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"

namespace qiwang::pairing {

using standings::kTournamentId;

v1::PairRoundRequest PairingServerTest::PairRequest(int round,
                                                    uint64_t seed) const {
  v1::PairRoundRequest request;
  request.set_command_id(absl::StrCat("pair-", round));
  request.set_tournament_id(kTournamentId);
  request.set_section_id(kOpenMen);
  request.set_round(round);
  request.set_lots_seed(seed);
  return request;
}

grpc::Status PairingServerTest::Pair(const v1::PairRoundRequest& request,
                                     v1::PairRoundResponse& response,
                                     const std::string& token) {
  return pairing_->PairRound(Call(token).get(), request, &response);
}

grpc::Status PairingServerTest::List(int round,
                                     v1::ListPairingsResponse& response,
                                     const v1::ReadOptions& read) {
  v1::ListPairingsRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id(kOpenMen);
  request.set_round(round);
  *request.mutable_read() = read;
  return pairing_->ListPairings(Call().get(), request, &response);
}

void PairingServerTest::CompleteRound(int round) {
  v1::ListPairingsResponse pairings;
  ASSERT_TRUE(List(round, pairings).ok());
  ASSERT_EQ(pairings.rounds_size(), 1);
  for (const v1::BoardView& board : pairings.rounds(0).boards()) {
    RecordResult(round, board.number(), v1::GAME_RESULT_RED_WIN);
  }
}

std::vector<v1::Event> PairingServerTest::StreamEvents() {
  auto log = v1::EventLogService::NewStub(grpc::CreateChannel(
      server_->address(), grpc::InsecureChannelCredentials()));
  v1::ReadRequest request;
  request.set_stream(kTournamentId);
  auto call = Call(standings::kOrganiser);
  auto reader = log->Read(call.get(), request);
  std::vector<v1::Event> events;
  v1::ReadResponse response;
  while (reader->Read(&response)) events.push_back(response.event());
  const grpc::Status status = reader->Finish();
  EXPECT_TRUE(status.ok()) << status.error_message();
  return events;
}

}  // namespace qiwang::pairing
