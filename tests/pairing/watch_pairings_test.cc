// WatchPairings through a real server: the new state within a second of the
// event, and after a reconnect only newer states.
#include <grpcpp/support/sync_stream.h>

#include <memory>

#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/pairing/pairing_server_fixture.h"

namespace qiwang::pairing {
namespace {

using standings::kTournamentId;

class WatchPairingsTest : public PairingServerTest {
 protected:
  struct Watch {
    std::unique_ptr<grpc::ClientContext> call;
    std::unique_ptr<grpc::ClientReader<v1::WatchPairingsResponse>> reader;
  };

  Watch Open(uint64_t after_position, const std::string& section = kOpenMen,
             const std::string& tournament = kTournamentId) {
    v1::WatchPairingsRequest request;
    request.set_tournament_id(tournament);
    request.set_section_id(section);
    request.set_after_position(after_position);
    Watch watch;
    watch.call = Call();
    watch.reader = pairing_->WatchPairings(watch.call.get(), request);
    return watch;
  }

  // Reads until a message reflects `position` (a message is sent when the
  // view changes, so only a position that changed it is sure to come); the
  // last message read.
  static v1::WatchPairingsResponse ReadUntil(Watch& watch, uint64_t position) {
    v1::WatchPairingsResponse message;
    while (message.as_of_position() < position) {
      if (!watch.reader->Read(&message)) {
        ADD_FAILURE() << "the watch ended before position " << position;
        break;
      }
    }
    return message;
  }
};

TEST_F(WatchPairingsTest, ANewPairingArrivesWithinASecond) {
  EnterOpenMen(4);
  Watch watch = Open(0);
  v1::WatchPairingsResponse message;
  ASSERT_TRUE(watch.reader->Read(&message));  // the state now: no round yet
  EXPECT_EQ(message.rounds_size(), 0);

  v1::PairRoundResponse paired;
  ASSERT_TRUE(Pair(PairRequest(1), paired).ok());
  const absl::Time published = absl::Now();
  message = ReadUntil(watch, paired.result().last_position());
  EXPECT_LT(absl::Now() - published, absl::Seconds(1));
  ASSERT_EQ(message.rounds_size(), 1);
  EXPECT_EQ(message.rounds(0).boards_size(), 2);

  const uint64_t result = RecordResult(1, 2, v1::GAME_RESULT_DRAW);
  message = ReadUntil(watch, result);
  EXPECT_EQ(message.rounds(0).boards(1).result(), v1::GAME_RESULT_DRAW);

  watch.call->TryCancel();
  while (watch.reader->Read(&message)) {
  }
  EXPECT_EQ(watch.reader->Finish().error_code(), grpc::StatusCode::CANCELLED);
}

TEST_F(WatchPairingsTest, AReconnectGetsOnlyNewerStates) {
  EnterOpenMen(4);
  v1::PairRoundResponse paired;
  ASSERT_TRUE(Pair(PairRequest(1), paired).ok());
  uint64_t seen = 0;
  {
    Watch first = Open(0);
    seen = ReadUntil(first, paired.result().last_position()).as_of_position();
    first.call->TryCancel();
  }
  Watch again = Open(seen);
  const uint64_t result = RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
  v1::WatchPairingsResponse message;
  ASSERT_TRUE(again.reader->Read(&message));
  EXPECT_GT(message.as_of_position(), seen);
  EXPECT_GE(message.as_of_position(), result);
  EXPECT_EQ(message.rounds(0).boards(0).result(), v1::GAME_RESULT_RED_WIN);
  again.call->TryCancel();
}

TEST_F(WatchPairingsTest, UnknownTournamentsAndSectionsEndTheWatch) {
  EnterOpenMen(4);
  v1::WatchPairingsResponse message;
  Watch section = Open(0, "no-such-section");
  EXPECT_FALSE(section.reader->Read(&message));
  EXPECT_EQ(section.reader->Finish().error_code(), grpc::StatusCode::NOT_FOUND);
  Watch tournament = Open(0, kOpenMen, "no-such-tournament");
  EXPECT_FALSE(tournament.reader->Read(&message));
  EXPECT_EQ(tournament.reader->Finish().error_code(),
            grpc::StatusCode::NOT_FOUND);
  Watch nameless = Open(0, kOpenMen, "");
  EXPECT_FALSE(nameless.reader->Read(&message));
  EXPECT_EQ(nameless.reader->Finish().error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(WatchPairingsTest, ShutdownEndsTheWatchWithUnavailable) {
  EnterOpenMen(4);
  Watch watch = Open(0);
  v1::WatchPairingsResponse message;
  ASSERT_TRUE(watch.reader->Read(&message));
  server_->Shutdown(absl::Seconds(20));
  EXPECT_FALSE(watch.reader->Read(&message));
  EXPECT_EQ(watch.reader->Finish().error_code(), grpc::StatusCode::UNAVAILABLE);
}

}  // namespace
}  // namespace qiwang::pairing
