#include "store/request_validation.h"

#include "absl/strings/str_cat.h"

namespace qiwang::store {

absl::Status ValidateStreamName(absl::string_view stream,
                                const Options& options) {
  if (stream.empty()) {
    return absl::InvalidArgumentError("stream: name is empty");
  }
  if (stream.size() > options.max_stream_name_bytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "stream: name is ", stream.size(),
        " bytes, over max_stream_name_bytes ", options.max_stream_name_bytes));
  }
  if (stream.find('\0') != absl::string_view::npos) {
    return absl::InvalidArgumentError("stream: name contains a NUL byte");
  }
  return absl::OkStatus();
}

absl::Status ValidateAppend(const AppendRequest& request,
                            const Options& options) {
  if (absl::Status status = ValidateStreamName(request.stream, options);
      !status.ok()) {
    return status;
  }
  switch (request.expected.kind) {
    case ExpectedVersion::Kind::kAny:
    case ExpectedVersion::Kind::kNoStream:
    case ExpectedVersion::Kind::kExact:
      break;
    default:
      return absl::InvalidArgumentError(
          absl::StrCat("expected: unknown expected-version kind ",
                       static_cast<int>(request.expected.kind)));
  }
  if (request.command_id.size() > options.max_command_id_bytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "command_id: ", request.command_id.size(),
        " bytes, over max_command_id_bytes ", options.max_command_id_bytes));
  }
  if (request.events.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("events: empty append to stream ", request.stream));
  }
  const size_t max_events = request.bulk ? options.max_events_per_bulk_append
                                         : options.max_events_per_append;
  if (request.events.size() > max_events) {
    return absl::InvalidArgumentError(absl::StrCat(
        "events: ", request.events.size(), " events, over ",
        request.bulk ? "max_events_per_bulk_append " : "max_events_per_append ",
        max_events));
  }
  for (size_t i = 0; i < request.events.size(); ++i) {
    if (request.events[i].size() > options.max_event_bytes) {
      return absl::InvalidArgumentError(absl::StrCat(
          "events[", i, "]: ", request.events[i].size(),
          " bytes, over max_event_bytes ", options.max_event_bytes));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateRead(const ReadRequest& request, const Options& options) {
  if (!request.stream.empty()) {
    if (absl::Status status = ValidateStreamName(request.stream, options);
        !status.ok()) {
      return status;
    }
  }
  if (request.limit == 0) {
    return absl::InvalidArgumentError("limit: must be at least 1");
  }
  if (request.direction != Direction::kForward &&
      request.direction != Direction::kBackward) {
    return absl::InvalidArgumentError(absl::StrCat(
        "direction: unknown value ", static_cast<int>(request.direction)));
  }
  return absl::OkStatus();
}

}  // namespace qiwang::store
