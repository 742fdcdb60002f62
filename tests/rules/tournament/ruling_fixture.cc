#include "tests/rules/tournament/ruling_fixture.h"

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/time_util.h"

namespace qiwang::rules::tournament {

void RulingTest::SetUp() {
  PlayTest::SetUp();
  EnterOpenMen(8);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN, "li").ok());
  result_id_ = log_.back().event_id();
  v1::RecordFoulRequest foul;
  foul.set_tournament_id(kTournament);
  foul.set_player_id(RedOf(2));
  foul.set_round(1);
  foul.set_kind(v1::FOUL_KIND_PERPETUAL_CHASE);
  foul.set_note("长捉 the cannon");
  ASSERT_TRUE(As(&DecideRecordFoul, foul, Role::kArbiter, "li").ok());
  foul_id_ = log_.back().event_id();
}

absl::Status RulingTest::ApplyAs(v1::Event event, const std::string& user,
                                 Role role, absl::Time now) {
  event.set_position(log_.size() + 1);
  event.set_event_id(absl::StrCat("event-", log_.size() + 1));
  event.set_stream(kTournament);
  event.set_stream_version(state_.version() + 1);
  event.mutable_actor()->set_user(user);
  event.mutable_actor()->set_role(std::string(RoleName(role)));
  *event.mutable_server_time() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(now));
  absl::Status status = state_.Apply(event);
  if (status.ok()) log_.push_back(std::move(event));
  return status;
}

v1::Event RulingTest::Filed(int number, const RulingRef& ruling,
                            int64_t appellant) const {
  v1::Event event;
  v1::AppealFiled& filed = *event.mutable_appeal_filed();
  filed.set_appeal_number(number);
  filed.set_ruling_id(ruling.ruling_id);
  filed.set_ruling_position(ruling.position);
  filed.set_appellant_player_id(appellant);
  filed.set_grounds("the clock was stopped");
  return event;
}

v1::Event RulingTest::Decided(int number, v1::AppealDecision decision,
                              v1::RemedyKind remedy,
                              v1::GameResult result) const {
  v1::Event event;
  v1::AppealDecided& decided = *event.mutable_appeal_decided();
  decided.set_appeal_number(number);
  decided.set_decision(decision);
  decided.mutable_remedy()->set_kind(remedy);
  decided.mutable_remedy()->set_result(result);
  decided.mutable_votes()->set_uphold(
      decision == v1::APPEAL_DECISION_UPHELD ? 3 : 0);
  decided.mutable_votes()->set_dismiss(
      decision == v1::APPEAL_DECISION_UPHELD ? 0 : 3);
  const AppealEntry* appeal = state_.FindAppeal(number);
  const RulingRef* ruling = appeal == nullptr
                                ? nullptr
                                : state_.FindRuling(appeal->filed.ruling_id());
  if (ruling != nullptr && ruling->board != 0) {
    decided.set_section_id(ruling->section_id);
    decided.set_round(ruling->round);
    decided.set_board(ruling->board);
    decided.set_previous(BoardOf(ruling->round, ruling->board).result);
  }
  event.set_reason("the committee heard both players");
  return event;
}

v1::FileAppealRequest RulingTest::Appeal(const std::string& ruling_id,
                                         int64_t appellant) const {
  v1::FileAppealRequest request;
  request.set_tournament_id(kTournament);
  request.set_ruling_id(ruling_id);
  request.set_appellant_player_id(appellant);
  request.set_grounds("the opponent's flag fell first");
  return request;
}

absl::StatusOr<Events> RulingTest::File(const std::string& ruling_id,
                                        int64_t appellant, absl::Time now,
                                        const std::string& user) {
  return Decide(&DecideFileAppeal, Appeal(ruling_id, appellant), Role::kArbiter,
                user, now);
}

v1::DecideAppealRequest RulingTest::Decision(int number,
                                             v1::AppealDecision decision,
                                             v1::RemedyKind remedy) const {
  v1::DecideAppealRequest request;
  request.set_tournament_id(kTournament);
  request.set_appeal_number(number);
  request.set_decision(decision);
  request.mutable_remedy()->set_kind(remedy);
  const bool upheld = decision == v1::APPEAL_DECISION_UPHELD;
  request.mutable_votes()->set_uphold(upheld ? 3 : 1);
  request.mutable_votes()->set_dismiss(upheld ? 1 : 3);
  request.mutable_votes()->set_abstain(1);
  request.set_reasoning("video shows the flag of red fell first");
  return request;
}

v1::DecideAppealRequest RulingTest::Replay(int number, absl::Time at) const {
  v1::DecideAppealRequest request = Decision(number, v1::APPEAL_DECISION_UPHELD,
                                             v1::REMEDY_KIND_GAME_REPLAYED);
  *request.mutable_remedy()->mutable_replay_at() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(at));
  return request;
}

absl::StatusOr<Events> RulingTest::Committee(
    const v1::DecideAppealRequest& request, const std::string& user) {
  return Decide(&DecideAppealDecision, request, Role::kArbitrationCommittee,
                user);
}

}  // namespace qiwang::rules::tournament
