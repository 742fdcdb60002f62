// Round 1 of the open men's Swiss (eight players) paired, with a result on
// board 1 recorded by arbiter "li" and a foul of board 2's red player, and
// helpers that apply hand-built ruling events (for the fold) or run the
// ruling decisions with the acting user in the context (as the ledger does).
#ifndef QIWANG_TESTS_RULES_TOURNAMENT_RULING_FIXTURE_H_
#define QIWANG_TESTS_RULES_TOURNAMENT_RULING_FIXTURE_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "services/rules/tournament/decide_ruling.h"
#include "tests/rules/tournament/play_fixture.h"

namespace qiwang::rules::tournament {

class RulingTest : public PlayTest {
 protected:
  void SetUp() override;

  // Stamps `event` as the next one by `user` in `role` at `now` and applies
  // it; on success it joins the log. Answers the fold's status.
  absl::Status ApplyAs(v1::Event event, const std::string& user, Role role,
                       absl::Time now = kRoundDay());

  // Decides with `user` in the context; on success commits the events.
  template <typename Request>
  absl::StatusOr<Events> Decide(
      absl::StatusOr<Events> (*decide)(const TournamentState&, const Request&,
                                       const CommandContext&),
      const Request& request, Role role, const std::string& user,
      absl::Time now = kRoundDay()) {
    absl::StatusOr<Events> events =
        decide(state_, request, {.now = now, .role = role, .user = user});
    if (events.ok()) CommitAs(*events, now, role, user);
    return events;
  }

  // AppealFiled / AppealDecided events as the decisions would answer them.
  v1::Event Filed(int number, const RulingRef& ruling, int64_t appellant) const;
  v1::Event Decided(int number, v1::AppealDecision decision,
                    v1::RemedyKind remedy,
                    v1::GameResult result = v1::GAME_RESULT_UNSPECIFIED) const;

  // An appeal of `ruling_id` by `appellant` (0: the official, in their own
  // name), with grounds.
  v1::FileAppealRequest Appeal(const std::string& ruling_id,
                               int64_t appellant) const;
  // Files that appeal as arbiter `user`.
  absl::StatusOr<Events> File(const std::string& ruling_id, int64_t appellant,
                              absl::Time now = kRoundDay(),
                              const std::string& user = "arbiter-2");
  // The committee's decision on appeal `number`, with votes that carry it
  // (3-1-1) and reasoning.
  v1::DecideAppealRequest Decision(int number, v1::AppealDecision decision,
                                   v1::RemedyKind remedy) const;
  // Appeal `number` upheld with the game replayed at `at` (R6.6).
  v1::DecideAppealRequest Replay(int number, absl::Time at) const;
  // Decides as committee member `user`.
  absl::StatusOr<Events> Committee(const v1::DecideAppealRequest& request,
                                   const std::string& user = "committee-1");

  const BoardEntry& BoardOf(int round, int board) const {
    return *Play(kOpen).FindRound(round)->FindBoard(board);
  }
  int64_t RedOf(int board) const {
    return BoardOf(1, board).board.red_player_id();
  }
  int64_t BlackOf(int board) const {
    return BoardOf(1, board).board.black_player_id();
  }

  // The rulings made in SetUp.
  const RulingRef& ResultRuling() const {
    return *state_.FindRuling(result_id_);
  }
  const RulingRef& FoulRuling() const { return *state_.FindRuling(foul_id_); }

  std::string result_id_;  // board 1's result, by "li"
  std::string foul_id_;    // board 2's red player's foul, by "li"
};

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_TESTS_RULES_TOURNAMENT_RULING_FIXTURE_H_
