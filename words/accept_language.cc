#include "words/accept_language.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace qiwang::words {

Lang LangFromAcceptLanguage(absl::string_view header, Lang fallback) {
  Lang best = fallback;
  double best_weight = -1;
  for (absl::string_view item : absl::StrSplit(header, ',')) {
    std::vector<absl::string_view> parts = absl::StrSplit(item, ';');
    const std::string tag =
        absl::AsciiStrToLower(absl::StripAsciiWhitespace(parts[0]));
    double weight = 1;
    for (size_t i = 1; i < parts.size(); ++i) {
      absl::string_view parameter = absl::StripAsciiWhitespace(parts[i]);
      if (absl::ConsumePrefix(&parameter, "q=") &&
          !absl::SimpleAtod(parameter, &weight)) {
        weight = 0;
      }
    }
    const bool zh = absl::StartsWith(tag, "zh");
    if (!zh && !absl::StartsWith(tag, "en")) continue;
    if (weight <= 0) continue;  // q=0: not acceptable
    if (weight > best_weight) {
      best_weight = weight;
      best = zh ? Lang::kZh : Lang::kEn;
    }
  }
  return best;
}

}  // namespace qiwang::words
