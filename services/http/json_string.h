// Text as a JSON string literal that is always valid UTF-8 JSON (RFC 8259),
// whatever bytes the text holds: error messages echo what clients sent.
// Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_JSON_STRING_H_
#define QIWANG_SERVICES_HTTP_JSON_STRING_H_

#include <string>

#include "absl/strings/string_view.h"

namespace qiwang::http {

// `text` quoted: '"' and '\' escaped, control characters as \n, \t or
// \u00XX, each byte that does not start a well-formed UTF-8 sequence as
// U+FFFD; well-formed UTF-8 (Chinese names) is kept as it is.
std::string JsonString(absl::string_view text);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_JSON_STRING_H_
