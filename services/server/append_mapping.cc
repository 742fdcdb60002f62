#include "services/server/append_mapping.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/deterministic_bytes.h"
#include "google/protobuf/descriptor.h"
#include "services/ledger/ledger.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::server {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::OneofDescriptor;

absl::StatusOr<store::ExpectedVersion> ToStoreExpected(
    const v1::ExpectedVersion& expected) {
  const bool has_version = expected.version() != 0;
  switch (expected.kind()) {
    case v1::ExpectedVersion::KIND_ANY:
      if (has_version) break;
      return store::ExpectedVersion::Any();
    case v1::ExpectedVersion::KIND_NO_STREAM:
      if (has_version) break;
      return store::ExpectedVersion::NoStream();
    case v1::ExpectedVersion::KIND_EXACT:
      return store::ExpectedVersion::Exact(expected.version());
    default:
      return absl::InvalidArgumentError(absl::StrCat(
          "expected_version.kind: must be KIND_ANY, KIND_NO_STREAM or "
          "KIND_EXACT (got ",
          expected.kind(), ")"));
  }
  return absl::InvalidArgumentError(
      "expected_version.version: only allowed with KIND_EXACT");
}

// Copies the proposed event's payload into the envelope's field of the same
// number, so new payload kinds need no code here.
absl::Status CopyPayload(const v1::ProposedEvent& proposed, int index,
                         v1::Event& event) {
  const OneofDescriptor* proposed_oneof =
      v1::ProposedEvent::descriptor()->FindOneofByName("payload");
  const FieldDescriptor* source =
      proposed.GetReflection()->GetOneofFieldDescriptor(proposed,
                                                        proposed_oneof);
  if (source == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("events[", index, "].payload: required"));
  }
  const FieldDescriptor* target =
      v1::Event::descriptor()->FindFieldByNumber(source->number());
  if (target == nullptr || target->message_type() != source->message_type()) {
    return absl::InternalError(
        absl::StrCat("events[", index, "].payload: ", source->name(),
                     " has no matching field in qiwang.v1.Event"));
  }
  event.GetReflection()
      ->MutableMessage(&event, target)
      ->CopyFrom(proposed.GetReflection()->GetMessage(proposed, source));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<store::AppendRequest> ToStoreAppend(
    const v1::AppendRequest& request, ledger::EventStamper& stamper,
    const v1::Actor& actor, absl::Time now) {
  if (request.stream().empty()) {
    return rules::tournament::RequiredFieldError("stream");
  }
  if (!absl::StartsWith(request.stream(), ledger::kNotesStreamPrefix)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "stream: raw appends go only to streams named '",
        ledger::kNotesStreamPrefix, "...' (got '", request.stream(),
        "'); tournament streams are written by the TournamentService"));
  }
  absl::StatusOr<store::ExpectedVersion> expected =
      ToStoreExpected(request.expected_version());
  if (!expected.ok()) return expected.status();
  if (request.events().empty()) {
    return absl::InvalidArgumentError("events: at least one event is required");
  }
  store::AppendRequest out;
  out.stream = request.stream();
  out.expected = *expected;
  out.command_id = request.command_id();
  out.fingerprint = base::SerializeDeterministically(request);
  out.events.reserve(request.events_size());
  for (int i = 0; i < request.events_size(); ++i) {
    const v1::ProposedEvent& proposed = request.events(i);
    v1::Event event;
    if (absl::Status copied = CopyPayload(proposed, i, event); !copied.ok()) {
      return copied;
    }
    event.set_reason(proposed.reason());
    stamper.Stamp(event, actor, now);
    out.events.push_back(base::SerializeDeterministically(event));
  }
  return out;
}

v1::AppendResponse ToAppendResponse(const store::AppendResult& result) {
  v1::AppendResponse response;
  response.set_first_position(result.first_position);
  response.set_last_position(result.last_position);
  response.set_stream_version(result.stream_version);
  response.set_replayed(result.replayed);
  return response;
}

}  // namespace qiwang::server
