#ifndef QIWANG_CLIENTS_CLI_DISPLAY_WIDTH_H_
#define QIWANG_CLIENTS_CLI_DISPLAY_WIDTH_H_

#include <cstddef>

#include "absl/strings/string_view.h"

namespace qiwang::cli {

// Terminal columns `utf8` takes: 2 for East Asian wide and full-width
// characters (汉字, full-width punctuation), 0 for combining marks and
// control characters, 1 otherwise. Invalid bytes count 1 each.
size_t DisplayWidth(absl::string_view utf8);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_DISPLAY_WIDTH_H_
