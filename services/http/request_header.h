// The rules of HTTP/1.1 a request header must meet before its body is read
// (RFC 9112), which Beast's parser does not check: the body framed in
// exactly one way (a Transfer-Encoding other than exactly "chunked", or one
// with a Content-Length, would let the body be read as another request:
// request smuggling; Beast takes "Transfer-Encoding: gzip" as no body), one
// Host, and no Expect but 100-continue. The front refuses a header that
// breaks one and closes the connection. Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_REQUEST_HEADER_H_
#define QIWANG_SERVICES_HTTP_REQUEST_HEADER_H_

#include <boost/beast/http/message.hpp>

#include "absl/status/status.h"

namespace qiwang::http {

// OK when the header meets the rules. Else, naming the field and the RFC's
// rule: INVALID_ARGUMENT (400) for a Transfer-Encoding whose whole value
// (all its fields) is not "chunked", one with a Content-Length, or an
// HTTP/1.1 request without exactly one Host (RFC 9112 3.2); UNIMPLEMENTED
// (501) for a transfer coding before a final chunked ("gzip, chunked");
// FAILED_PRECONDITION (417) for an Expect other than 100-continue.
absl::Status CheckRequestHeader(
    const boost::beast::http::request_header<>& header);

// Whether the client waits for "100 Continue" before sending its body.
bool ExpectsContinue(const boost::beast::http::request_header<>& header);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_REQUEST_HEADER_H_
