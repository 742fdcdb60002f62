// The CLI's building blocks, where the end-to-end test cannot pin every case:
// terminal widths of mixed Chinese/Latin text, table alignment, flag parsing.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "clients/cli/display_width.h"
#include "clients/cli/flag_parser.h"
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

}  // namespace
}  // namespace qiwang::cli
