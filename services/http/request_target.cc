#include "services/http/request_target.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace qiwang::http {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

absl::StatusOr<std::string> PercentDecode(absl::string_view text,
                                          bool plus_is_space) {
  std::string decoded;
  decoded.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      const int high = i + 1 < text.size() ? HexValue(text[i + 1]) : -1;
      const int low = i + 2 < text.size() ? HexValue(text[i + 2]) : -1;
      if (high < 0 || low < 0) {
        return absl::InvalidArgumentError(
            "target: '%' must be followed by two hex digits");
      }
      decoded.push_back(static_cast<char>(high * 16 + low));
      i += 2;
    } else if (c == '+' && plus_is_space) {
      decoded.push_back(' ');
    } else {
      decoded.push_back(c);
    }
  }
  return decoded;
}

absl::StatusOr<RequestTarget> ParseTarget(absl::string_view target) {
  std::string origin_form;
  for (absl::string_view scheme : {"http://", "https://"}) {
    if (absl::StartsWithIgnoreCase(target, scheme)) {
      const absl::string_view rest = target.substr(scheme.size());
      const size_t path = rest.find_first_of("/?");
      origin_form = absl::StrCat(
          "/", path == absl::string_view::npos
                   ? ""
                   : rest.substr(path + (rest[path] == '/' ? 1 : 0)));
      target = origin_form;
    }
  }
  const size_t question = target.find('?');
  const absl::string_view raw_path = target.substr(0, question);
  absl::StatusOr<std::string> path = PercentDecode(raw_path, false);
  if (!path.ok()) return path.status();
  if (path->empty() || (*path)[0] != '/' ||
      path->find('\0') != std::string::npos ||
      path->find('\\') != std::string::npos) {
    return absl::NotFoundError(absl::StrCat("no page at ", raw_path));
  }
  for (absl::string_view segment : absl::StrSplit(*path, '/')) {
    if (segment == "." || segment == "..") {
      return absl::NotFoundError(absl::StrCat("no page at ", raw_path));
    }
  }
  RequestTarget parsed;
  parsed.path = *std::move(path);
  if (question == absl::string_view::npos) return parsed;
  for (absl::string_view pair :
       absl::StrSplit(target.substr(question + 1), '&', absl::SkipEmpty())) {
    const size_t equals = pair.find('=');
    absl::StatusOr<std::string> name =
        PercentDecode(pair.substr(0, equals), true);
    if (!name.ok()) return name.status();
    absl::StatusOr<std::string> value =
        equals == absl::string_view::npos
            ? std::string()
            : PercentDecode(pair.substr(equals + 1), true);
    if (!value.ok()) return value.status();
    parsed.query[*name] = *std::move(value);
  }
  return parsed;
}

}  // namespace qiwang::http
