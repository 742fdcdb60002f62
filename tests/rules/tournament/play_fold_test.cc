// The fold of play events into TournamentState, the section records the
// engines read, and results (R5.3, R6.1, R4.4).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/roundrobin/drawn_lots.h"
#include "services/rules/tournament/rounds.h"
#include "services/rules/tournament/section_records.h"
#include "tests/rules/tournament/play_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class PlayFoldTest : public PlayTest {
 protected:
  void SetUp() override {
    PlayTest::SetUp();
    players_ = EnterOpenMen(9);
    ASSERT_TRUE(CloseCheckIn().ok());
  }
  // Applies `event` as the next one; answers the fold's status.
  absl::Status ApplyNext(v1::Event event) {
    event.set_position(log_.size() + 1);
    event.set_stream_version(state_.version() + 1);
    return state_.Apply(event);
  }
  std::vector<int64_t> players_;
};

// R6.1: round 1 publishes the drawn lots (with the seed) and the round; the
// draw is redone from the seed.
TEST_F(PlayFoldTest, R6_1_RoundOneRecordsLotsAndSeed) {
  absl::StatusOr<Events> events = PairNext(kOpen, 2016);
  ASSERT_TRUE(events.ok()) << events.status();
  ASSERT_EQ(events->size(), 2u);
  EXPECT_TRUE((*events)[0].has_lots_drawn());
  EXPECT_TRUE((*events)[1].has_round_paired());

  const SectionPlay& play = Play(kOpen);
  ASSERT_TRUE(play.lots_drawn);
  EXPECT_EQ(play.lots.seed(), 2016u);
  absl::StatusOr<std::vector<PlayerId>> redone =
      DrawPairingNumbers(players_, 2016);
  ASSERT_TRUE(redone.ok());
  EXPECT_THAT(play.lots.player_ids(), ElementsAreArray(*redone));
  EXPECT_EQ(play.PairingNumber((*redone)[0]), 1);
  EXPECT_EQ(play.rounds_published(), 1);
  ASSERT_EQ(play.FindRound(1)->boards.size(), 4u);
  EXPECT_NE(play.FindRound(1)->bye_player_id, 0);
  EXPECT_EQ(play.FindRound(1)->published_position, log_.size());
  EXPECT_EQ(NextUnpairedRound(state_, kOpen), 2);
  EXPECT_EQ(NextUnpairedRound(state_, kPro), 1);
}

// R4.3: nothing is paired while check-in is open.
using PlayBeforeCloseTest = PlayTest;
TEST_F(PlayBeforeCloseTest, R4_3_NoPairingWhileCheckInIsOpen) {
  EnterOpenMen(4);
  absl::StatusOr<ProposedRound> proposed = ProposeNextRound(state_, kOpen, 1);
  EXPECT_EQ(proposed.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(proposed.status().message(), HasSubstr("R4.3"));
}

TEST_F(PlayFoldTest, R5_3_ResultRecordedWithWhoAndWhen) {
  ASSERT_TRUE(PairNext(kOpen).ok());
  absl::StatusOr<Events> events =
      Record(kOpen, 1, 2, v1::GAME_RESULT_BLACK_WIN, "li");
  ASSERT_TRUE(events.ok()) << events.status();
  ASSERT_EQ(events->size(), 1u);
  const BoardEntry& board = *Play(kOpen).FindRound(1)->FindBoard(2);
  EXPECT_EQ(board.result, v1::GAME_RESULT_BLACK_WIN);
  EXPECT_EQ(board.result_actor.user(), "li");
  EXPECT_EQ(board.result_actor.role(), "arbiter");
  EXPECT_EQ(board.result_position, log_.size());
  EXPECT_EQ(board.result_time, kRoundDay());
  EXPECT_TRUE(Play(kOpen).FindRound(1)->started());
  EXPECT_FALSE(Play(kOpen).FindRound(1)->complete());
}

// R5.3: a second arbiter sending the same result changes nothing.
TEST_F(PlayFoldTest, R5_3_SameResultAgainAppendsNothing) {
  ASSERT_TRUE(PairNext(kOpen).ok());
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_DRAW, "li").ok());
  const std::string before = state_.Snapshot();
  absl::StatusOr<Events> again =
      Record(kOpen, 1, 1, v1::GAME_RESULT_DRAW, "wang");
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_TRUE(again->empty());
  EXPECT_EQ(state_.Snapshot(), before);
}

// R5.3: a different result names the standing one, who recorded it, when.
TEST_F(PlayFoldTest, R5_3_ConflictNamesRecordedResultWhoAndWhen) {
  ASSERT_TRUE(PairNext(kOpen).ok());
  ASSERT_TRUE(Record(kOpen, 1, 3, v1::GAME_RESULT_RED_WIN, "li").ok());
  const std::string before = state_.Snapshot();
  absl::StatusOr<Events> other =
      Record(kOpen, 1, 3, v1::GAME_RESULT_DRAW, "wang");
  EXPECT_EQ(other.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(other.status().message(),
              HasSubstr("R5.3: board 3 of round 1 of section 'open-men' has a "
                        "result already: red win (红胜) recorded by li "
                        "(arbiter) at 2016-10-14 10:30 Asia/Shanghai"));
  EXPECT_THAT(other.status().message(), HasSubstr("chief arbiter"));
  EXPECT_EQ(state_.Snapshot(), before);
}

TEST_F(PlayFoldTest, R5_3_RefusesUnknownRoundBoardSectionAndMissingResult) {
  ASSERT_TRUE(PairNext(kOpen).ok());
  absl::StatusOr<Events> round = Record(kOpen, 2, 1, v1::GAME_RESULT_DRAW);
  EXPECT_EQ(round.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(round.status().message(),
              HasSubstr("R5.3: round 2 of section 'open-men' is not "
                        "published (1 rounds are)"));
  absl::StatusOr<Events> board = Record(kOpen, 1, 5, v1::GAME_RESULT_DRAW);
  EXPECT_EQ(board.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(board.status().message(), HasSubstr("has no board 5 (it has 4)"));
  absl::StatusOr<Events> section =
      Record("no-such", 1, 1, v1::GAME_RESULT_DRAW);
  EXPECT_EQ(section.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(section.status().message(), HasSubstr("section_id"));
  absl::StatusOr<Events> none =
      Record(kOpen, 1, 1, v1::GAME_RESULT_UNSPECIFIED);
  EXPECT_EQ(none.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(none.status().message(), HasSubstr("R5.3: result:"));
  absl::StatusOr<Events> zero = Record(kOpen, 0, 1, v1::GAME_RESULT_DRAW);
  EXPECT_EQ(zero.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(zero.status().message(), HasSubstr("round"));
  v1::RecordResultRequest other_tournament =
      Result(kOpen, 1, 1, v1::GAME_RESULT_DRAW);
  other_tournament.set_tournament_id("other");
  EXPECT_EQ(DecideRecordResult(state_, other_tournament,
                               {kRoundDay(), Role::kArbiter})
                .status()
                .code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Play(kOpen).FindRound(1)->started(), false);
}

// The fold refuses events that do not fit, changing nothing.
TEST_F(PlayFoldTest, FoldRefusesUnfitPlayEvents) {
  ASSERT_TRUE(PairNext(kOpen).ok());
  const std::string before = state_.Snapshot();
  v1::Event board;
  *board.mutable_result_recorded() = [] {
    v1::ResultRecorded r;
    r.set_section_id(kOpen);
    r.set_round(1);
    r.set_board(9);
    r.set_result(v1::GAME_RESULT_DRAW);
    return r;
  }();
  EXPECT_THAT(ApplyNext(board).message(), HasSubstr("no board 9 in round 1"));
  v1::Event skip;
  skip.mutable_round_paired()->set_section_id(kOpen);
  skip.mutable_round_paired()->set_round(3);
  EXPECT_THAT(ApplyNext(skip).message(), HasSubstr("not the next round 2"));
  v1::Event lots;
  lots.mutable_lots_drawn()->set_section_id(kOpen);
  EXPECT_THAT(ApplyNext(lots).message(), HasSubstr("drawn already"));
  v1::Event stranger;
  stranger.mutable_round_paired()->set_section_id(kOpen);
  stranger.mutable_round_paired()->set_round(2);
  v1::Board& seat = *stranger.mutable_round_paired()->add_boards();
  seat.set_number(1);
  seat.set_red_player_id(players_[0]);
  seat.set_black_player_id(999);
  EXPECT_THAT(ApplyNext(stranger).message(),
              HasSubstr("player 999 is not in section"));
  v1::Event section;
  section.mutable_foul_recorded()->set_section_id("nowhere");
  EXPECT_THAT(ApplyNext(section).message(), HasSubstr("no section 'nowhere'"));
  v1::Event correction;
  *correction.mutable_result_corrected() = [] {
    v1::ResultCorrected r;
    r.set_section_id(kOpen);
    r.set_round(1);
    r.set_board(1);
    r.set_result(v1::GAME_RESULT_DRAW);
    return r;
  }();
  EXPECT_THAT(ApplyNext(correction).message(),
              HasSubstr("correction of a board without a result"));
  EXPECT_EQ(state_.Snapshot(), before);
}

// The records the engines read: colours, outcomes from red's result
// (forfeits per R5.3), the bye, pending games, pairing numbers from the lots.
TEST_F(PlayFoldTest, SectionRecordsFollowBoardsResultsAndBye) {
  ASSERT_TRUE(PairNext(kOpen).ok());
  const RoundEntry& round = *Play(kOpen).FindRound(1);
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN_BY_FORFEIT).ok());
  ASSERT_TRUE(Record(kOpen, 1, 2, v1::GAME_RESULT_DOUBLE_FORFEIT).ok());
  ASSERT_TRUE(Record(kOpen, 1, 3, v1::GAME_RESULT_BLACK_WIN).ok());

  absl::StatusOr<std::vector<PlayerRecord>> records =
      SectionRecords(state_, kOpen);
  ASSERT_TRUE(records.ok()) << records.status();
  ASSERT_EQ(records->size(), 9u);
  auto of = [&](int64_t id) -> const PlayerRecord& {
    for (const PlayerRecord& r : *records) {
      if (r.id == id) return r;
    }
    ADD_FAILURE() << "no record of " << id;
    return records->front();
  };
  for (size_t i = 0; i < records->size(); ++i) {
    EXPECT_EQ((*records)[i].pairing_number, static_cast<int>(i) + 1);
    EXPECT_EQ((*records)[i].id, Play(kOpen).lots.player_ids(i));
    ASSERT_EQ((*records)[i].rounds.size(), 1u);
  }
  const v1::Board& b1 = round.boards[0].board;
  EXPECT_EQ(of(b1.red_player_id()).rounds[0].outcome, Outcome::kForfeitWin);
  EXPECT_EQ(of(b1.red_player_id()).rounds[0].colour, Colour::kRed);
  EXPECT_EQ(of(b1.red_player_id()).rounds[0].opponent, b1.black_player_id());
  EXPECT_EQ(of(b1.black_player_id()).rounds[0].outcome, Outcome::kForfeitLoss);
  EXPECT_EQ(of(b1.black_player_id()).rounds[0].colour, Colour::kBlack);
  const v1::Board& b2 = round.boards[1].board;
  EXPECT_EQ(of(b2.red_player_id()).rounds[0].outcome, Outcome::kDoubleForfeit);
  EXPECT_EQ(of(b2.black_player_id()).rounds[0].outcome,
            Outcome::kDoubleForfeit);
  const v1::Board& b3 = round.boards[2].board;
  EXPECT_EQ(of(b3.red_player_id()).rounds[0].outcome, Outcome::kLoss);
  EXPECT_EQ(of(b3.black_player_id()).rounds[0].outcome, Outcome::kWin);
  const v1::Board& b4 = round.boards[3].board;
  EXPECT_EQ(of(b4.red_player_id()).rounds[0].outcome, Outcome::kPending);
  const PlayerRecord& bye = of(round.bye_player_id);
  EXPECT_EQ(bye.rounds[0].outcome, Outcome::kBye);
  EXPECT_EQ(bye.rounds[0].opponent, kNoPlayer);
  EXPECT_FALSE(bye.rounds[0].colour.has_value());

  absl::StatusOr<std::vector<PlayerRecord>> before =
      SectionRecordsBefore(state_, kOpen, 1);
  ASSERT_TRUE(before.ok());
  EXPECT_THAT(before->front().rounds, IsEmpty());
  EXPECT_EQ(SectionRecords(state_, "nowhere").status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(SectionRecords(state_, kOpen, -1).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// No-shows withdrawn at check-in do not play; before any lots, pairing
// numbers follow registration.
using SectionRecordsTest = PlayTest;
TEST_F(SectionRecordsTest, R4_3_NoShowsAreLeftOut) {
  const std::vector<v1::Person> people = Ranking("N", 4);
  ASSERT_TRUE(
      RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14, people)
          .ok());
  std::vector<int64_t> ids;
  for (const v1::Person& person : people) {
    ids.push_back(Register(Entry(person, kOpen)).value_or(0));
  }
  ASSERT_TRUE(CheckInWithUsualDocuments(ids[0]).ok());
  ASSERT_TRUE(CheckInWithUsualDocuments(ids[2]).ok());
  ASSERT_TRUE(CheckInWithUsualDocuments(ids[3]).ok());
  ASSERT_TRUE(CloseCheckIn().ok());
  absl::StatusOr<std::vector<PlayerRecord>> records =
      SectionRecords(state_, kOpen);
  ASSERT_TRUE(records.ok());
  std::vector<int64_t> seen;
  for (const PlayerRecord& r : *records) seen.push_back(r.id);
  EXPECT_THAT(seen, ElementsAre(ids[0], ids[2], ids[3]));
  EXPECT_EQ(records->back().pairing_number, 3);
}

// R5.1, R7: the engines' configuration from the tournament's.
TEST_F(PlayFoldTest, R7_RankingConfigFromTheSection) {
  const Scoring scoring = ScoringOf(state_.config());
  EXPECT_EQ(scoring.win, 2);
  EXPECT_EQ(scoring.draw, 1);
  EXPECT_EQ(scoring.bye, 2);
  absl::StatusOr<RankingConfig> open = RankingConfigOf(state_.config(), kOpen);
  ASSERT_TRUE(open.ok());
  EXPECT_THAT(open->tie_breaks,
              ElementsAre(TieBreak::kOpponentsScore, TieBreak::kWins,
                          TieBreak::kFewerFouls, TieBreak::kGamesWithBlack,
                          TieBreak::kPreviousRounds));
  EXPECT_EQ(open->previous_rounds, PreviousRoundsReading::kCumulativeScores);
  EXPECT_EQ(open->scoring.bye, 2);
  absl::StatusOr<RankingConfig> pro = RankingConfigOf(state_.config(), kPro);
  ASSERT_TRUE(pro.ok());
  EXPECT_EQ(pro->scoring.bye, 0);  // R7.4: the round robin's rest round

  v1::TournamentConfig single = state_.config();
  single.mutable_sections(1)->set_previous_rounds(
      v1::PREVIOUS_ROUNDS_READING_SINGLE_ROUND_RESULTS);
  single.mutable_sections(1)->clear_tie_breaks();
  single.mutable_sections(1)->add_tie_breaks(
      v1::TIE_BREAK_KIND_SONNEBORN_BERGER);
  absl::StatusOr<RankingConfig> changed =
      RankingConfigOf(single, single.sections(1).id());
  ASSERT_TRUE(changed.ok());
  EXPECT_THAT(changed->tie_breaks, ElementsAre(TieBreak::kSonnebornBerger));
  EXPECT_EQ(changed->previous_rounds,
            PreviousRoundsReading::kSingleRoundResults);
  EXPECT_EQ(RankingConfigOf(single, "nowhere").status().code(),
            absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace qiwang::rules::tournament
