// The CLI's building blocks, where the end-to-end test cannot pin every case:
// terminal widths of mixed Chinese/Latin text, table alignment, flag parsing.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "clients/cli/display_width.h"
#include "clients/cli/flag_parser.h"
#include "clients/cli/play_values.h"
#include "clients/cli/table.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace qiwang::cli {
namespace {

using ::testing::ElementsAre;

TEST(DisplayWidthTest, CountsChineseAsTwoColumnsAndLatinAsOne) {
  EXPECT_EQ(DisplayWidth(""), 0u);
  EXPECT_EQ(DisplayWidth("abc"), 3u);
  EXPECT_EQ(DisplayWidth("棋王"), 4u);
  EXPECT_EQ(DisplayWidth("R6.3 不得重复对局"), 5u + 12u);
  EXPECT_EQ(DisplayWidth("（全角）"), 8u);   // full-width parentheses
  EXPECT_EQ(DisplayWidth("e\xCC\x81"), 1u);  // e + combining acute accent
  EXPECT_EQ(DisplayWidth("\xFF"), 1u);       // an invalid byte
}

TEST(TableTest, PadsByDisplayWidthSoColumnsLineUp) {
  Table table({"名次", "name", "score"});
  table.AddRow({"1", "王天一", "18"});
  table.AddRow({"10", "Li", "7"});
  EXPECT_EQ(table.Render(),
            "名次  name    score\n"
            "1     王天一  18\n"
            "10    Li      7\n");
}

TEST(TableTest, MissingCellsAreBlankAndTrailingBlanksTrimmed) {
  Table table({"a", "b"});
  table.AddRow({"long cell"});
  EXPECT_EQ(table.Render(), "a          b\nlong cell\n");
}

const std::vector<FlagSpec>& Specs() {
  static const std::vector<FlagSpec> specs = {
      {"stream", "S", "stream"},
      {"note", "TEXT", "note", /*repeated=*/true},
      {"json", "", "json"},
  };
  return specs;
}

TEST(FlagParserTest, AcceptsBothValueFormsRepeatsAndSwitches) {
  absl::StatusOr<ParsedFlags> flags = ParseFlags(
      Specs(), {"--stream=t", "--note", "one", "--note=two", "--json"});
  ASSERT_TRUE(flags.ok()) << flags.status();
  EXPECT_EQ(flags->Get("stream", ""), "t");
  EXPECT_THAT(flags->All("note"), ElementsAre("one", "two"));
  EXPECT_TRUE(flags->Has("json"));
  EXPECT_EQ(flags->Get("missing", "fallback"), "fallback");
}

TEST(FlagParserTest, RefusesMalformedCommandLinesNamingTheFlag) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--colour=red"}, "--colour"},
      {{"--stream"}, "--stream"},
      {{"--stream=a", "--stream=b"}, "--stream"},
      {{"--json=yes"}, "--json"},
      {{"stray"}, "stray"},
  };
  for (const auto& [args, named] : cases) {
    absl::StatusOr<ParsedFlags> flags = ParseFlags(Specs(), args);
    EXPECT_EQ(flags.status().code(), absl::StatusCode::kInvalidArgument)
        << named;
    EXPECT_TRUE(absl::StrContains(flags.status().message(), named))
        << flags.status();
  }
}

// R5.3: every way an arbiter may type a result, from red's side.
TEST(PlayValuesTest, ParsesEveryResultSpelling) {
  const std::vector<std::pair<std::string, v1::GameResult>> cases = {
      {"1-0", v1::GAME_RESULT_RED_WIN},
      {"red", v1::GAME_RESULT_RED_WIN},
      {"RED", v1::GAME_RESULT_RED_WIN},
      {"0-1", v1::GAME_RESULT_BLACK_WIN},
      {"black", v1::GAME_RESULT_BLACK_WIN},
      {"1/2", v1::GAME_RESULT_DRAW},
      {"=", v1::GAME_RESULT_DRAW},
      {"draw", v1::GAME_RESULT_DRAW},
      {"和", v1::GAME_RESULT_DRAW},
      {"+/-", v1::GAME_RESULT_RED_WIN_BY_FORFEIT},
      {"-/+", v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT},
      {"0/0", v1::GAME_RESULT_DOUBLE_FORFEIT},
      {"--", v1::GAME_RESULT_DOUBLE_FORFEIT},
  };
  for (const auto& [text, result] : cases) {
    absl::StatusOr<v1::GameResult> parsed = ParseGameResult(text, "result");
    ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status();
    EXPECT_EQ(*parsed, result) << text;
  }
}

TEST(PlayValuesTest, RefusesOtherResultsNamingTheFlag) {
  for (const std::string text : {"", "2-0", "1:0", "redd", "+"}) {
    absl::StatusOr<v1::GameResult> parsed = ParseGameResult(text, "result");
    EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_TRUE(absl::StrContains(parsed.status().message(), "--result"));
  }
}

TEST(PlayValuesTest, TranslatesResultsColoursAndFouls) {
  EXPECT_EQ(GameResultText(v1::GAME_RESULT_RED_WIN, Lang::kZh), "红胜");
  EXPECT_EQ(GameResultText(v1::GAME_RESULT_RED_WIN, Lang::kEn), "1-0");
  EXPECT_EQ(GameResultText(v1::GAME_RESULT_UNSPECIFIED, Lang::kZh), "未赛");
  EXPECT_EQ(ColourText(false, Lang::kZh), "黑");
  EXPECT_EQ(FoulKindText(v1::FOUL_KIND_PERPETUAL_CHECK, Lang::kZh), "长将");
  EXPECT_EQ(*ParseFoulKind("perpetual-chase", "kind"),
            v1::FOUL_KIND_PERPETUAL_CHASE);
  EXPECT_FALSE(ParseFoulKind("cheating", "kind").ok());
  EXPECT_EQ(YuanText(123450), "1234.50");
  EXPECT_EQ(YuanText(100000), "1000");
}

}  // namespace
}  // namespace qiwang::cli
