#include "services/http/request_framing.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace qiwang::http {

absl::Status CheckBodyFraming(const boost::beast::http::fields& header) {
  namespace bhttp = boost::beast::http;
  std::vector<std::string> codings;
  for (auto [field, end] = header.equal_range(bhttp::field::transfer_encoding);
       field != end; ++field) {
    for (absl::string_view coding : absl::StrSplit(
             absl::string_view(field->value().data(), field->value().size()),
             ',')) {
      codings.push_back(
          absl::AsciiStrToLower(absl::StripAsciiWhitespace(coding)));
    }
  }
  if (codings.empty()) return absl::OkStatus();
  const std::string value = absl::StrJoin(codings, ", ");
  if (codings.back() != "chunked") {
    return absl::InvalidArgumentError(
        absl::StrCat("Transfer-Encoding '", value,
                     "': the last coding must be chunked, or the body's "
                     "length is unknown (RFC 9112 6.1); send chunked or "
                     "Content-Length"));
  }
  for (size_t i = 0; i + 1 < codings.size(); ++i) {
    if (codings[i] == "chunked") {
      return absl::InvalidArgumentError(
          absl::StrCat("Transfer-Encoding '", value,
                       "': chunked only once, and last (RFC 9112 7.1)"));
    }
  }
  if (codings.size() > 1) {
    return absl::UnimplementedError(
        absl::StrCat("Transfer-Encoding '", value,
                     "': only chunked is implemented (RFC 9112 6.1)"));
  }
  if (header.count(bhttp::field::content_length) > 0) {
    return absl::InvalidArgumentError(
        "Content-Length and Transfer-Encoding together: the body's length "
        "is ambiguous (RFC 9112 6.3); send one of them");
  }
  return absl::OkStatus();
}

}  // namespace qiwang::http
