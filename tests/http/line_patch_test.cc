// Line patches of live views (services/http/line_patch.h): what a browser
// rebuilds from a patch is the message the server rendered, and a patch
// that does not fit its base is refused, never half applied.
#include "services/http/line_patch.h"

#include <algorithm>
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
  EXPECT_THAT(*patch, Not(HasSubstr(Row(59, 4))));
  EXPECT_LT(patch->size() * 100, after.size());
  EXPECT_EQ(ApplyLinePatch(before, *patch).value_or("refused"), after);
}

// A standings table where one player climbs from 51st to 31st: the rows
// it passes keep their players and change their rank cell only.
std::string Standings(const std::vector<std::string>& names) {
  std::vector<std::string> lines = {"<p>as of 12</p>", "<tbody>"};
  for (size_t i = 0; i < names.size(); ++i) {
    lines.push_back(absl::StrCat(
        "<tr><td class=\"num\">", i + 1, "</td><td><a href=\"/t/x/player/",
        1000 + i, "\">", names[i], "</a></td><td>", 6 - i / 40, "</td></tr>"));
  }
  lines.push_back("</tbody>");
  return absl::StrJoin(lines, "\n");
}

TEST(LinePatchTest, APlayerWhoClimbsIsOneRowMovedAndRankCellsEdited) {
  // Names without digits, as people's names are: a row's key is its text
  // without digits, so each player's row has a key of its own.
  const std::vector<std::string> family = {"王", "李", "张", "刘", "陈", "杨",
                                           "赵", "黄", "周", "吴", "徐", "孙"};
  std::vector<std::string> names;
  for (int i = 0; i < 128; ++i) {
    names.push_back(absl::StrCat(family[i / 12], "棋", family[i % 12]));
  }
  const std::string before = Standings(names);
  std::vector<std::string> climbed = names;
  std::rotate(climbed.begin() + 30, climbed.begin() + 50, climbed.begin() + 51);
  const std::string after = Standings(climbed);

  const std::optional<std::string> patch = LinePatch(12, before, after);
  ASSERT_TRUE(patch.has_value());
  EXPECT_EQ(ApplyLinePatch(before, *patch).value_or("refused"), after);
  // The climber's row is sent once; each passed row only its edits.
  EXPECT_THAT(*patch, HasSubstr(names[50]));
  EXPECT_THAT(*patch, Not(HasSubstr(names[40])));
  EXPECT_LT(patch->size() * 10, after.size()) << *patch;
}

// A row that moved is sent as an edited copy of where it was ("+"): from
// its rank to its score, not the rest of the row.
TEST(LinePatchTest, ARowThatMovedIsAnEditedCopyOfItsOldLine) {
  const auto row = [](int rank, const std::string& name, int score) {
    return absl::StrCat("<tr><td class=\"num\">", rank, "</td><td>", name,
                        "</td><td class=\"num score\">", score,
                        "</td><td class=\"num\">1,2,3</td><td>",
                        std::string(200, 'y'), "</td></tr>");
  };
  const std::string before = absl::StrJoin(
      {row(1, "甲", 4), row(2, "乙", 4), row(3, "丙", 2), row(4, "丁", 2)},
      "\n");
  const std::string after = absl::StrJoin(
      {row(1, "丙", 4), row(2, "甲", 4), row(3, "乙", 4), row(4, "丁", 2),
       row(5, "戊", 0)},  // a late entry: not comparable in place
      "\n");
  const std::optional<std::string> patch = LinePatch(5, before, after);
  ASSERT_TRUE(patch.has_value());
  EXPECT_THAT(*patch, HasSubstr("\n+ 0 2 "));
  // The long cell goes once, in the late entry's row only.
  const std::string cell(200, 'y');
  const size_t first = patch->find(cell);
  EXPECT_NE(first, std::string::npos);
  EXPECT_EQ(patch->find(cell, first + 1), std::string::npos) << *patch;
  EXPECT_EQ(ApplyLinePatch(before, *patch).value_or("refused"), after);
}

// A marked row whose key is unique on both sides but whose neighbours only
// renumber: following the mark would edit every row after it; the table
// kept its length, so in place it is two edits.
TEST(LinePatchTest, AMarkThatMovesToTheNextRowIsTwoEdits) {
  const auto rows = [](int marked) {
    std::vector<std::string> lines;
    for (int row = 0; row < 100; ++row) {
      lines.push_back(
          absl::StrCat("<tr>", row, row == marked ? " won" : "", "</tr>"));
    }
    return absl::StrJoin(lines, "\n");
  };
  const std::optional<std::string> patch = LinePatch(2, rows(1), rows(2));
  ASSERT_TRUE(patch.has_value());
  EXPECT_EQ(*patch, "base 2\nlines 100\n~ 1 5 5\n\n~ 2 5 5\n won");
}

// "~" counts characters as JavaScript does (UTF-16 code units), never
// bytes, and never cuts a character: 名次 is 2 units (6 bytes), 𠀀 is 2
// units (4 bytes).
TEST(LinePatchTest, EditsCountUtf16UnitsAndKeepCharactersWhole) {
  EXPECT_EQ(LinePatch(3, "x\n名次1名\nlast line to keep it cheap",
                      "x\n名次2名\nlast line to keep it cheap"),
            "base 3\nlines 3\n~ 1 2 1\n2");
  EXPECT_EQ(LinePatch(4, "x\n𠀀a𠀀\nlast line to keep it cheap",
                      "x\n𠀀b𠀀\nlast line to keep it cheap"),
            "base 4\nlines 3\n~ 1 2 2\nb");
  // 甲 (E7 94 B2) and 由 (E7 94 B1) share two bytes: the edit replaces the
  // whole character.
  EXPECT_EQ(LinePatch(5, "x\n[甲]\nlast line to keep it cheap",
                      "x\n[由]\nlast line to keep it cheap"),
            "base 5\nlines 3\n~ 1 1 1\n由");
  EXPECT_EQ(ApplyLinePatch("名次1名\n𠀀a𠀀",
                           "base 3\nlines 2\n~ 0 2 1\n第2\n~ 1 2 2\nbc")
                .value_or("refused"),
            "名次第2名\n𠀀bc𠀀");
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
      {"base 4\nlines 4\n+ 1 3 0 0\nx", "line 3 does not fit"},
      {"base 4\nlines 4\n+ 1 0 1 1\nx", "line 3 does not fit"},
      {"base 4\nlines 4\n@ 2 0 1\nx\n+ 1 0 0 0\ny", "line 5 does not fit"},
      {"base 4\nlines 4\n+ 1 0 0 0", "line 3 does not fit"},
      {"base 4\nlines 4\n+ 1 0 0", "line 3 is not '@ <start>"},
      {"base 4\nlines 3\n~ 3 0 0\nx", "line 3 does not fit"},
      {"base 4\nlines 3\n~ 0 2 0\nx", "line 3 does not fit"},
      {"base 4\nlines 3\n~ 0 1 1\nx", "line 3 does not fit"},
      {"base 4\nlines 3\n~ 0 0 0", "line 3 does not fit"},
      {"base 4\nlines 4\n@ 0 1 1\nx", "3 lines where it names 4"},
  };
  for (const Case& bad : cases) {
    const absl::StatusOr<std::string> applied = ApplyLinePatch(base, bad.patch);
    ASSERT_FALSE(applied.ok()) << bad.patch;
    EXPECT_THAT(applied.status().message(), HasSubstr(bad.why)) << bad.patch;
  }
  EXPECT_EQ(ApplyLinePatch(base, "base 4\nlines 3\n@ 1 1 1\nx").value_or(""),
            "a\nx\nc");
  EXPECT_EQ(ApplyLinePatch(base, "base 4\nlines 3\n~ 1 0 1\nx").value_or(""),
            "a\nxb\nc");
  // "+" inserts before line 1 an edited copy of line 2.
  EXPECT_EQ(ApplyLinePatch(base, "base 4\nlines 4\n+ 1 2 0 1\nx").value_or(""),
            "a\nxc\nb\nc");
}

}  // namespace
}  // namespace qiwang::http
