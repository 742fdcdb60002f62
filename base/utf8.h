// Well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
// U+10FFFF) out of any bytes: error messages echo what clients sent, and
// JSON and protobuf strings must be UTF-8. Header-only; any caller.
#ifndef QIWANG_BASE_UTF8_H_
#define QIWANG_BASE_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace qiwang::base {

inline constexpr absl::string_view kReplacementCharacter =
    "\xEF\xBF\xBD";  // U+FFFD

// The length of the well-formed multi-byte sequence at `text`'s start, or 0
// (also for ASCII, which the caller handles).
inline size_t Utf8SequenceLength(absl::string_view text) {
  if (text.empty()) return 0;
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

// `text` with each byte that starts no well-formed sequence replaced by
// U+FFFD; well-formed text comes back unchanged.
inline std::string WellFormedUtf8(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t at = 0;
  while (at < text.size()) {
    if (static_cast<uint8_t>(text[at]) < 0x80) {
      out.push_back(text[at++]);
      continue;
    }
    const size_t length = Utf8SequenceLength(text.substr(at));
    if (length == 0) {
      out.append(kReplacementCharacter.data(), kReplacementCharacter.size());
      ++at;
    } else {
      out.append(text.data() + at, length);
      at += length;
    }
  }
  return out;
}

}  // namespace qiwang::base

#endif  // QIWANG_BASE_UTF8_H_
