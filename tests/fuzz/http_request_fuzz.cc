// Fuzz target (e): the HTTP front's request parsing (services/http): the
// request target (path and query), a stream's request envelope and gzip
// bodies, the error JSON's quoting, and the Connect bridge's JSON and binary
// decoding of a request message, for every method of every qiwang.v1
// service. Input: byte 0 picks the method, byte 1 the codec (bit 0) and the
// envelope's coding (bit 1: gzip), the rest is the target, the envelope,
// the gzip body, the quoted text and the body.
// Promises: a refused target is NOT_FOUND or INVALID_ARGUMENT with a reason;
// an accepted one is an absolute path with no "." or ".." segment; an opened
// envelope or gzip body is within its bound, a refused one INVALID_ARGUMENT
// or RESOURCE_EXHAUSTED; quoted text is always JSON; a refused body is
// INVALID_ARGUMENT naming the body; an accepted one decodes again from its
// own wire bytes to the same bytes.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "qiwang/v1/standings_service.pb.h"
#include "services/http/connect_bridge.h"
#include "services/http/connect_envelope.h"
#include "services/http/content_coding.h"
#include "services/http/json_string.h"
#include "services/http/request_target.h"
#include "tests/fuzz/fuzz_target.h"

namespace qiwang::fuzz {
namespace {

std::vector<const google::protobuf::MethodDescriptor*> Methods() {
  std::vector<const google::protobuf::MethodDescriptor*> methods;
  const google::protobuf::DescriptorPool* pool =
      v1::GetStandingsRequest::descriptor()->file()->pool();
  for (const char* name :
       {"AdminService", "AuditService", "EventLogService", "ExportService",
        "PairingService", "PlayService", "RulingService", "StandingsService",
        "TournamentService"}) {
    const google::protobuf::ServiceDescriptor* service =
        pool->FindServiceByName(std::string("qiwang.v1.") + name);
    if (service == nullptr) continue;
    for (int i = 0; i < service->method_count(); ++i) {
      methods.push_back(service->method(i));
    }
  }
  return methods;
}

constexpr size_t kBound = 64 << 10;

// An opened envelope or decoded body is within kBound; a refusal is
// INVALID_ARGUMENT or RESOURCE_EXHAUSTED.
void CheckBounded(const absl::StatusOr<std::string>& opened) {
  if (opened.ok()) {
    Check(opened->size() <= kBound, "what is opened is within its bound");
    return;
  }
  CheckRefusal(opened.status(),
               {absl::StatusCode::kInvalidArgument,
                absl::StatusCode::kResourceExhausted},
               "a refused envelope or body is INVALID_ARGUMENT or "
               "RESOURCE_EXHAUSTED");
}

void CheckCodings(absl::string_view rest, bool gzip) {
  CheckBounded(http::OpenRequestEnvelope(rest, gzip ? "gzip" : "", kBound));
  CheckBounded(
      http::DecodeBody("Content-Encoding", "gzip", std::string(rest), kBound));
  google::protobuf::Struct parsed;
  Check(google::protobuf::util::JsonStringToMessage(
            absl::StrCat("{\"m\":", http::JsonString(rest), "}"), &parsed)
            .ok(),
        "quoted text is valid UTF-8 JSON");
}

}  // namespace

void FuzzOne(absl::string_view input) {
  static const std::vector<const google::protobuf::MethodDescriptor*>* methods =
      new auto(Methods());
  if (input.size() < 2 || methods->empty()) return;
  const google::protobuf::MethodDescriptor& method =
      *(*methods)[static_cast<uint8_t>(input[0]) % methods->size()];
  const http::Codec codec =
      (input[1] & 1) != 0 ? http::Codec::kProto : http::Codec::kJson;
  const std::string rest(input.substr(2));
  CheckCodings(rest, (input[1] & 2) != 0);

  const absl::StatusOr<http::RequestTarget> target = http::ParseTarget(rest);
  if (target.ok()) {
    Check(!target->path.empty() && target->path[0] == '/',
          "an accepted target is an absolute path");
    for (absl::string_view segment : absl::StrSplit(target->path, '/')) {
      Check(segment != "." && segment != "..",
            "an accepted target has no . or .. segment");
    }
  } else {
    CheckRefusal(
        target.status(),
        {absl::StatusCode::kNotFound, absl::StatusCode::kInvalidArgument},
        "a refused target is NOT_FOUND or INVALID_ARGUMENT");
  }

  const absl::StatusOr<std::string> wire =
      http::ConnectBridge::DecodeRequest(method, codec, rest);
  if (!wire.ok()) {
    CheckRefusal(wire.status(), {absl::StatusCode::kInvalidArgument},
                 "a refused body is INVALID_ARGUMENT");
    Check(absl::StartsWith(wire.status().message(), "body:"),
          "a refused body's message names the body");
    return;
  }
  const absl::StatusOr<std::string> again =
      http::ConnectBridge::DecodeRequest(method, http::Codec::kProto, *wire);
  Check(again.ok() && *again == *wire,
        "an accepted body decodes again from its wire bytes");
}

}  // namespace qiwang::fuzz
