// Whether a request header frames its body in exactly one way (RFC 9112
// 6.1, 6.3), checked before the body is read: a Transfer-Encoding other than
// exactly "chunked", or one with a Content-Length, would let the body be
// read as another request (request smuggling). Beast's parser takes such a
// header (a request with "Transfer-Encoding: gzip" gets no body), so the
// front refuses it and closes the connection. Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_REQUEST_FRAMING_H_
#define QIWANG_SERVICES_HTTP_REQUEST_FRAMING_H_

#include <boost/beast/http/fields.hpp>

#include "absl/status/status.h"

namespace qiwang::http {

// OK when the header has no Transfer-Encoding, or one whose whole value (all
// its fields) is "chunked" and no Content-Length. INVALID_ARGUMENT (400)
// otherwise, naming the field and the RFC's rule; UNIMPLEMENTED (501) for a
// transfer coding before a final chunked ("gzip, chunked").
absl::Status CheckBodyFraming(const boost::beast::http::fields& header);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_REQUEST_FRAMING_H_
