#include "clients/web/qr_svg.h"

#include <qrencode.h>

#include <memory>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::web {
namespace {

constexpr int kQuietZone = 4;

struct FreeQrCode {
  void operator()(QRcode* code) const { QRcode_free(code); }
};

}  // namespace

absl::StatusOr<std::string> QrSvg(absl::string_view text) {
  if (text.empty() || text.size() > 1000) {
    return absl::InvalidArgumentError(
        absl::StrCat("QR code text: 1 to 1000 bytes (got ", text.size(), ")"));
  }
  const std::string data(text);
  std::unique_ptr<QRcode, FreeQrCode> code(
      QRcode_encodeString8bit(data.c_str(), 0, QR_ECLEVEL_M));
  if (code == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("QR code text: cannot encode '", text, "'"));
  }
  const int width = code->width;
  const int size = width + 2 * kQuietZone;
  // One subpath per horizontal run of dark modules (bit 0 of each byte).
  std::string path;
  for (int y = 0; y < width; ++y) {
    const unsigned char* row = code->data + y * width;
    for (int x = 0; x < width;) {
      if ((row[x] & 1) == 0) {
        ++x;
        continue;
      }
      int run = 1;
      while (x + run < width && (row[x + run] & 1) != 0) ++run;
      absl::StrAppend(&path, "M", x + kQuietZone, " ", y + kQuietZone, "h", run,
                      "v1h-", run, "z");
      x += run;
    }
  }
  return absl::StrCat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\" viewBox=\"0 0 ",
      size, " ", size, "\" shape-rendering=\"crispEdges\" role=\"img\">",
      "<rect width=\"", size, "\" height=\"", size, "\" fill=\"#fff\"/>",
      "<path fill=\"#000\" d=\"", path, "\"/></svg>");
}

}  // namespace qiwang::web
