// A small open-men event worked by hand, folded the way the ledger folds it:
// six players from one station, lots drawn, three Swiss rounds with a draw,
// a forfeit, a foul, a withdrawal after round 2 and so a bye in round 3.
// The expected standings are worked out in the tests' comments, not by the
// code under test.
//
// Lots: pairing numbers P2=1, P1=2, P4=3, P3=4, P6=5, P5=6 (Pn is player n).
//           board 1            board 2            board 3          bye
// round 1   P1 (red) 1-0 P4    P5 (red) draw P2   P3 (red) absent:  -
//                                                 P6 wins by forfeit
//           foul: P2 in round 1
// round 2   P6 (red) draw P1   P2 (red) 1-0 P3    P4 (red) 0-1 P5   -
//           P4 withdraws (R4.4), from round 3
// round 3   P1 (red) draw P5   P2 (red) 0-1 P6                     P3
// Scoring: win 2, draw 1, loss 0, forfeit win 2, bye 2 (the 2016 config).
#ifndef QIWANG_TESTS_STANDINGS_SIX_PLAYER_EVENT_H_
#define QIWANG_TESTS_STANDINGS_SIX_PLAYER_EVENT_H_

#include <array>
#include <cstdint>
#include <vector>

#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::standings {

inline constexpr char kOpenMen[] = "open-men";

class SixPlayerEventTest : public rules::tournament::PreEventTest {
 protected:
  // Builds the whole event; positions_after_round_[r] is the log position
  // after round r's last result (r = 1..3).
  void SetUp() override;

  // The state folded from the first `position` events of log_.
  rules::tournament::TournamentState FoldUpTo(uint64_t position) const;

  void Play(v1::Event event);
  void DrawLots(const std::vector<int64_t>& player_ids);
  void Pair(int round, const std::vector<std::array<int64_t, 2>>& boards,
            int64_t bye = 0);
  void Result(int round, int board, v1::GameResult result);
  void Foul(int64_t player, int round);
  void Withdraw(int64_t player);

  std::array<uint64_t, 4> positions_after_round_{};
};

}  // namespace qiwang::standings

#endif  // QIWANG_TESTS_STANDINGS_SIX_PLAYER_EVENT_H_
