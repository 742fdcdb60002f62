#include "services/rules/tournament/text_input.h"

#include "absl/strings/str_cat.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"

namespace qiwang::rules::tournament {

absl::Status RequiredFieldError(const std::string& field,
                                absl::string_view explanation) {
  return base::WithRefusal(
      absl::InvalidArgumentError(absl::StrCat(
          field, ": required", explanation.empty() ? "" : " ", explanation)),
      base::refusal::kFieldRequired, {{"field", field}});
}

absl::Status ValidateText(absl::string_view text, bool required,
                          const std::string& field, size_t max_bytes) {
  if (required && text.empty()) return RequiredFieldError(field);
  if (text.size() > max_bytes) {
    return base::WithRefusal(
        absl::InvalidArgumentError(absl::StrCat(field, ": ", text.size(),
                                                " bytes, at most ", max_bytes)),
        base::refusal::kTextTooLong,
        {{"field", field},
         {"bytes", absl::StrCat(text.size())},
         {"limit", absl::StrCat(max_bytes)}});
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
      return base::WithRefusal(
          absl::InvalidArgumentError(
              absl::StrCat(field, ": control character 0x",
                           absl::Hex(byte, absl::kZeroPad2), " at byte ", i)),
          base::refusal::kControlCharacter, {{"field", field}});
    }
  }
  return absl::OkStatus();
}

}  // namespace qiwang::rules::tournament
