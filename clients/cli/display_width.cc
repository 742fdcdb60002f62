#include "clients/cli/display_width.h"

#include <cstdint>

namespace qiwang::cli {
namespace {

struct Range {
  char32_t first;
  char32_t last;
};

// East Asian Width "W" and "F" blocks (Unicode 15, coarse by block).
constexpr Range kWide[] = {
    {0x1100, 0x115F},   {0x2E80, 0x303E},   {0x3041, 0x33FF},
    {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
    {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE10, 0xFE19},
    {0xFE30, 0xFE6F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},
    {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x3FFFD},
};

constexpr Range kZeroWidth[] = {
    {0x0300, 0x036F}, {0x200B, 0x200F}, {0x20D0, 0x20FF},
    {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F},
};

bool InAny(char32_t code_point, const Range* begin, const Range* end) {
  for (const Range* range = begin; range != end; ++range) {
    if (code_point >= range->first && code_point <= range->last) return true;
  }
  return false;
}

// Decodes one code point at `text[i]`, advancing `i`; invalid bytes decode
// to U+FFFD one byte at a time.
char32_t DecodeOne(absl::string_view text, size_t& i) {
  const auto lead = static_cast<uint8_t>(text[i]);
  size_t length = lead < 0x80           ? 1
                  : (lead >> 5) == 0x6  ? 2
                  : (lead >> 4) == 0xE  ? 3
                  : (lead >> 3) == 0x1E ? 4
                                        : 0;
  if (length == 0 || i + length > text.size()) {
    ++i;
    return 0xFFFD;
  }
  char32_t code_point = length == 1 ? lead : lead & (0xFF >> (length + 1));
  for (size_t k = 1; k < length; ++k) {
    const auto continuation = static_cast<uint8_t>(text[i + k]);
    if ((continuation >> 6) != 0x2) {
      ++i;
      return 0xFFFD;
    }
    code_point = (code_point << 6) | (continuation & 0x3F);
  }
  i += length;
  return code_point;
}

}  // namespace

size_t DisplayWidth(absl::string_view utf8) {
  size_t width = 0;
  size_t i = 0;
  while (i < utf8.size()) {
    const char32_t code_point = DecodeOne(utf8, i);
    if (code_point < 0x20 || (code_point >= 0x7F && code_point < 0xA0)) {
      continue;
    }
    if (InAny(code_point, std::begin(kZeroWidth), std::end(kZeroWidth))) {
      continue;
    }
    width += InAny(code_point, std::begin(kWide), std::end(kWide)) ? 2 : 1;
  }
  return width;
}

}  // namespace qiwang::cli
