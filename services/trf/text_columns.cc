#include "services/trf/text_columns.h"

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::exports {
namespace {

// Length of the valid UTF-8 sequence at text[i], or 0 when it is invalid.
size_t SequenceLength(absl::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<uint8_t>(text[k]); };
  const uint8_t lead = byte(i);
  size_t length = 0;
  uint32_t value = 0;
  uint32_t minimum = 0;
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    value = lead & 0x1F;
    minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    value = lead & 0x0F;
    minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    value = lead & 0x07;
    minimum = 0x10000;
  } else {
    return 0;
  }
  if (text.size() - i < length) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte(i + k) & 0x3F);
  }
  if (value < minimum || value > 0x10FFFF ||
      (value >= 0xD800 && value <= 0xDFFF)) {
    return 0;
  }
  return length;
}

}  // namespace

absl::StatusOr<std::vector<absl::string_view>> SplitCharacters(
    absl::string_view text) {
  std::vector<absl::string_view> characters;
  size_t i = 0;
  while (i < text.size()) {
    const size_t length = SequenceLength(text, i);
    if (length == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("byte ", i + 1, ": not valid UTF-8"));
    }
    characters.push_back(text.substr(i, length));
    i += length;
  }
  return characters;
}

std::string PadRight(absl::string_view text, size_t width) {
  std::string out;
  size_t columns = 0;
  size_t i = 0;
  while (i < text.size() && columns < width) {
    size_t length = SequenceLength(text, i);
    if (length == 0) length = 1;
    absl::StrAppend(&out, text.substr(i, length));
    i += length;
    ++columns;
  }
  out.append(width - columns, ' ');
  return out;
}

std::string PadLeft(absl::string_view text, size_t width) {
  absl::StatusOr<std::vector<absl::string_view>> characters =
      SplitCharacters(text);
  const size_t columns = characters.ok() ? characters->size() : text.size();
  std::string out;
  if (columns < width) out.append(width - columns, ' ');
  absl::StrAppend(&out, text);
  return out;
}

}  // namespace qiwang::exports
