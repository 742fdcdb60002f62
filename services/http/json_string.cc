#include "services/http/json_string.h"

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace qiwang::http {
namespace {

constexpr absl::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// The length of the well-formed UTF-8 sequence at `text`'s start (RFC 3629
// table: no overlong forms, no surrogates, nothing past U+10FFFF), or 0.
size_t SequenceLength(absl::string_view text) {
  const uint8_t lead = static_cast<uint8_t>(text[0]);
  size_t length = 0;
  uint8_t low = 0x80;
  uint8_t high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (text.size() < length) return 0;
  for (size_t i = 1; i < length; ++i) {
    const uint8_t next = static_cast<uint8_t>(text[i]);
    if (next < (i == 1 ? low : 0x80) || next > (i == 1 ? high : 0xBF)) {
      return 0;
    }
  }
  return length;
}

}  // namespace

std::string JsonString(absl::string_view text) {
  std::string quoted = "\"";
  quoted.reserve(text.size() + 2);
  size_t at = 0;
  while (at < text.size()) {
    const char c = text[at];
    const uint8_t byte = static_cast<uint8_t>(c);
    if (byte >= 0x80) {
      const size_t length = SequenceLength(text.substr(at));
      if (length == 0) {
        absl::StrAppend(&quoted, kReplacement);
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
