#include "words/lang.h"

#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace qiwang::words {

absl::StatusOr<Lang> ParseLang(absl::string_view text) {
  if (text == "zh") return Lang::kZh;
  if (text == "en") return Lang::kEn;
  return absl::InvalidArgumentError(
      absl::StrCat("--lang: must be zh or en (got '", text, "')"));
}

Lang LangFromEnvironment() {
  const char* locale = std::getenv("LC_ALL");
  if (locale == nullptr || *locale == '\0') locale = std::getenv("LANG");
  return locale != nullptr && absl::StartsWith(locale, "zh") ? Lang::kZh
                                                             : Lang::kEn;
}

}  // namespace qiwang::words
