// What exactly was wrong, in Chinese, when the organiser's amendment drops
// what the log refers to (R1.1): produced by the real rules on the play
// fixture's tournament, the dropped section, station or ranking category
// named as the configuration names it, read as whole sentences written here.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/decide_ruling.h"
#include "tests/rules/tournament/play_fixture.h"
#include "tests/words/chinese_refusal.h"

namespace qiwang::rules::tournament {
namespace {

class DroppedRefusalSentenceTest : public PlayTest {
 protected:
  // The organiser saves the configuration less the items `drop` removes.
  absl::StatusOr<Events> AmendDropping(
      const std::function<void(v1::TournamentConfig&)>& drop) {
    v1::AmendTournamentRequest amend;
    amend.set_tournament_id(kTournament);
    amend.set_reason("the hall is smaller");
    *amend.mutable_config() = state_.config();
    drop(*amend.mutable_config());
    return As(&DecideAmend, amend, Role::kOrganiser);
  }
  template <typename Items>
  static void DropId(Items& items, const std::string& id) {
    items.erase(
        std::remove_if(items.begin(), items.end(),
                       [&](const auto& item) { return item.id() == id; }),
        items.end());
  }
};

TEST_F(DroppedRefusalSentenceTest, R1_1_ASectionWithPlayers) {
  const std::vector<int64_t> open = EnterOpenMen(3);
  EXPECT_EQ(Chinese(AmendDropping([](v1::TournamentConfig& config) {
              DropId(*config.mutable_sections(), kOpen);
              DropId(*config.mutable_ranking_categories(), kOpen);
            })),
            absl::StrCat("不符合规程 R1.1（赛事配置）：组别 公开组男子 已有 3 "
                         "名棋手报名（第一位是棋手 ",
                         open[0], "），修改后的配置不能删去它。"));
}

TEST_F(DroppedRefusalSentenceTest, R1_1_AStationWithRecordedResults) {
  ASSERT_TRUE(RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14,
                            Ranking("Chengdu", 12))
                  .ok());
  ASSERT_TRUE(Register(Entry(Ranking("Chengdu", 1)[0], kOpen)).ok());
  EXPECT_EQ(Chinese(AmendDropping([](v1::TournamentConfig& config) {
              DropId(*config.mutable_stations(), "chengdu");
            })),
            "不符合规程 R1.1（赛事配置）：分站赛 成都市分站赛 的成绩已记录"
            "（排名 12 人，报名棋手中 1 人经此取得资格），修改后的配置不能"
            "删去它。");
}

TEST_F(DroppedRefusalSentenceTest, R1_1_ARankingCategoryWithADecline) {
  const std::vector<int64_t> open = EnterOpenMen(2);
  ASSERT_TRUE(DeclineFinalPlace(kOpen, open[1]).ok());
  EXPECT_EQ(Chinese(AmendDropping([](v1::TournamentConfig& config) {
              DropId(*config.mutable_ranking_categories(), kOpen);
            })),
            absl::StrCat("不符合规程 R1.1（赛事配置）：排名类别 公开组男子 中"
                         "棋手 ",
                         open[1], " 已放弃决赛名额（R8.3，日志位置 ",
                         state_.declines()[0].position,
                         "），修改后的配置不能删去它。"));
}

}  // namespace
}  // namespace qiwang::rules::tournament
