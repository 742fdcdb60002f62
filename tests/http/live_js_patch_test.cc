// The browser and the server agree on line patches: what
// clients/web/static/live.js (run by Debian's node) rebuilds from each patch
// the server offers is the text the server rendered. Over seeded standings
// tables whose rows move, change rank and score, come and go, with Chinese
// names and characters outside the BMP (two UTF-16 units in JavaScript).
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "services/http/line_patch.h"
#include "tests/e2e/subprocess.h"
#include "tests/test_paths.h"

namespace qiwang::http {
namespace {

constexpr char kNode[] = "/usr/bin/node";
constexpr uint64_t kBase = 7;

// Reads `<byte count>\n<bytes>` records; a count of -1 is JavaScript's null.
std::vector<std::optional<std::string>> ReadRecords(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream whole;
  whole << in.rdbuf();
  const std::string data = whole.str();
  std::vector<std::optional<std::string>> records;
  size_t at = 0;
  while (at < data.size()) {
    const size_t newline = data.find('\n', at);
    int64_t count = 0;
    if (newline == std::string::npos ||
        !absl::SimpleAtoi(data.substr(at, newline - at), &count)) {
      break;
    }
    at = newline + 1;
    if (count < 0) {
      records.push_back(std::nullopt);
      continue;
    }
    records.push_back(data.substr(at, count));
    at += count;
  }
  return records;
}

std::string Record(const std::string& bytes) {
  return absl::StrCat(bytes.size(), "\n", bytes);
}

// A standings table of `players` (name, score), ranked by score, shared
// ranks marked "=".
std::string Table(const std::vector<std::pair<std::string, int>>& players) {
  std::vector<std::string> lines = {"<p>as of</p>", "<tbody>"};
  for (size_t i = 0; i < players.size(); ++i) {
    size_t rank = i;
    while (rank > 0 && players[rank - 1].second == players[i].second) --rank;
    const bool shared =
        (i > 0 && players[i - 1].second == players[i].second) ||
        (i + 1 < players.size() && players[i + 1].second == players[i].second);
    lines.push_back(absl::StrCat(
        "<tr><td>", rank + 1, shared ? "=" : "", "</td><td>", players[i].first,
        "</td><td class=\"score\">", players[i].second, "</td><td>",
        players[i].second * 3 % 7, "</td></tr>"));
  }
  lines.push_back("</tbody>");
  return absl::StrJoin(lines, "\n");
}

void SortByScore(std::vector<std::pair<std::string, int>>& players) {
  std::stable_sort(
      players.begin(), players.end(),
      [](const auto& a, const auto& b) { return a.second > b.second; });
}

TEST(LiveJsPatchTest, TheBrowserRebuildsWhatTheServerRendered) {
  ASSERT_TRUE(std::filesystem::exists(kNode)) << kNode << " (Debian nodejs)";
  const std::vector<std::string> family = {"王", "李", "张", "𠀀", "陈", "杨"};
  const std::vector<std::string> given = {"伟", "𠀁芳", "a", "静", "强"};
  std::mt19937 random(2016);
  std::string cases;
  std::vector<std::string> expected;
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<std::pair<std::string, int>> players;
    const int count = 2 + static_cast<int>(random() % 60);
    for (int i = 0; i < count; ++i) {
      players.emplace_back(absl::StrCat(family[random() % family.size()],
                                        given[random() % given.size()], i),
                           static_cast<int>(random() % 9));
    }
    SortByScore(players);
    const std::string before = Table(players);
    // Results: scores change, players come and go; then the table re-ranks.
    const int changes = 1 + static_cast<int>(random() % 5);
    for (int change = 0; change < changes; ++change) {
      const size_t at = random() % players.size();
      switch (random() % 4) {
        case 0:
          players.emplace_back(absl::StrCat("新", random() % 100), 4);
          break;
        case 1:
          if (players.size() > 1) players.erase(players.begin() + at);
          break;
        default:
          players[at].second += 1 + static_cast<int>(random() % 2);
      }
    }
    SortByScore(players);
    const std::string after = Table(players);
    const std::optional<std::string> patch = LinePatch(kBase, before, after);
    if (!patch.has_value()) continue;
    ASSERT_EQ(ApplyLinePatch(before, *patch).value_or("refused"), after);
    absl::StrAppend(&cases, Record(before), Record(*patch));
    expected.push_back(after);
  }
  ASSERT_GT(expected.size(), 300u);

  const std::string dir = ::testing::TempDir();
  const std::string in = dir + "/live_js_cases";
  const std::string out = dir + "/live_js_results";
  std::ofstream(in, std::ios::binary) << cases;
  const std::string script = R"js(
const fs = require('fs');
const {applyLinePatch} = require(process.argv[1]);
const data = fs.readFileSync(process.argv[2]);
let at = 0;
function next() {
  const newline = data.indexOf(10, at);
  const count = Number(data.toString('latin1', at, newline));
  const text = data.toString('utf8', newline + 1, newline + 1 + count);
  at = newline + 1 + count;
  return text;
}
const out = [];
while (at < data.length) {
  const before = next();
  const rebuilt = applyLinePatch(before, process.argv[4], next());
  const bytes = Buffer.from(rebuilt === null ? '' : rebuilt, 'utf8');
  out.push(Buffer.from((rebuilt === null ? -1 : bytes.length) + '\n'), bytes);
}
fs.writeFileSync(process.argv[3], Buffer.concat(out));
)js";
  const e2e::ProcessResult node =
      e2e::RunProcess({kNode, "-e", script,
                       test_paths::SourcePath("clients/web/static/live.js"), in,
                       out, absl::StrCat(kBase)});
  ASSERT_EQ(node.exit_code, 0) << node.err;
  const std::vector<std::optional<std::string>> rebuilt = ReadRecords(out);
  ASSERT_EQ(rebuilt.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    ASSERT_TRUE(rebuilt[i].has_value()) << "case " << i << ": live.js refused";
    EXPECT_EQ(*rebuilt[i], expected[i]) << "case " << i;
  }
}

}  // namespace
}  // namespace qiwang::http
