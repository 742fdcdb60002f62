#include "clients/cli/labels.h"

#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace qiwang::cli {
namespace {

struct Translation {
  const char* zh;
  const char* en;
};

// Indexed by Label.
constexpr Translation kTranslations[] = {
    {"位置", "position"},
    {"流", "stream"},
    {"版本", "version"},
    {"时间", "time"},
    {"操作者", "actor"},
    {"理由", "reason"},
    {"内容", "content"},
    {"字段", "field"},
    {"值", "value"},
    {"首位置", "first position"},
    {"末位置", "last position"},
    {"流版本", "stream version"},
    {"重放", "replayed"},
    {"是", "yes"},
    {"否", "no"},
    {"已追上", "caught up"},
};
static_assert(std::size(kTranslations) ==
              static_cast<size_t>(Label::kCaughtUp) + 1);

}  // namespace

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

std::string Text(Label label, Lang lang) {
  const Translation& translation = kTranslations[static_cast<size_t>(label)];
  return lang == Lang::kZh ? translation.zh : translation.en;
}

}  // namespace qiwang::cli
