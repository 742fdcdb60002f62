// A live view's next message as the lines that changed since the last one,
// so ten thousand SSE streams of a standings table copy a few rows per
// result instead of the whole table (issue 27 §4). The text format, which
// clients/web/static/live.js applies and ApplyLinePatch specifies:
//
//   base <position>         the message the patch applies to
//   lines <count>           lines of the result, to check the apply
//   @ <start> <deleted> <inserted>
//   <inserted lines...>     (<inserted> lines follow each @ line)
//
// Lines are the text split at '\n'. Each @ replaces <deleted> lines of the
// base from line <start> (0-based, in the base's numbering) by the lines
// that follow it; @ lines come in increasing order and never overlap. Pure
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
// message. Lines at equal distance from both ends are compared in
// place (a row that changed in a table of the same length); when the line
// counts differ, what lies between the common first and last lines is
// replaced whole.
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
