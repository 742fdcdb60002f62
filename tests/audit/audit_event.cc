#include "tests/audit/audit_event.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/time_util.h"

namespace qiwang::audit {

using rules::tournament::Beijing;
using rules::tournament::TournamentState;
using standings::kOpenMen;

void AuditEventTest::SetUp() {
  SixPlayerEventTest::SetUp();
  if (HasFatalFailure()) return;
  // Ids and actors as the ledger stamps them; the fold is done again.
  state_ = TournamentState();
  for (v1::Event& event : log_) {
    event.set_event_id(absl::StrCat("e", event.position()));
    const bool pairing = event.has_lots_drawn() || event.has_round_paired();
    event.mutable_actor()->set_user(pairing ? "pat" : "arthur");
    event.mutable_actor()->set_role(pairing ? "pairing_officer" : "arbiter");
    ASSERT_TRUE(state_.Apply(event).ok()) << event.DebugString();
  }
  r3b1_id_ = ResultId(3, 1);
  r3b2_id_ = ResultId(3, 2);
  foul_id_ = state_.FindSectionPlay(kOpenMen)->fouls.front().event_id;

  Add(Appeal(1, r3b2_id_, 2, "P6's flag fell first"), "arthur", "arbiter",
      Beijing(2016, 10, 14, 9, 20));
  appeal1_id_ = log_.back().event_id();

  v1::Event decision;
  decision.set_reason("the clock shows both flags down; a draw");
  v1::AppealDecided& decided = *decision.mutable_appeal_decided();
  decided.set_appeal_number(1);
  decided.set_decision(v1::APPEAL_DECISION_UPHELD);
  decided.mutable_remedy()->set_kind(v1::REMEDY_KIND_RESULT_CHANGED);
  decided.mutable_remedy()->set_result(v1::GAME_RESULT_DRAW);
  decided.mutable_votes()->set_uphold(3);
  decided.mutable_votes()->set_dismiss(1);
  decided.set_section_id(kOpenMen);
  decided.set_round(3);
  decided.set_board(2);
  decided.set_previous(v1::GAME_RESULT_BLACK_WIN);
  Add(decision, "zhao", "arbitration_committee", Beijing(2016, 10, 14, 9, 40));
  decision1_id_ = log_.back().event_id();

  Add(Appeal(2, foul_id_, 0, "the phone was the spectator's"), "arthur",
      "arbiter", Beijing(2016, 10, 14, 9, 25));
  appeal2_id_ = log_.back().event_id();

  v1::Event correction;
  correction.set_reason("score sheet signed 1-0");
  v1::ResultCorrected& corrected = *correction.mutable_result_corrected();
  corrected.set_section_id(kOpenMen);
  corrected.set_round(3);
  corrected.set_board(1);
  corrected.set_result(v1::GAME_RESULT_RED_WIN);
  corrected.set_previous(v1::GAME_RESULT_DRAW);
  corrected.set_corrects_position(state_.FindRuling(r3b1_id_)->position);
  Add(correction, "chen", "chief_arbiter", Beijing(2016, 10, 14, 18, 5));
  correction_id_ = log_.back().event_id();
}

void AuditEventTest::Add(v1::Event event, const std::string& user,
                         const std::string& role, absl::Time now) {
  event.set_position(log_.size() + 1);
  event.set_event_id(absl::StrCat("e", event.position()));
  event.set_stream(kTournament);
  event.set_stream_version(state_.version() + 1);
  event.mutable_actor()->set_user(user);
  event.mutable_actor()->set_role(role);
  *event.mutable_server_time() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(now));
  const absl::Status applied = state_.Apply(event);
  ASSERT_TRUE(applied.ok()) << applied << event.DebugString();
  log_.push_back(std::move(event));
}

v1::Event AuditEventTest::Appeal(int number, const std::string& ruling_id,
                                 int64_t appellant,
                                 const std::string& grounds) const {
  v1::Event event;
  v1::AppealFiled& filed = *event.mutable_appeal_filed();
  filed.set_appeal_number(number);
  filed.set_ruling_id(ruling_id);
  filed.set_ruling_position(state_.FindRuling(ruling_id)->position);
  filed.set_appellant_player_id(appellant);
  filed.set_grounds(grounds);
  return event;
}

std::string AuditEventTest::ResultId(int round, int board) const {
  const uint64_t position = state_.FindSectionPlay(kOpenMen)
                                ->FindRound(round)
                                ->FindBoard(board)
                                ->result_position;
  return log_[position - 1].event_id();
}

}  // namespace qiwang::audit
