#include "services/http/line_patch.h"

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace qiwang::http {
namespace {

using Lines = std::vector<absl::string_view>;

Lines SplitLines(absl::string_view text) { return absl::StrSplit(text, '\n'); }

// What pairs a line with its next version: the line without its digits and
// '=' (a shared rank's mark), so a table row whose rank, score or
// tie-breaks changed is still its row.
std::string RowKey(absl::string_view line) {
  std::string key;
  key.reserve(line.size());
  for (char c : line) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c)) && c != '=') {
      key.push_back(c);
    }
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
    if (IsContinuationByte(c)) continue;
    units += static_cast<unsigned char>(c) >= 0xF0 ? 2 : 1;
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

// Which new line each old line becomes, and for each new line an old line
// of the same key to copy and edit when it is inserted.
struct Pairing {
  std::vector<int> new_of_old;     // -1: deleted; increasing
  std::vector<int> source_of_new;  // -1: none
};

// Lines whose key is unique on both sides are anchors where they keep their
// order (a longest increasing run); between anchors, lines pair from either
// end while their keys agree, and what is left pairs in place when both
// sides left as many. A new line's source is the last old line of its key.
Pairing PairLines(const Lines& old_lines, const Lines& new_lines) {
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
  std::vector<int> source_of_new(new_lines.size(), -1);
  for (size_t j = 0; j < new_lines.size(); ++j) {
    source_of_new[j] = seen[new_keys[j]].old_index;
  }
  return Pairing{std::move(new_of_old), std::move(source_of_new)};
}

// How a line becomes another: its first `front` and last `back` UTF-16
// units stay (cut between characters, never inside one) and `middle`
// replaces what lies between.
struct Edit {
  size_t front = 0;
  size_t back = 0;
  absl::string_view middle;
};

Edit EditBetween(absl::string_view old_line, absl::string_view new_line) {
  size_t front = 0;
  const size_t shorter = std::min(old_line.size(), new_line.size());
  while (front < shorter && old_line[front] == new_line[front]) ++front;
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
  return Edit{Utf16Length(old_line.substr(0, front)),
              Utf16Length(old_line.substr(old_line.size() - back)),
              new_line.substr(front, new_line.size() - front - back)};
}

// `line` with `edit` applied; nullopt when the edit does not fit it.
std::optional<std::string> Edited(absl::string_view line, size_t front,
                                  size_t back, absl::string_view middle) {
  const std::optional<size_t> front_end = ByteOffset(line, front);
  const size_t units = Utf16Length(line);
  const std::optional<size_t> back_start =
      back <= units ? ByteOffset(line, units - back) : std::nullopt;
  if (!front_end.has_value() || !back_start.has_value() ||
      *front_end > *back_start) {
    return std::nullopt;
  }
  return absl::StrCat(line.substr(0, *front_end), middle,
                      line.substr(*back_start));
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

// An op line split into its word and numbers ("+" has four, the others
// three).
struct Op {
  char kind = 0;  // '@', '~' or '+'
  size_t numbers[4] = {0, 0, 0, 0};
};

std::optional<Op> ParseOp(absl::string_view line) {
  const std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
  if (words.empty() || words[0].size() != 1 ||
      !absl::StrContains("@~+", words[0][0])) {
    return std::nullopt;
  }
  Op op;
  op.kind = words[0][0];
  const size_t count = op.kind == '+' ? 4 : 3;
  if (words.size() != count + 1) return std::nullopt;
  for (size_t k = 0; k < count; ++k) {
    if (!absl::SimpleAtoi(words[k + 1], &op.numbers[k])) return std::nullopt;
  }
  return op;
}

// The patch that turns each old line into the new line `pairing` pairs it
// with; nullopt when the pairing leaves nothing to say where a line goes.
std::optional<std::string> PatchFor(uint64_t base, const Lines& old_lines,
                                    const Lines& new_lines,
                                    const Pairing& pairing) {
  const std::vector<int>& new_of_old = pairing.new_of_old;
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
        const Edit edit = EditBetween(old_lines[i], new_lines[j]);
        absl::StrAppend(&patch, "\n~ ", i, " ", edit.front, " ", edit.back,
                        "\n", edit.middle);
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
    // An inserted line with a line of its key in the base (a row that
    // moved) goes as an edited copy of it when that is the shorter.
    std::vector<std::optional<Edit>> copies(j - inserted_from);
    bool any_copy = false;
    for (size_t k = inserted_from; k < j; ++k) {
      const int source = pairing.source_of_new[k];
      if (source < 0) continue;
      const Edit edit = EditBetween(old_lines[source], new_lines[k]);
      if (edit.middle.size() + 24 < new_lines[k].size()) {
        copies[k - inserted_from] = edit;
        any_copy = true;
      }
    }
    if (!any_copy) {
      absl::StrAppend(&patch, "\n@ ", start, " ", i - start, " ",
                      j - inserted_from);
      for (size_t k = inserted_from; k < j; ++k) {
        absl::StrAppend(&patch, "\n", new_lines[k]);
      }
      continue;
    }
    if (i > start) absl::StrAppend(&patch, "\n@ ", start, " ", i - start, " 0");
    for (size_t k = inserted_from; k < j;) {
      if (const std::optional<Edit>& copy = copies[k - inserted_from]) {
        absl::StrAppend(&patch, "\n+ ", i, " ", pairing.source_of_new[k], " ",
                        copy->front, " ", copy->back, "\n", copy->middle);
        ++k;
        continue;
      }
      size_t text_end = k;
      while (text_end < j && !copies[text_end - inserted_from]) ++text_end;
      absl::StrAppend(&patch, "\n@ ", i, " 0 ", text_end - k);
      for (; k < text_end; ++k) absl::StrAppend(&patch, "\n", new_lines[k]);
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
    Pairing in_place{std::vector<int>(old_lines.size()),
                     std::vector<int>(new_lines.size(), -1)};
    std::iota(in_place.new_of_old.begin(), in_place.new_of_old.end(), 0);
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
          " is not '@ <start> <deleted> <inserted>', '~ <line> <front> "
          "<back>' or '+ <at> <line> <front> <back>'"));
    }
    const size_t start = op->numbers[0];
    const size_t deleted = op->kind == '@'   ? op->numbers[1]
                           : op->kind == '~' ? 1
                                             : 0;
    const size_t following = op->kind == '@' ? op->numbers[2] : 1;
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
      // "~" edits line `start`; "+" inserts an edited copy of any line.
      const size_t source = op->kind == '~' ? start : op->numbers[1];
      const size_t front = op->numbers[op->kind == '~' ? 1 : 2];
      const size_t back = op->numbers[op->kind == '~' ? 2 : 3];
      if (source >= old_lines.size()) return misfit();
      std::optional<std::string> line =
          Edited(old_lines[source], front, back, patch_lines[at + 1]);
      if (!line.has_value()) return misfit();
      result.push_back(*std::move(line));
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
