#include "services/http/quality_values.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace qiwang::http {

std::vector<Weighted> WeightedTokens(absl::string_view header) {
  std::vector<Weighted> items;
  for (absl::string_view item : absl::StrSplit(header, ',')) {
    std::vector<absl::string_view> parts = absl::StrSplit(item, ';');
    Weighted weighted;
    weighted.token =
        absl::AsciiStrToLower(absl::StripAsciiWhitespace(parts[0]));
    for (size_t i = 1; i < parts.size(); ++i) {
      absl::string_view parameter = absl::StripAsciiWhitespace(parts[i]);
      if (absl::ConsumePrefix(&parameter, "q=") &&
          !absl::SimpleAtod(parameter, &weighted.q)) {
        weighted.q = 0;
      }
    }
    items.push_back(std::move(weighted));
  }
  return items;
}

}  // namespace qiwang::http
