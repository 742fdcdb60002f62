// ListRulings with each filter, ListAppeals by status and GetAppeal (R9.4)
// on the hand-worked event of audit_event.h, and whether a ruling still
// stands once corrected or overturned.
#include "services/audit/listing.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/audit/audit_event.h"

namespace qiwang::audit {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class ListingTest : public AuditEventTest {
 protected:
  std::vector<std::string> Listed(const v1::ListRulingsRequest& request) {
    EXPECT_TRUE(CheckListRulings(request).ok());
    absl::StatusOr<v1::ListRulingsResponse> listed =
        ListRulings(state_, StreamIndex(log_), request);
    EXPECT_TRUE(listed.ok()) << listed.status();
    std::vector<std::string> ids;
    if (!listed.ok()) return ids;
    for (const v1::RulingView& ruling : listed->rulings()) {
      ids.push_back(ruling.ruling_id());
    }
    return ids;
  }

  v1::RulingView View(const std::string& ruling_id) {
    absl::StatusOr<v1::ListRulingsResponse> listed =
        ListRulings(state_, StreamIndex(log_), v1::ListRulingsRequest());
    EXPECT_TRUE(listed.ok()) << listed.status();
    for (const v1::RulingView& ruling : listed->rulings()) {
      if (ruling.ruling_id() == ruling_id) return ruling;
    }
    ADD_FAILURE() << "no ruling " << ruling_id;
    return v1::RulingView();
  }

  std::vector<int> Appeals(v1::AppealStatus status) {
    std::vector<int> numbers;
    const v1::ListAppealsResponse listed =
        ListAppeals(state_, StreamIndex(log_), status);
    for (const v1::AppealView& appeal : listed.appeals()) {
      numbers.push_back(appeal.appeal_number());
    }
    return numbers;
  }
};

TEST_F(ListingTest, R9_4_EveryRulingIsListedOldestFirst) {
  // Lots, 8 results, a foul, a withdrawal, the correction: 12 rulings.
  const std::vector<std::string> all = Listed(v1::ListRulingsRequest());
  ASSERT_EQ(all.size(), 12u);
  EXPECT_EQ(all.back(), correction_id_);
  for (size_t i = 1; i < all.size(); ++i) {
    EXPECT_LT(state_.FindRuling(all[i - 1])->position,
              state_.FindRuling(all[i])->position);
  }
}

TEST_F(ListingTest, R9_4_RulingsAreFilteredByKindOfficialRoundAndAppeal) {
  v1::ListRulingsRequest request;
  request.set_kind(v1::RULING_KIND_CORRECTION);
  EXPECT_THAT(Listed(request), ElementsAre(correction_id_));

  request = v1::ListRulingsRequest();
  request.set_official("chen");
  EXPECT_THAT(Listed(request), ElementsAre(correction_id_));

  request = v1::ListRulingsRequest();
  request.set_round(3);
  request.set_kind(v1::RULING_KIND_RESULT);
  request.set_section_id(standings::kOpenMen);
  EXPECT_THAT(Listed(request), ElementsAre(r3b1_id_, r3b2_id_));

  request = v1::ListRulingsRequest();
  request.set_appealed(v1::ListRulingsRequest::APPEALED_FILTER_APPEALED);
  EXPECT_THAT(Listed(request), ElementsAre(foul_id_, r3b2_id_));
  request.set_appealed(v1::ListRulingsRequest::APPEALED_FILTER_NOT_APPEALED);
  EXPECT_EQ(Listed(request).size(), 10u);
}

TEST_F(ListingTest, R9_4_BadFiltersAreRefusedNamingTheField) {
  v1::ListRulingsRequest request;
  request.set_round(-1);
  EXPECT_THAT(CheckListRulings(request).message(), HasSubstr("round"));
  request = v1::ListRulingsRequest();
  request.set_section_id("no-such-section");
  absl::StatusOr<v1::ListRulingsResponse> listed =
      ListRulings(state_, StreamIndex(log_), request);
  EXPECT_EQ(listed.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(listed.status().message(), HasSubstr("no-such-section"));
  v1::GetAppealRequest get;
  EXPECT_EQ(CheckGetAppeal(get).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(CheckGetAppeal(get).message(), HasSubstr("appeal_number"));
}

TEST_F(ListingTest, R9_4_ARulingStandsUntilCorrectedOrOverturned) {
  const v1::RulingView overturned = View(r3b2_id_);
  EXPECT_FALSE(overturned.standing());
  EXPECT_THAT(overturned.appeal_numbers(), ElementsAre(1));
  EXPECT_FALSE(View(r3b1_id_).standing());  // corrected
  const v1::RulingView correction = View(correction_id_);
  EXPECT_TRUE(correction.standing());
  EXPECT_EQ(correction.kind(), v1::RULING_KIND_CORRECTION);
  EXPECT_EQ(correction.actor().user(), "chen");
  EXPECT_EQ(correction.reason(), "score sheet signed 1-0");
  EXPECT_EQ(correction.round(), 3);
  EXPECT_EQ(correction.board(), 1);
  EXPECT_THAT(correction.player_ids(), ElementsAre(1, 5));
  EXPECT_THAT(correction.summary(), HasSubstr("corrected from draw to red wins"));
  EXPECT_THAT(correction.summary_zh(), HasSubstr("由和棋更正为红胜"));
  // The foul's appeal is pending: it still counts.
  const v1::RulingView foul = View(foul_id_);
  EXPECT_TRUE(foul.standing());
  EXPECT_THAT(foul.appeal_numbers(), ElementsAre(2));
  EXPECT_TRUE(View(ResultId(1, 1)).standing());
}

TEST_F(ListingTest, R9_4_AppealsAreListedByStatus) {
  EXPECT_THAT(Appeals(v1::APPEAL_STATUS_UNSPECIFIED), ElementsAre(1, 2));
  EXPECT_THAT(Appeals(v1::APPEAL_STATUS_UPHELD), ElementsAre(1));
  EXPECT_THAT(Appeals(v1::APPEAL_STATUS_PENDING), ElementsAre(2));
  EXPECT_THAT(Appeals(v1::APPEAL_STATUS_DISMISSED), ElementsAre());
}

TEST_F(ListingTest, R9_4_AnAppealComesWithItsDecisionAndItsRulingsHistory) {
  absl::StatusOr<v1::GetAppealResponse> got =
      GetAppeal(state_, StreamIndex(log_), 1);
  ASSERT_TRUE(got.ok()) << got.status();
  const v1::AppealView& appeal = got->appeal();
  EXPECT_EQ(appeal.status(), v1::APPEAL_STATUS_UPHELD);
  EXPECT_EQ(appeal.appellant_player_id(), 2);
  EXPECT_EQ(appeal.appellant_name(), "P 2");
  EXPECT_EQ(appeal.grounds(), "P6's flag fell first");
  EXPECT_EQ(appeal.filed_by().user(), "arthur");
  EXPECT_EQ(appeal.ruling().ruling_id(), r3b2_id_);
  EXPECT_EQ(appeal.decided_by().user(), "zhao");
  EXPECT_EQ(appeal.reasoning(), "the clock shows both flags down; a draw");
  EXPECT_EQ(appeal.decision().remedy().result(), v1::GAME_RESULT_DRAW);
  EXPECT_EQ(appeal.decided_at().seconds() - appeal.filed_at().seconds(),
            20 * 60);
  ASSERT_EQ(got->ruling_history_size(), 3);
  EXPECT_EQ(got->ruling_history(0).event().event_id(), r3b2_id_);

  absl::StatusOr<v1::GetAppealResponse> pending =
      GetAppeal(state_, StreamIndex(log_), 2);
  ASSERT_TRUE(pending.ok()) << pending.status();
  EXPECT_EQ(pending->appeal().appellant_name(), "arthur");  // in own name
  EXPECT_FALSE(pending->appeal().has_decision());

  absl::StatusOr<v1::GetAppealResponse> unknown =
      GetAppeal(state_, StreamIndex(log_), 3);
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(unknown.status().message(), HasSubstr("appeal 3"));
}

}  // namespace
}  // namespace qiwang::audit
