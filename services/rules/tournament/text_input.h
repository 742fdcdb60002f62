// Limits on the free text a command may carry (names, ids, reasons, notes),
// so that malformed input is refused as INVALID_ARGUMENT naming the field.
// Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_TEXT_INPUT_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_TEXT_INPUT_H_

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace qiwang::rules::tournament {

// INVALID_ARGUMENT "field: required" (then " " and `explanation` when
// given), naming its kind (kFieldRequired) and field so that every reader
// reads which field to fill in.
absl::Status RequiredFieldError(const std::string& field,
                                absl::string_view explanation = "");

// Names, ids and labels, in bytes.
inline constexpr size_t kMaxTextBytes = 200;
// Reasons and notes (R9.1), in bytes.
inline constexpr size_t kMaxReasonBytes = 2000;

// INVALID_ARGUMENT naming `field` when `text` is empty but `required`, or
// longer than `max_bytes`.
absl::Status ValidateText(absl::string_view text, bool required,
                          const std::string& field,
                          size_t max_bytes = kMaxTextBytes);

// As ValidateText (optional, kMaxTextBytes), and INVALID_ARGUMENT naming
// `field` for a control character (below U+0020, or U+007F): for one-line
// values that other players' lists show, such as a unit.
absl::Status ValidateOneLineText(absl::string_view text,
                                 const std::string& field);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_TEXT_INPUT_H_
