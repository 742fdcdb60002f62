#include "services/http/sse_encoding.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace qiwang::http {

std::string HttpChunk(absl::string_view data) {
  return absl::StrCat(absl::Hex(data.size()), "\r\n", data, "\r\n");
}

std::string SseEvent(const LiveMessage& message) {
  std::string event = absl::StrCat("id: ", message.position, "\n");
  if (!message.event.empty()) {
    absl::StrAppend(&event, "event: ", message.event, "\n");
  }
  for (absl::string_view line : absl::StrSplit(message.data, '\n')) {
    absl::StrAppend(&event, "data: ", line, "\n");
  }
  event.push_back('\n');
  return event;
}

std::shared_ptr<const std::string> SseChunk(const LiveMessage& message) {
  return std::make_shared<const std::string>(HttpChunk(SseEvent(message)));
}

}  // namespace qiwang::http
