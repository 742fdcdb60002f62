#include "services/http/content_coding.h"

#include <zlib.h>

#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "services/http/quality_values.h"

namespace qiwang::http {
namespace {

constexpr size_t kChunk = 16 << 10;
// zlib's window bits for the gzip wrapper only (RFC 1952).
constexpr int kGzipWindow = 16 + MAX_WBITS;

std::string Normalized(absl::string_view coding) {
  return absl::AsciiStrToLower(absl::StripAsciiWhitespace(coding));
}

absl::StatusOr<std::string> Gunzip(absl::string_view field,
                                   absl::string_view compressed,
                                   size_t max_bytes) {
  z_stream zs{};
  if (inflateInit2(&zs, kGzipWindow) != Z_OK) {
    return absl::InternalError("zlib: inflateInit2 failed");
  }
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  zs.avail_in = static_cast<uInt>(compressed.size());
  std::string plain;
  int result = Z_OK;
  while (result == Z_OK) {
    const size_t used = plain.size();
    plain.resize(used + kChunk);
    zs.next_out = reinterpret_cast<Bytef*>(plain.data() + used);
    zs.avail_out = static_cast<uInt>(kChunk);
    result = inflate(&zs, Z_NO_FLUSH);
    plain.resize(used + kChunk - zs.avail_out);
    if (plain.size() > max_bytes) {
      inflateEnd(&zs);
      return absl::ResourceExhaustedError(
          absl::StrCat(field, " gzip: the body decompresses to over ",
                       max_bytes, " bytes (--http_max_body_bytes)"));
    }
  }
  const bool trailing = zs.avail_in > 0;
  inflateEnd(&zs);
  if (result != Z_STREAM_END) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, " gzip: the body is not a whole gzip stream"));
  }
  if (trailing) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, " gzip: bytes follow the gzip stream"));
  }
  return plain;
}

}  // namespace

absl::Status CheckCoding(absl::string_view field, absl::string_view coding) {
  const std::string name = Normalized(coding);
  if (name.empty() || name == "identity" || name == "gzip") {
    return absl::OkStatus();
  }
  return absl::UnimplementedError(
      absl::StrCat(field, " '", name, "' is not supported: gzip or identity"));
}

absl::StatusOr<std::string> DecodeBody(absl::string_view field,
                                       absl::string_view coding,
                                       std::string body, size_t max_bytes) {
  if (absl::Status known = CheckCoding(field, coding); !known.ok()) {
    return known;
  }
  if (Normalized(coding) != "gzip" || body.empty()) return body;
  return Gunzip(field, body, max_bytes);
}

std::string Gzip(absl::string_view plain) {
  z_stream zs{};
  if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, kGzipWindow, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    return std::string();
  }
  std::string compressed(deflateBound(&zs, plain.size()) + 32, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(plain.data()));
  zs.avail_in = static_cast<uInt>(plain.size());
  zs.next_out = reinterpret_cast<Bytef*>(compressed.data());
  zs.avail_out = static_cast<uInt>(compressed.size());
  deflate(&zs, Z_FINISH);
  compressed.resize(zs.total_out);
  deflateEnd(&zs);
  return compressed;
}

bool AcceptsGzip(absl::string_view accept_encoding) {
  // An explicit gzip entry decides; else "*" does.
  std::optional<bool> gzip;
  std::optional<bool> any;
  for (const Weighted& item : WeightedTokens(accept_encoding)) {
    if (item.token == "gzip") gzip = item.q > 0;
    if (item.token == "*") any = item.q > 0;
  }
  return gzip.value_or(any.value_or(false));
}

}  // namespace qiwang::http
