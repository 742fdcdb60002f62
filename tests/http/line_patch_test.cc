// Line patches of live views (services/http/line_patch.h): what a browser
// rebuilds from a patch is the message the server rendered, and a patch
// that does not fit its base is refused, never half applied.
#include "services/http/line_patch.h"

#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace qiwang::http {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string Row(int rank, int score) {
  return absl::StrCat("<tr><td class=\"num\">", rank, "</td><td>player ", rank,
                      "</td><td class=\"num score\">", score, "</td></tr>");
}

std::string Table(const std::vector<int>& scores) {
  std::vector<std::string> lines = {"<table>", "<tbody>"};
  for (size_t i = 0; i < scores.size(); ++i) {
    lines.push_back(Row(static_cast<int>(i) + 1, scores[i]));
  }
  lines.push_back("</tbody></table>");
  lines.push_back("");
  return absl::StrJoin(lines, "\n");
}

TEST(LinePatchTest, AResultSendsTheRowsThatChangedOnly) {
  std::vector<int> scores(300, 4);
  const std::string before = Table(scores);
  scores[57] = 6;
  scores[201] = 2;
  const std::string after = Table(scores);

  const std::optional<std::string> patch = LinePatch(41, before, after);
  ASSERT_TRUE(patch.has_value());
  EXPECT_EQ(LinePatchBase(*patch), 41u);
  EXPECT_THAT(*patch, HasSubstr(Row(58, 6)));
  EXPECT_THAT(*patch, HasSubstr(Row(202, 2)));
  EXPECT_THAT(*patch, Not(HasSubstr(Row(59, 4))));
  EXPECT_LT(patch->size() * 20, after.size());
  EXPECT_EQ(ApplyLinePatch(before, *patch).value_or("refused"), after);
}

TEST(LinePatchTest, ATextOfOtherLengthRebuildsExactly) {
  const std::string before = Table(std::vector<int>(120, 2));
  const std::string after = Table(std::vector<int>(121, 2));  // a late entry
  const std::optional<std::string> patch = LinePatch(3, before, after);
  ASSERT_TRUE(patch.has_value());
  EXPECT_EQ(ApplyLinePatch(before, *patch).value_or("refused"), after);
}

TEST(LinePatchTest, AWhollyNewTextIsSentWhole) {
  EXPECT_FALSE(LinePatch(1, Table({1, 2, 3}), "<p>not paired yet</p>\n"));
  EXPECT_FALSE(LinePatch(1, "nine", "twelve"));
}

// Seeded edits of every kind: whenever a patch is offered, applying it to
// the old text gives the new text byte for byte.
TEST(LinePatchTest, EveryOfferedPatchRebuildsTheNewTextOverSeededEdits) {
  std::mt19937 random(2016);
  int offered = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<std::string> lines;
    const int count = static_cast<int>(random() % 80);
    for (int i = 0; i < count; ++i) {
      lines.push_back(absl::StrCat("line ", random() % 7));
    }
    const std::string before = absl::StrJoin(lines, "\n");
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int edit = 0; edit < edits; ++edit) {
      const size_t at = lines.empty() ? 0 : random() % (lines.size() + 1);
      switch (random() % 3) {
        case 0:
          if (at < lines.size()) lines[at] = absl::StrCat("new ", random());
          break;
        case 1:
          lines.insert(lines.begin() + at, absl::StrCat("added ", random()));
          break;
        default:
          if (at < lines.size()) lines.erase(lines.begin() + at);
      }
    }
    const std::string after = absl::StrJoin(lines, "\n");
    const std::optional<std::string> patch = LinePatch(trial, before, after);
    if (!patch.has_value()) continue;
    ++offered;
    ASSERT_EQ(ApplyLinePatch(before, *patch).value_or("refused"), after)
        << "trial " << trial << "\nbefore:\n"
        << before << "\npatch:\n"
        << *patch;
  }
  EXPECT_GT(offered, 500);
}

TEST(LinePatchTest, APatchThatDoesNotFitItsBaseIsRefusedNamingWhy) {
  const std::string base = "a\nb\nc";
  struct Case {
    std::string patch;
    std::string why;
  };
  const std::vector<Case> cases = {
      {"lines 3\n@ 0 1 1\nx", "no 'base <position>' line"},
      {"base 4\n@ 0 1 1\nx", "no 'lines <count>' line"},
      {"base 4\nlines 3\n@ 0 one 1\nx", "line 3 is not '@ <start>"},
      {"base 4\nlines 3\n@ 2 2 2\nx\ny", "line 3 does not fit a base of 3"},
      {"base 4\nlines 3\n@ 1 1 1\nx\n@ 0 1 1\ny", "line 5 does not fit"},
      {"base 4\nlines 3\n@ 0 1 3\nx", "line 3 does not fit"},
      {"base 4\nlines 4\n@ 0 1 1\nx", "3 lines where it names 4"},
  };
  for (const Case& bad : cases) {
    const absl::StatusOr<std::string> applied = ApplyLinePatch(base, bad.patch);
    ASSERT_FALSE(applied.ok()) << bad.patch;
    EXPECT_THAT(applied.status().message(), HasSubstr(bad.why)) << bad.patch;
  }
  EXPECT_EQ(ApplyLinePatch(base, "base 4\nlines 3\n@ 1 1 1\nx").value_or(""),
            "a\nx\nc");
}

}  // namespace
}  // namespace qiwang::http
