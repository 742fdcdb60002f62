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

}  // namespace qiwang::rules::tournament
