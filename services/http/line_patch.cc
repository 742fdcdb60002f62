#include "services/http/line_patch.h"

#include <algorithm>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace qiwang::http {
namespace {

using Lines = std::vector<absl::string_view>;

Lines SplitLines(absl::string_view text) { return absl::StrSplit(text, '\n'); }

void AppendReplace(std::string& patch, size_t start, size_t deleted,
                   const Lines& after, size_t from, size_t inserted) {
  absl::StrAppend(&patch, "\n@ ", start, " ", deleted, " ", inserted);
  for (size_t i = from; i < from + inserted; ++i) {
    absl::StrAppend(&patch, "\n", after[i]);
  }
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

}  // namespace

std::optional<std::string> LinePatch(uint64_t base, absl::string_view before,
                                     absl::string_view after) {
  const Lines old_lines = SplitLines(before);
  const Lines new_lines = SplitLines(after);
  const size_t shorter = std::min(old_lines.size(), new_lines.size());
  size_t prefix = 0;
  while (prefix < shorter && old_lines[prefix] == new_lines[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < shorter - prefix &&
         old_lines[old_lines.size() - 1 - suffix] ==
             new_lines[new_lines.size() - 1 - suffix]) {
    ++suffix;
  }
  std::string patch = absl::StrCat("base ", base, "\nlines ", new_lines.size());
  const size_t old_end = old_lines.size() - suffix;
  const size_t new_end = new_lines.size() - suffix;
  if (old_end - prefix != new_end - prefix) {
    AppendReplace(patch, prefix, old_end - prefix, new_lines, prefix,
                  new_end - prefix);
  } else {
    size_t line = prefix;
    while (line < old_end) {
      if (old_lines[line] == new_lines[line]) {
        ++line;
        continue;
      }
      size_t run_end = line + 1;
      while (run_end < old_end && old_lines[run_end] != new_lines[run_end]) {
        ++run_end;
      }
      AppendReplace(patch, line, run_end - line, new_lines, line,
                    run_end - line);
      line = run_end;
    }
  }
  if (patch.size() >= after.size()) return std::nullopt;
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
  Lines result;
  size_t copied = 0;  // lines of `before` consumed so far
  size_t at = 2;
  while (at < patch_lines.size()) {
    const std::vector<absl::string_view> op =
        absl::StrSplit(patch_lines[at], ' ');
    size_t start = 0;
    size_t deleted = 0;
    size_t inserted = 0;
    if (op.size() != 4 || op[0] != "@" || !absl::SimpleAtoi(op[1], &start) ||
        !absl::SimpleAtoi(op[2], &deleted) ||
        !absl::SimpleAtoi(op[3], &inserted)) {
      return absl::InvalidArgumentError(
          absl::StrCat("line patch: line ", at + 1,
                       " is not '@ <start> <deleted> <inserted>'"));
    }
    if (start < copied || start > old_lines.size() ||
        deleted > old_lines.size() - start ||
        inserted > patch_lines.size() - at - 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("line patch: line ", at + 1, " does not fit a base of ",
                       old_lines.size(), " lines"));
    }
    result.insert(result.end(), old_lines.begin() + copied,
                  old_lines.begin() + start);
    result.insert(result.end(), patch_lines.begin() + at + 1,
                  patch_lines.begin() + at + 1 + inserted);
    copied = start + deleted;
    at += 1 + inserted;
  }
  result.insert(result.end(), old_lines.begin() + copied, old_lines.end());
  if (result.size() != *expected) {
    return absl::InvalidArgumentError(absl::StrCat(
        "line patch: ", result.size(), " lines where it names ", *expected));
  }
  return absl::StrJoin(result, "\n");
}

}  // namespace qiwang::http
