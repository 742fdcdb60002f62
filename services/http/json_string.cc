#include "services/http/json_string.h"

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/utf8.h"

namespace qiwang::http {
std::string JsonString(absl::string_view text) {
  std::string quoted = "\"";
  quoted.reserve(text.size() + 2);
  size_t at = 0;
  while (at < text.size()) {
    const char c = text[at];
    const uint8_t byte = static_cast<uint8_t>(c);
    if (byte >= 0x80) {
      const size_t length = base::Utf8SequenceLength(text.substr(at));
      if (length == 0) {
        absl::StrAppend(&quoted, base::kReplacementCharacter);
        ++at;
      } else {
        absl::StrAppend(&quoted, text.substr(at, length));
        at += length;
      }
      continue;
    }
    ++at;
    switch (c) {
      case '"':
        quoted.append("\\\"");
        break;
      case '\\':
        quoted.append("\\\\");
        break;
      case '\n':
        quoted.append("\\n");
        break;
      case '\r':
        quoted.append("\\r");
        break;
      case '\t':
        quoted.append("\\t");
        break;
      default:
        if (byte < 0x20 || byte == 0x7F) {
          quoted.append(absl::StrFormat("\\u%04x", byte));
        } else {
          quoted.push_back(c);
        }
    }
  }
  quoted.push_back('"');
  return quoted;
}

}  // namespace qiwang::http
