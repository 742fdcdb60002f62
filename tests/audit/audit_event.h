// The hand-worked six-player event (tests/standings/six_player_event.h) with
// event ids and actors, as the ledger would stamp them, and then rulings on
// it: appeal 1 (for P2) against round 3 board 2 (P2 v P6, black won) upheld
// by committee member "zhao", the result changed to a draw; appeal 2 (by
// arbiter "arthur" himself) against P2's round 1 foul, pending; and the chief
// arbiter "chen" correcting round 3 board 1 (P1 v P5) from a draw to 1-0.
// Scores (win 2, draw 1, bye 2), worked by hand:
//            P1 P2 P3 P4 P5 P6
//   now       5  4  2  0  3  4
// The stream and the state folded from it are log_ and state_.
#ifndef QIWANG_TESTS_AUDIT_AUDIT_EVENT_H_
#define QIWANG_TESTS_AUDIT_AUDIT_EVENT_H_

#include <string>

#include "absl/time/time.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::audit {

class AuditEventTest : public standings::SixPlayerEventTest {
 protected:
  void SetUp() override;

  // Stamps `event` as the ledger would (id "e<position>", actor, time) and
  // applies it; the test fails if it does not fold.
  void Add(v1::Event event, const std::string& user, const std::string& role,
           absl::Time now);
  // An AppealFiled event against `ruling_id`.
  v1::Event Appeal(int number, const std::string& ruling_id,
                   int64_t appellant, const std::string& grounds) const;
  // The event id of the result standing on `board` of open-men's `round`
  // before the rulings above.
  std::string ResultId(int round, int board) const;

  std::string r3b1_id_;  // P1 v P5, a draw, corrected
  std::string r3b2_id_;  // P2 v P6, black won, appealed (appeal 1)
  std::string foul_id_;  // P2's foul in round 1 (appeal 2)
  std::string appeal1_id_;
  std::string decision1_id_;
  std::string appeal2_id_;
  std::string correction_id_;
};

}  // namespace qiwang::audit

#endif  // QIWANG_TESTS_AUDIT_AUDIT_EVENT_H_
