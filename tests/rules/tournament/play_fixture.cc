#include "tests/rules/tournament/play_fixture.h"

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/time_util.h"
#include "services/rules/tournament/decide_ruling.h"

namespace qiwang::rules::tournament {

absl::StatusOr<Events> PlayTest::Withdraw(int64_t player_id) {
  v1::WithdrawPlayerRequest request;
  request.set_tournament_id(kTournament);
  request.set_player_id(player_id);
  request.set_reason("ill after round 1");
  return As(&DecideWithdraw, request, Role::kChiefArbiter);
}

absl::StatusOr<Events> PlayTest::DeclineFinalPlace(
    const std::string& ranking_id, int64_t player_id) {
  v1::DeclineFinalPlaceRequest decline;
  decline.set_tournament_id(kTournament);
  decline.set_ranking_id(ranking_id);
  decline.set_player_id(player_id);
  decline.set_reason("declined by letter");
  return As(&DecideDeclineFinalPlace, decline, Role::kChiefArbiter);
}

std::vector<int64_t> PlayTest::EnterOpenMen(int count) {
  std::vector<int64_t> ids;
  for (int station = 0; station * 12 < count; ++station) {
    const std::vector<v1::Person> ranking =
        Ranking(absl::StrCat("O", station), std::min(12, count - station * 12));
    EXPECT_TRUE(RecordStation(absl::StrCat("city-", station),
                              v1::STATION_KIND_CITY, 2016, 5, 1 + station,
                              ranking)
                    .ok());
    for (const v1::Person& person : ranking) {
      absl::StatusOr<int64_t> id = Register(Entry(person, kOpen));
      EXPECT_TRUE(id.ok()) << id.status();
      ids.push_back(id.value_or(0));
    }
  }
  for (int64_t id : ids) EXPECT_TRUE(CheckInWithUsualDocuments(id).ok());
  return ids;
}

std::vector<int64_t> PlayTest::EnterProfessionals(int count) {
  std::vector<int64_t> ids;
  for (const v1::Person& person : Ranking("P", count)) {
    v1::RegisterPlayerRequest entry = Entry(person, kPro);
    entry.set_title(v1::TITLE_PROVINCIAL_TEAM_MASTER);
    absl::StatusOr<int64_t> id = Register(entry);
    EXPECT_TRUE(id.ok()) << id.status();
    ids.push_back(id.value_or(0));
  }
  for (int64_t id : ids) EXPECT_TRUE(CheckInWithUsualDocuments(id).ok());
  return ids;
}

void PlayTest::CommitAs(const Events& events, absl::Time now, Role role,
                        const std::string& user) {
  for (v1::Event event : events) {
    event.set_position(log_.size() + 1);
    event.set_event_id(absl::StrCat("event-", log_.size() + 1));
    event.set_stream(kTournament);
    event.set_stream_version(state_.version() + 1);
    event.mutable_actor()->set_user(user.empty() ? std::string(RoleName(role))
                                                 : user);
    event.mutable_actor()->set_role(std::string(RoleName(role)));
    *event.mutable_server_time() =
        google::protobuf::util::TimeUtil::SecondsToTimestamp(
            absl::ToUnixSeconds(now));
    ASSERT_TRUE(state_.Apply(event).ok()) << event.DebugString();
    log_.push_back(std::move(event));
  }
}

absl::StatusOr<Events> PlayTest::PairNext(const std::string& section_id,
                                          uint64_t seed) {
  absl::StatusOr<ProposedRound> proposed =
      ProposeNextRound(state_, section_id, seed);
  if (!proposed.ok()) return proposed.status();
  const CommandContext context{kRoundDay(), Role::kPairingOfficer};
  absl::StatusOr<Events> events =
      DecidePublishRound(state_, proposed->proposal, context);
  if (events.ok()) {
    CommitAs(*events, kRoundDay(), Role::kPairingOfficer, "pairing-officer");
  }
  return events;
}

v1::CorrectResultRequest PlayTest::Correction(int board,
                                              v1::GameResult result) const {
  v1::CorrectResultRequest request;
  request.set_tournament_id(kTournament);
  request.set_section_id(kOpen);
  request.set_round(1);
  request.set_board(board);
  request.set_result(result);
  request.set_reason("score sheet signed by both players says draw");
  return request;
}

v1::RecordFoulRequest PlayTest::Foul(int64_t player_id, int round) const {
  v1::RecordFoulRequest request;
  request.set_tournament_id(kTournament);
  request.set_player_id(player_id);
  request.set_round(round);
  request.set_kind(v1::FOUL_KIND_PERPETUAL_CHECK);
  request.set_note("长将 three times, warned");
  return request;
}

v1::RecordResultRequest PlayTest::Result(const std::string& section_id,
                                         int round, int board,
                                         v1::GameResult result) const {
  v1::RecordResultRequest request;
  request.set_command_id(absl::StrCat("r-", round, "-", board));
  request.set_tournament_id(kTournament);
  request.set_section_id(section_id);
  request.set_round(round);
  request.set_board(board);
  request.set_result(result);
  return request;
}

absl::StatusOr<Events> PlayTest::Record(const std::string& section_id,
                                        int round, int board,
                                        v1::GameResult result,
                                        const std::string& user) {
  return As(&DecideRecordResult, Result(section_id, round, board, result),
            Role::kArbiter, user);
}

void PlayTest::RecordRound(const std::string& section_id, int round) {
  const RoundEntry* entry = Play(section_id).FindRound(round);
  ASSERT_NE(entry, nullptr);
  for (const BoardEntry& board : entry->boards) {
    if (board.result != v1::GAME_RESULT_UNSPECIFIED) continue;
    const int number = board.board.number();
    ASSERT_TRUE(
        Record(section_id, round, number,
               number % 2 == 1 ? v1::GAME_RESULT_RED_WIN : v1::GAME_RESULT_DRAW)
            .ok());
  }
}

}  // namespace qiwang::rules::tournament
