#include "services/http/line_patch.h"

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace qiwang::http {
namespace {

using Lines = std::vector<absl::string_view>;

Lines SplitLines(absl::string_view text) { return absl::StrSplit(text, '\n'); }

// What pairs a line with its next version: the line without its digits, so
// a table row whose rank, score or tie-breaks changed is still its row.
std::string RowKey(absl::string_view line) {
  std::string key;
  key.reserve(line.size());
  for (char c : line) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) key.push_back(c);
  }
  return key;
}

bool IsContinuationByte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// UTF-16 code units of UTF-8 `text` (what a JavaScript string counts).
size_t Utf16Length(absl::string_view text) {
  size_t units = 0;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte & 0xC0) == 0x80) continue;
    units += byte >= 0xF0 ? 2 : 1;
  }
  return units;
}

// The byte offset in `line` after `units` UTF-16 code units; nullopt past
// its end or inside a character.
std::optional<size_t> ByteOffset(absl::string_view line, size_t units) {
  size_t offset = 0;
  while (units > 0) {
    if (offset >= line.size()) return std::nullopt;
    const auto byte = static_cast<unsigned char>(line[offset]);
    const size_t width = byte >= 0xF0   ? 4
                         : byte >= 0xE0 ? 3
                         : byte >= 0xC0 ? 2
                                        : 1;
    const size_t counted = byte >= 0xF0 ? 2 : 1;
    if (counted > units) return std::nullopt;
    units -= counted;
    offset += width;
  }
  return offset <= line.size() ? std::optional<size_t>(offset) : std::nullopt;
}

// Which new line each old line becomes (-1: none), increasing: lines whose
// key is unique on both sides are anchors where they keep their order (a
// longest increasing run); between anchors, lines pair from either end
// while their keys agree, and what is left pairs in place when both sides
// left as many.
std::vector<int> PairLines(const Lines& old_lines, const Lines& new_lines) {
  std::vector<std::string> old_keys;
  std::vector<std::string> new_keys;
  for (absl::string_view line : old_lines) old_keys.push_back(RowKey(line));
  for (absl::string_view line : new_lines) new_keys.push_back(RowKey(line));
  struct Seen {
    int old_count = 0;
    int new_count = 0;
    int old_index = -1;
    int new_index = -1;
  };
  absl::flat_hash_map<absl::string_view, Seen> seen;
  for (int i = 0; i < static_cast<int>(old_keys.size()); ++i) {
    Seen& entry = seen[old_keys[i]];
    ++entry.old_count;
    entry.old_index = i;
  }
  for (int j = 0; j < static_cast<int>(new_keys.size()); ++j) {
    Seen& entry = seen[new_keys[j]];
    ++entry.new_count;
    entry.new_index = j;
  }
  // Unique pairs in old order; the longest run increasing in new order.
  std::vector<std::pair<int, int>> unique;
  for (int i = 0; i < static_cast<int>(old_keys.size()); ++i) {
    const Seen& entry = seen[old_keys[i]];
    if (entry.old_count == 1 && entry.new_count == 1) {
      unique.emplace_back(i, entry.new_index);
    }
  }
  std::vector<int> tails;  // index into `unique` of each run length's tail
  std::vector<int> before(unique.size(), -1);
  for (int k = 0; k < static_cast<int>(unique.size()); ++k) {
    const auto at = std::lower_bound(
        tails.begin(), tails.end(), unique[k].second,
        [&](int tail, int j) { return unique[tail].second < j; });
    if (at != tails.begin()) before[k] = *(at - 1);
    if (at == tails.end()) {
      tails.push_back(k);
    } else {
      *at = k;
    }
  }
  std::vector<std::pair<int, int>> anchors;
  for (int k = tails.empty() ? -1 : tails.back(); k >= 0; k = before[k]) {
    anchors.push_back(unique[k]);
  }
  std::reverse(anchors.begin(), anchors.end());
  anchors.emplace_back(old_lines.size(), new_lines.size());

  std::vector<int> new_of_old(old_lines.size(), -1);
  int old_from = 0;
  int new_from = 0;
  for (const auto& [old_anchor, new_anchor] : anchors) {
    int old_end = old_anchor;
    int new_end = new_anchor;
    while (old_from < old_end && new_from < new_end &&
           old_keys[old_from] == new_keys[new_from]) {
      new_of_old[old_from++] = new_from++;
    }
    while (old_end > old_from && new_end > new_from &&
           old_keys[old_end - 1] == new_keys[new_end - 1]) {
      new_of_old[--old_end] = --new_end;
    }
    if (old_end - old_from == new_end - new_from) {
      while (old_from < old_end) new_of_old[old_from++] = new_from++;
    }
    if (old_anchor < static_cast<int>(old_lines.size())) {
      new_of_old[old_anchor] = new_anchor;
    }
    old_from = old_anchor + 1;
    new_from = new_anchor + 1;
  }
  return new_of_old;
}

// "~ <line> <front> <back>" and the middle that replaces what lies between
// the first `front` and the last `back` UTF-16 units of the old line.
void AppendEdit(std::string& patch, size_t line, absl::string_view old_line,
                absl::string_view new_line) {
  size_t front = 0;
  const size_t shorter = std::min(old_line.size(), new_line.size());
  while (front < shorter && old_line[front] == new_line[front]) ++front;
  // Both ends cut between characters, never inside one.
  const auto inside = [](absl::string_view line, size_t offset) {
    return offset < line.size() && IsContinuationByte(line[offset]);
  };
  while (front > 0 && (inside(old_line, front) || inside(new_line, front))) {
    --front;
  }
  size_t back = 0;
  while (back < shorter - front && old_line[old_line.size() - 1 - back] ==
                                       new_line[new_line.size() - 1 - back]) {
    ++back;
  }
  while (back > 0 && (inside(old_line, old_line.size() - back) ||
                      inside(new_line, new_line.size() - back))) {
    --back;
  }
  absl::StrAppend(&patch, "\n~ ", line, " ",
                  Utf16Length(old_line.substr(0, front)), " ",
                  Utf16Length(old_line.substr(old_line.size() - back)), "\n",
                  new_line.substr(front, new_line.size() - front - back));
}

// "<word> <number>" -> number.
std::optional<uint64_t> Numbered(absl::string_view line,
                                 absl::string_view word) {
  uint64_t value = 0;
  if (!absl::ConsumePrefix(&line, word) || !absl::ConsumePrefix(&line, " ") ||
      !absl::SimpleAtoi(line, &value)) {
    return std::nullopt;
  }
  return value;
}

// An op line split into its word and three numbers.
struct Op {
  char kind = 0;  // '@' or '~'
  size_t numbers[3] = {0, 0, 0};
};

std::optional<Op> ParseOp(absl::string_view line) {
  const std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
  if (words.size() != 4 || (words[0] != "@" && words[0] != "~")) {
    return std::nullopt;
  }
  Op op;
  op.kind = words[0][0];
  for (int k = 0; k < 3; ++k) {
    if (!absl::SimpleAtoi(words[k + 1], &op.numbers[k])) return std::nullopt;
  }
  return op;
}

// The patch that turns each old line into the new line `new_of_old` pairs
// it with (-1: deleted; unpaired new lines are inserted); nullopt when the
// pairing leaves nothing to say where a line goes.
std::optional<std::string> PatchFor(uint64_t base, const Lines& old_lines,
                                    const Lines& new_lines,
                                    const std::vector<int>& new_of_old) {
  std::vector<bool> new_paired(new_lines.size(), false);
  for (int j : new_of_old) {
    if (j >= 0) new_paired[j] = true;
  }
  std::string patch = absl::StrCat("base ", base, "\nlines ", new_lines.size());
  size_t i = 0;
  size_t j = 0;
  while (i < old_lines.size() || j < new_lines.size()) {
    if (i < old_lines.size() && new_of_old[i] == static_cast<int>(j)) {
      if (old_lines[i] != new_lines[j]) {
        AppendEdit(patch, i, old_lines[i], new_lines[j]);
      }
      ++i;
      ++j;
      continue;
    }
    const size_t start = i;
    while (i < old_lines.size() && new_of_old[i] < 0) ++i;
    const size_t inserted_from = j;
    while (j < new_lines.size() && !new_paired[j]) ++j;
    if (i == start && j == inserted_from) return std::nullopt;  // unpaired
    absl::StrAppend(&patch, "\n@ ", start, " ", i - start, " ",
                    j - inserted_from);
    for (size_t k = inserted_from; k < j; ++k) {
      absl::StrAppend(&patch, "\n", new_lines[k]);
    }
  }
  return patch;
}

}  // namespace

std::optional<std::string> LinePatch(uint64_t base, absl::string_view before,
                                     absl::string_view after) {
  const Lines old_lines = SplitLines(before);
  const Lines new_lines = SplitLines(after);
  std::optional<std::string> patch =
      PatchFor(base, old_lines, new_lines, PairLines(old_lines, new_lines));
  // A table that kept its length may be cheaper compared in place: a row
  // that moved while its neighbours only changed numbers misleads keys.
  if (old_lines.size() == new_lines.size()) {
    std::vector<int> in_place(old_lines.size());
    std::iota(in_place.begin(), in_place.end(), 0);
    std::optional<std::string> plain =
        PatchFor(base, old_lines, new_lines, in_place);
    if (plain.has_value() &&
        (!patch.has_value() || plain->size() < patch->size())) {
      patch = std::move(plain);
    }
  }
  if (patch.has_value() && patch->size() >= after.size()) return std::nullopt;
  return patch;
}

std::optional<uint64_t> LinePatchBase(absl::string_view patch) {
  return Numbered(patch.substr(0, patch.find('\n')), "base");
}

absl::StatusOr<std::string> ApplyLinePatch(absl::string_view before,
                                           absl::string_view patch) {
  const Lines old_lines = SplitLines(before);
  const Lines patch_lines = SplitLines(patch);
  if (patch_lines.size() < 2 || !LinePatchBase(patch_lines[0]).has_value()) {
    return absl::InvalidArgumentError("line patch: no 'base <position>' line");
  }
  const std::optional<uint64_t> expected = Numbered(patch_lines[1], "lines");
  if (!expected.has_value()) {
    return absl::InvalidArgumentError("line patch: no 'lines <count>' line");
  }
  std::vector<std::string> result;
  const auto append = [&result](const Lines& lines, size_t from, size_t to) {
    for (size_t k = from; k < to; ++k) result.emplace_back(lines[k]);
  };
  size_t copied = 0;  // lines of `before` consumed so far
  size_t at = 2;
  while (at < patch_lines.size()) {
    const std::optional<Op> op = ParseOp(patch_lines[at]);
    if (!op.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "line patch: line ", at + 1,
          " is not '@ <start> <deleted> <inserted>' or '~ <line> <front> "
          "<back>'"));
    }
    const size_t start = op->numbers[0];
    const size_t deleted = op->kind == '~' ? 1 : op->numbers[1];
    const size_t following = op->kind == '~' ? 1 : op->numbers[2];
    const auto misfit = [&] {
      return absl::InvalidArgumentError(
          absl::StrCat("line patch: line ", at + 1, " does not fit a base of ",
                       old_lines.size(), " lines"));
    };
    if (start < copied || start > old_lines.size() ||
        deleted > old_lines.size() - start ||
        following > patch_lines.size() - at - 1) {
      return misfit();
    }
    append(old_lines, copied, start);
    if (op->kind == '@') {
      append(patch_lines, at + 1, at + 1 + following);
    } else {
      const absl::string_view line = old_lines[start];
      const std::optional<size_t> front = ByteOffset(line, op->numbers[1]);
      const size_t line_units = Utf16Length(line);
      const std::optional<size_t> back_from =
          op->numbers[2] <= line_units
              ? ByteOffset(line, line_units - op->numbers[2])
              : std::nullopt;
      if (!front.has_value() || !back_from.has_value() || *front > *back_from) {
        return misfit();
      }
      result.push_back(absl::StrCat(line.substr(0, *front), patch_lines[at + 1],
                                    line.substr(*back_from)));
    }
    copied = start + deleted;
    at += 1 + following;
  }
  append(old_lines, copied, old_lines.size());
  if (result.size() != *expected) {
    return absl::InvalidArgumentError(absl::StrCat(
        "line patch: ", result.size(), " lines where it names ", *expected));
  }
  return absl::StrJoin(result, "\n");
}

}  // namespace qiwang::http
