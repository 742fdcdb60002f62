// The pages' URL routing table: which row answers a method and path, what
// its pattern binds, and the 404 and 405 (with Allow) a reader gets otherwise.
#include "clients/web/route_table.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace qiwang::web {
namespace {

using ::testing::Pair;
using ::testing::UnorderedElementsAre;

// Each row's handler is its own name, so a test sees which row answered.
RouteTable<std::string> Table() {
  return RouteTable<std::string>({
      {{"GET"}, "/", "root"},
      {{"GET"}, "/t/{id}", "home"},
      {{"GET"}, "/t/{id}/live", "live home"},
      {{"GET"}, "/t/{id}/standings/{ranking}", "standings"},
      {{"GET"}, "/t/{id}/pairings/{section}/live", "live pairings"},
      {{"GET"}, "/t/{id}/pairings/{section}/{round}", "pairings"},
      {{"GET"}, "/officials/{id}/registrar", "registrar"},
      {{"POST"}, "/officials/{id}/registrar/ranking", "ranking upload"},
  });
}

std::string Answering(const RouteTable<std::string>::Match& match) {
  return match.handler != nullptr ? *match.handler : "";
}

TEST(RouteTableTest, BindsEachPartOfTheMatchingPattern) {
  const RouteTable<std::string> table = Table();
  const auto standings = table.Find("GET", "/t/sichuan-2016/standings/open");
  EXPECT_EQ(Answering(standings), "standings");
  EXPECT_THAT(standings.parts.all(),
              UnorderedElementsAre(Pair("id", "sichuan-2016"),
                                   Pair("ranking", "open")));
  EXPECT_EQ(standings.parts["id"], "sichuan-2016");
  EXPECT_EQ(standings.parts["round"], "");
  EXPECT_EQ(Answering(table.Find("GET", "/")), "root");
  EXPECT_TRUE(table.Find("GET", "/").parts.all().empty());
}

TEST(RouteTableTest, TheFirstMatchingRowWinsSoLiteralRowsGoFirst) {
  const RouteTable<std::string> table = Table();
  const auto live = table.Find("GET", "/t/x/pairings/open/live");
  EXPECT_EQ(Answering(live), "live pairings");
  EXPECT_EQ(live.parts["round"], "");
  const auto round = table.Find("GET", "/t/x/pairings/open/3");
  EXPECT_EQ(Answering(round), "pairings");
  EXPECT_EQ(round.parts["round"], "3");
  // "live" is a literal only where a row says so: elsewhere it is a name.
  EXPECT_EQ(table.Find("GET", "/t/x/standings/live").parts["ranking"], "live");
  EXPECT_EQ(table.Find("GET", "/t/live").parts["id"], "live");
}

TEST(RouteTableTest, NoMatchingRowIsNotFoundWithoutAllow) {
  const RouteTable<std::string> table = Table();
  for (const char* path :
       {"/t", "/t/x/standings", "/t/x/standings/open/extra", "/t/x/nothing",
        "/elsewhere", "/t//standings/open", "/t/x/standings/open//", ""}) {
    const auto match = table.Find("GET", path);
    EXPECT_EQ(match.handler, nullptr) << path;
    EXPECT_EQ(match.allow, "") << path;
  }
}

TEST(RouteTableTest, ARowNotTakingTheMethodIsNotAllowedNamingWhatItTakes) {
  const RouteTable<std::string> table = Table();
  const auto post = table.Find("POST", "/t/x/standings/open");
  EXPECT_EQ(post.handler, nullptr);
  EXPECT_EQ(post.allow, "GET, HEAD");
  const auto get = table.Find("GET", "/officials/x/registrar/ranking");
  EXPECT_EQ(get.handler, nullptr);
  EXPECT_EQ(get.allow, "POST");
  EXPECT_EQ(Answering(table.Find("POST", "/officials/x/registrar/ranking")),
            "ranking upload");
  EXPECT_EQ(table.Find("DELETE", "/officials/x/registrar").allow, "GET, HEAD");
  // Several rows match: Allow names the methods of each, once.
  const auto put = table.Find("PUT", "/t/x/pairings/open/live");
  EXPECT_EQ(put.handler, nullptr);
  EXPECT_EQ(put.allow, "GET, HEAD");
}

TEST(RouteTableTest, HeadIsAnsweredByTheGetRow) {
  const RouteTable<std::string> table = Table();
  EXPECT_EQ(Answering(table.Find("HEAD", "/t/x")), "home");
  EXPECT_EQ(table.Find("HEAD", "/officials/x/registrar/ranking").allow, "POST");
}

TEST(RouteTableTest, OneTrailingSlashIsIgnored) {
  const RouteTable<std::string> table = Table();
  EXPECT_EQ(Answering(table.Find("GET", "/t/x/")), "home");
  const auto live = table.Find("GET", "/t/x/live/");
  EXPECT_EQ(Answering(live), "live home");
  EXPECT_EQ(live.parts["id"], "x");
  // Two are an empty part, which no pattern binds.
  EXPECT_EQ(table.Find("GET", "/t/x//").handler, nullptr);
}

// The front decodes the target once ("%E7%8E%8B" arrives as "王", "%2541"
// as "%41"): a part binds the decoded segment as it is, never decoded again.
TEST(RouteTableTest, APercentEncodedPartBindsAsTheFrontDecodedIt) {
  const RouteTable<std::string> table = Table();
  EXPECT_EQ(table.Find("GET", "/t/x/standings/王").parts["ranking"], "王");
  EXPECT_EQ(table.Find("GET", "/t/x/standings/%41").parts["ranking"], "%41");
  EXPECT_EQ(table.Find("GET", "/t/a b").parts["id"], "a b");
}

}  // namespace
}  // namespace qiwang::web
