// The bytes of a live view's message on an SSE stream: one event (id: the
// log position, event: the view, data: each line) in one HTTP/1.1 chunk.
// Encoded once per message by its feed, so ten thousand streams of a view
// share one copy. Pure functions; any thread.
#ifndef QIWANG_SERVICES_HTTP_SSE_ENCODING_H_
#define QIWANG_SERVICES_HTTP_SSE_ENCODING_H_

#include <memory>
#include <string>

#include "absl/strings/string_view.h"
#include "services/http/handler.h"

namespace qiwang::http {

// `data` as one chunk of a chunked HTTP/1.1 body.
std::string HttpChunk(absl::string_view data);

// `message` as an SSE event.
std::string SseEvent(const LiveMessage& message);

// `message` as an SSE event in one chunk: what a stream writes.
std::shared_ptr<const std::string> SseChunk(const LiveMessage& message);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_SSE_ENCODING_H_
