#include "services/http/request_header.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace qiwang::http {
namespace {

namespace bhttp = boost::beast::http;

absl::string_view Value(const bhttp::request_header<>& header,
                        bhttp::field name) {
  const auto value = header[name];
  return absl::string_view(value.data(), value.size());
}

absl::Status CheckBodyFraming(const bhttp::request_header<>& header) {
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

}  // namespace

absl::Status CheckRequestHeader(const bhttp::request_header<>& header) {
  if (absl::Status framing = CheckBodyFraming(header); !framing.ok()) {
    return framing;
  }
  if (header.version() >= 11 && header.count(bhttp::field::host) != 1) {
    return absl::InvalidArgumentError(
        "Host: an HTTP/1.1 request has exactly one (RFC 9112 3.2)");
  }
  if (header.count(bhttp::field::expect) > 0 && !ExpectsContinue(header)) {
    return absl::FailedPreconditionError(
        absl::StrCat("Expect '", Value(header, bhttp::field::expect),
                     "': only 100-continue is met (RFC 9110 10.1.1)"));
  }
  return absl::OkStatus();
}

bool ExpectsContinue(const bhttp::request_header<>& header) {
  return header.count(bhttp::field::expect) == 1 &&
         absl::EqualsIgnoreCase(
             absl::StripAsciiWhitespace(Value(header, bhttp::field::expect)),
             "100-continue");
}

}  // namespace qiwang::http
