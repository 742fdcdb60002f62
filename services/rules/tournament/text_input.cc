#include "services/rules/tournament/text_input.h"

#include "absl/strings/str_cat.h"

namespace qiwang::rules::tournament {

absl::Status ValidateText(absl::string_view text, bool required,
                          const std::string& field, size_t max_bytes) {
  if (required && text.empty()) {
    return absl::InvalidArgumentError(field + ": required");
  }
  if (text.size() > max_bytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", text.size(), " bytes, at most ", max_bytes));
  }
  return absl::OkStatus();
}

absl::Status ValidateOneLineText(absl::string_view text,
                                 const std::string& field) {
  if (absl::Status status = ValidateText(text, false, field); !status.ok()) {
    return status;
  }
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7f) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": control character 0x",
                       absl::Hex(byte, absl::kZeroPad2), " at byte ", i));
    }
  }
  return absl::OkStatus();
}

}  // namespace qiwang::rules::tournament
