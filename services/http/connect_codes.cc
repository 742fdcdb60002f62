#include "services/http/connect_codes.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "base/grpc_status.h"
#include "base/http_status.h"
#include "base/refusal_details.h"
#include "services/http/json_string.h"
#include "words/refusal_words.h"

namespace qiwang::http {
namespace {

// A detail's "debug" member: the two kinds a refusal carries, as JSON.
std::string DebugJson(const google::protobuf::Any& detail) {
  if (detail.type_url() == base::kErrorInfoType) {
    google::rpc::ErrorInfo info;
    if (!info.ParseFromString(detail.value())) return "";
    std::vector<std::string> metadata;
    for (const auto& [key, value] : info.metadata()) {
      metadata.push_back(absl::StrCat(JsonString(key), ":", JsonString(value)));
    }
    std::sort(metadata.begin(), metadata.end());
    return absl::StrCat("{\"reason\":", JsonString(info.reason()),
                        ",\"domain\":", JsonString(info.domain()),
                        ",\"metadata\":{", absl::StrJoin(metadata, ","), "}}");
  }
  if (detail.type_url() == base::kLocalizedMessageType) {
    google::rpc::LocalizedMessage localized;
    if (!localized.ParseFromString(detail.value())) return "";
    return absl::StrCat("{\"locale\":", JsonString(localized.locale()),
                        ",\"message\":", JsonString(localized.message()), "}");
  }
  return "";
}

std::string DetailsJson(grpc::StatusCode code, absl::string_view message,
                        absl::string_view rpc_details, words::Lang lang) {
  google::rpc::Status parsed;
  const absl::Status refusal =
      !rpc_details.empty() &&
              parsed.ParseFromArray(rpc_details.data(),
                                    static_cast<int>(rpc_details.size()))
          ? base::FromRpcStatus(parsed)
          : absl::Status(base::FromGrpcCode(code), message);
  const google::rpc::Status details =
      base::RpcStatusOf(words::LocalizeRefusal(refusal, lang));
  std::vector<std::string> entries;
  for (const google::protobuf::Any& detail : details.details()) {
    absl::string_view type = detail.type_url();
    absl::ConsumePrefix(&type, "type.googleapis.com/");
    std::string entry =
        absl::StrCat("{\"type\":", JsonString(type), ",\"value\":\"",
                     absl::Base64Escape(detail.value()), "\"");
    if (std::string debug = DebugJson(detail); !debug.empty()) {
      absl::StrAppend(&entry, ",\"debug\":", debug);
    }
    entries.push_back(absl::StrCat(entry, "}"));
  }
  return absl::StrJoin(entries, ",");
}

}  // namespace

absl::string_view ConnectCodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::CANCELLED:
      return "canceled";
    case grpc::StatusCode::INVALID_ARGUMENT:
      return "invalid_argument";
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return "deadline_exceeded";
    case grpc::StatusCode::NOT_FOUND:
      return "not_found";
    case grpc::StatusCode::ALREADY_EXISTS:
      return "already_exists";
    case grpc::StatusCode::PERMISSION_DENIED:
      return "permission_denied";
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return "resource_exhausted";
    case grpc::StatusCode::FAILED_PRECONDITION:
      return "failed_precondition";
    case grpc::StatusCode::ABORTED:
      return "aborted";
    case grpc::StatusCode::OUT_OF_RANGE:
      return "out_of_range";
    case grpc::StatusCode::UNIMPLEMENTED:
      return "unimplemented";
    case grpc::StatusCode::INTERNAL:
      return "internal";
    case grpc::StatusCode::UNAVAILABLE:
      return "unavailable";
    case grpc::StatusCode::DATA_LOSS:
      return "data_loss";
    case grpc::StatusCode::UNAUTHENTICATED:
      return "unauthenticated";
    default:
      return "unknown";
  }
}

int HttpStatusOf(grpc::StatusCode code) {
  return base::HttpStatusOf(base::FromGrpcCode(code));
}

words::Lang ReaderLang(const Request& request) {
  auto header = [&request](const char* name) -> absl::string_view {
    auto found = request.headers.find(name);
    if (found == request.headers.end()) return "";
    return found->second;
  };
  return words::LangOfCaller(header("lang"), header("accept-language"));
}

std::string ConnectErrorJson(grpc::StatusCode code, absl::string_view message,
                             absl::string_view rpc_details, words::Lang lang) {
  return absl::StrCat("{\"code\":", JsonString(ConnectCodeName(code)),
                      ",\"message\":", JsonString(message), ",\"details\":[",
                      DetailsJson(code, message, rpc_details, lang), "]}");
}

Response ConnectErrorResponse(grpc::StatusCode code, absl::string_view message,
                              absl::string_view rpc_details, words::Lang lang) {
  Response response;
  response.status = HttpStatusOf(code);
  response.content_type = "application/json";
  response.body = ConnectErrorJson(code, message, rpc_details, lang);
  return response;
}

}  // namespace qiwang::http
