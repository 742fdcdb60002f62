// A QR code (libqrencode) drawn as inline SVG, so a printed page carries it
// with no image file or request of its own. Pure; any thread.
#ifndef QIWANG_CLIENTS_WEB_QR_SVG_H_
#define QIWANG_CLIENTS_WEB_QR_SVG_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::web {

// `text` (a URL) at error correction level M with the standard four-module
// quiet zone, black modules on white, one module one SVG unit; scale it with
// CSS. INVALID_ARGUMENT when `text` is empty or too long for a QR code.
absl::StatusOr<std::string> QrSvg(absl::string_view text);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_QR_SVG_H_
