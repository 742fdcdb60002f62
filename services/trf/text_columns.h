// Fixed-column text where a column is one Unicode character (a UTF-8 code
// point), so that a Chinese name takes as many columns as letters do: how
// TRF lines are cut and padded. Pure; any caller.
#ifndef QIWANG_SERVICES_TRF_TEXT_COLUMNS_H_
#define QIWANG_SERVICES_TRF_TEXT_COLUMNS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::exports {

// The characters of `text`, each as its UTF-8 bytes. INVALID_ARGUMENT
// naming the byte offset (from 1) of the first byte that is not valid UTF-8
// (overlong forms, surrogates and values above U+10FFFF are invalid).
absl::StatusOr<std::vector<absl::string_view>> SplitCharacters(
    absl::string_view text);

// `text` cut to at most `width` characters and padded on the right with
// blanks to exactly `width`. REQUIRES: `text` is valid UTF-8.
std::string PadRight(absl::string_view text, size_t width);

// `text` padded on the left with blanks to `width` characters (never cut).
std::string PadLeft(absl::string_view text, size_t width);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TEXT_COLUMNS_H_
