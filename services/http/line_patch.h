// A live view's next message as the lines that changed since the last one,
// so ten thousand SSE streams of a standings table copy a few rows per
// result instead of the whole table (issue 27 §4). The text format, which
// clients/web/static/live.js applies and ApplyLinePatch specifies:
//
//   base <position>               the message the patch applies to
//   lines <count>                 lines of the result, to check the apply
//   @ <start> <deleted> <inserted>
//   <inserted lines...>           (<inserted> lines follow each @ line)
//   ~ <line> <front> <back>
//   <middle>                      (one line follows each ~ line)
//   + <at> <line> <front> <back>
//   <middle>                      (one line follows each + line)
//
// Lines are the text split at '\n'; line numbers are the base's, 0-based.
// "@" replaces <deleted> lines from <start> by the lines that follow it.
// "~" edits one line: its first <front> and last <back> characters stay,
// counted in UTF-16 code units (as JavaScript counts), and <middle>
// replaces what lies between. "+" inserts before line <at> a copy of any
// line of the base, <line>, edited the same way (a row that moved). Ops
// come in increasing order of their first number and never overlap. Pure
// functions; any thread.
#ifndef QIWANG_SERVICES_HTTP_LINE_PATCH_H_
#define QIWANG_SERVICES_HTTP_LINE_PATCH_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::http {

// The patch from `before` (at position `base`) to `after`; nullopt when it
// would be no smaller than `after`, where the whole text is the better
// message. A line is followed to its next version by its text without
// digits and '=' (a row whose rank or score changed, or whose rank became
// shared, is still its row): lines whose
// key is unique on both sides anchor the alignment where their order
// holds, and a row that moved up the table is one deletion and one "+"
// copy of its old line, edited; the rows it passed are "~" edits of their
// rank cell. A text
// that kept its line count is also compared line by line in place, and the
// smaller patch wins. Any alignment gives a correct patch; these give small
// ones.
std::optional<std::string> LinePatch(uint64_t base, absl::string_view before,
                                     absl::string_view after);

// `patch` applied to `before`, the text at the patch's base; an error
// naming what is wrong for a patch that does not fit it.
absl::StatusOr<std::string> ApplyLinePatch(absl::string_view before,
                                           absl::string_view patch);

// The position a patch applies to; nullopt for a malformed first line.
std::optional<uint64_t> LinePatchBase(absl::string_view patch);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_LINE_PATCH_H_
