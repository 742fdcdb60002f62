// The seam between the HTTP front (services/http: connections, limits,
// Connect, SSE transport, probes) and what is served over it that is not an
// RPC (clients/web: pages, static files, live views). qiwangd's main wires
// the pages into the front, so the front never depends on clients/web.
#ifndef QIWANG_SERVICES_HTTP_HANDLER_H_
#define QIWANG_SERVICES_HTTP_HANDLER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace qiwang::http {

// One HTTP request as the front parsed it, within its limits.
struct Request {
  std::string method;  // "GET", "POST", ...
  std::string path;    // percent-decoded, without the query: "/t/sichuan-2016"
  // The query's parameters, percent-decoded; a repeated name keeps the last.
  absl::flat_hash_map<std::string, std::string> query;
  // Header names in lower case ("accept-language", "last-event-id").
  absl::flat_hash_map<std::string, std::string> headers;
  std::string body;
  std::string client_address;  // the peer's IP address, for limits and logs
};

// A whole answer. The front adds Content-Length, Date and the security
// headers; `headers` holds the rest (e.g. Cache-Control, Content-Language).
struct Response {
  int status = 200;
  std::string content_type = "text/html; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

// One line patch as an SSE "patch" event, encoded once for every stream.
struct EncodedPatch {
  uint64_t base = 0;  // the position of the message it applies to
  std::shared_ptr<const std::string> encoded;
};

// What a live view has to say at one log position: the SSE event's data,
// computed once and shared by every stream of the view.
struct LiveMessage {
  uint64_t position = 0;  // the SSE event's id:
  std::string event;      // the SSE event's name ("standings", ...)
  std::string data;       // may hold newlines; the front splits them
  // The message as its SSE streams write it (sse_encoding.h), encoded once
  // by the feed that publishes it (BroadcastFeed does); when null each
  // stream encodes its own copy.
  std::shared_ptr<const std::string> encoded;
  // The "patch" events (line_patch.h) that lead to this message from the
  // messages before it, encoded likewise, oldest first: the last applies to
  // the message just before this one, each other to the one before the
  // patch after it. A stream that asked for patches and was last sent the
  // base of one of them gets that one and every later one, which together
  // are smaller than the whole message; any other stream gets the whole.
  // Empty when even the patch from the message just before is not smaller.
  std::vector<EncodedPatch> patches;
};

// A view that changes as the log grows (standings of a ranking, pairings of
// a round, a player's card), fed by whoever renders it. Every SSE stream of
// the same view shares one feed. The front writes each stream the latest
// message only: a slow client skips to the newest, it never queues.
// Thread-safe.
class LiveFeed {
 public:
  virtual ~LiveFeed() = default;
  // The newest message, if any yet.
  virtual std::shared_ptr<const LiveMessage> Latest() const = 0;
  // Calls `on_message` after each Publish from now on, until the returned
  // handle is destroyed (after its destructor returns, never again). The
  // callback must only schedule work (it runs on the publisher's thread).
  class Subscription {
   public:
    virtual ~Subscription() = default;
  };
  virtual std::unique_ptr<Subscription> Subscribe(
      std::function<void(std::shared_ptr<const LiveMessage>)> on_message) = 0;
};

// What a route answers: a whole response, or an SSE stream of a feed that
// starts after `Last-Event-ID` (the front sends Latest() at once when it is
// newer, so a reconnecting browser misses nothing). A stream asked for with
// `?patch=lines` gets, where it is smaller, a "patch" event (line_patch.h)
// from the message it was last sent instead of the whole message.
struct Reply {
  std::optional<Response> response;
  std::shared_ptr<LiveFeed> stream;
};

// Routes the front does not serve itself (everything but the Connect paths
// /qiwang.v1.*, /healthz, /readyz and /metrics). Answers nullopt for a path
// it does not know (the front answers 404). Called on the front's I/O
// threads: it must not block for long (a read RPC in process is fine).
// Thread-safe.
class Routes {
 public:
  virtual ~Routes() = default;
  virtual std::optional<Reply> Handle(const Request& request) = 0;
};

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_HANDLER_H_
