#include "base/refusal_details.h"

#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "base/deterministic_bytes.h"
#include "base/utf8.h"

namespace qiwang::base {
namespace {

bool IsFieldChar(char c) {
  return absl::ascii_islower(c) || absl::ascii_isdigit(c) || c == '_' ||
         c == '.' || c == '[' || c == ']';
}

// The payload of `status` under `type_url`, parsed as a `Detail`.
template <typename Detail>
std::optional<Detail> PayloadOf(const absl::Status& status,
                                absl::string_view type_url) {
  auto payload = status.GetPayload(type_url);
  if (!payload.has_value()) return std::nullopt;
  Detail detail;
  if (!detail.ParseFromString(std::string(*payload))) return std::nullopt;
  return detail;
}

std::optional<google::rpc::ErrorInfo> ErrorInfoPayload(
    const absl::Status& status) {
  return PayloadOf<google::rpc::ErrorInfo>(status, kErrorInfoType);
}

// The values a message names in the words the services write them with:
// "section 'open-men'", "round 7", "board 3", "player 12".
void AddNamedValues(absl::string_view message, google::rpc::ErrorInfo& info) {
  static constexpr absl::string_view kKeys[] = {"section", "round",   "board",
                                                "player",  "ranking", "station",
                                                "ruling",  "appeal"};
  auto& metadata = *info.mutable_metadata();
  for (absl::string_view key : kKeys) {
    if (metadata.contains(std::string(key))) continue;
    for (size_t at = message.find(key); at != absl::string_view::npos;
         at = message.find(key, at + 1)) {
      const bool word_start = at == 0 || !absl::ascii_isalnum(message[at - 1]);
      absl::string_view rest = message.substr(at + key.size());
      if (!word_start || !absl::ConsumePrefix(&rest, " ")) continue;
      std::string value;
      if (absl::ConsumePrefix(&rest, "'")) {
        const size_t end = rest.find('\'');
        if (end == absl::string_view::npos || end == 0 || end > 64) continue;
        value = std::string(rest.substr(0, end));
      } else {
        size_t digits = 0;
        while (digits < rest.size() && digits < 12 &&
               absl::ascii_isdigit(rest[digits])) {
          ++digits;
        }
        if (digits == 0) continue;
        value = std::string(rest.substr(0, digits));
      }
      metadata[std::string(key)] = WellFormedUtf8(value);
      break;
    }
  }
}

void AddDetail(const google::protobuf::Message& detail,
               absl::string_view type_url, google::rpc::Status& rpc_status) {
  google::protobuf::Any* any = rpc_status.add_details();
  any->set_type_url(std::string(type_url));
  any->set_value(SerializeDeterministically(detail));
}

}  // namespace

absl::string_view ClauseOf(absl::string_view message) {
  if (message.size() < 3 || message[0] != 'R') return "";
  size_t at = 1;
  bool expect_digit = true;
  while (at < message.size()) {
    const char c = message[at];
    if (absl::ascii_isdigit(c)) {
      expect_digit = false;
    } else if (c == '.' && !expect_digit) {
      expect_digit = true;
    } else {
      break;
    }
    ++at;
  }
  if (expect_digit || at >= message.size() || message[at] != ':') return "";
  return message.substr(0, at);
}

absl::string_view FieldOf(absl::string_view message) {
  const absl::string_view clause = ClauseOf(message);
  if (!clause.empty()) {
    message.remove_prefix(clause.size() + 1);
    while (!message.empty() && message.front() == ' ') message.remove_prefix(1);
  }
  size_t at = 0;
  bool has_letter = false;
  while (at < message.size() && IsFieldChar(message[at])) {
    has_letter = has_letter || absl::ascii_islower(message[at]);
    ++at;
  }
  if (!has_letter || at >= message.size() || message[at] != ':') return "";
  return message.substr(0, at);
}

absl::Status WithRefusalValue(absl::Status status, absl::string_view key,
                              absl::string_view value) {
  if (status.ok()) return status;
  google::rpc::ErrorInfo info =
      ErrorInfoPayload(status).value_or(google::rpc::ErrorInfo());
  (*info.mutable_metadata())[std::string(key)] = std::string(value);
  status.SetPayload(kErrorInfoType,
                    absl::Cord(SerializeDeterministically(info)));
  return status;
}

absl::Status WithRefusal(
    absl::Status status, absl::string_view kind,
    std::initializer_list<std::pair<absl::string_view, std::string>> values) {
  if (status.ok()) return status;
  google::rpc::ErrorInfo info =
      ErrorInfoPayload(status).value_or(google::rpc::ErrorInfo());
  auto& metadata = *info.mutable_metadata();
  metadata[std::string(kRefusalKindKey)] = std::string(kind);
  for (const auto& [key, value] : values) metadata[std::string(key)] = value;
  status.SetPayload(kErrorInfoType,
                    absl::Cord(SerializeDeterministically(info)));
  return status;
}

google::rpc::ErrorInfo ErrorInfoOf(const absl::Status& status) {
  google::rpc::ErrorInfo info =
      ErrorInfoPayload(status).value_or(google::rpc::ErrorInfo());
  if (info.reason().empty()) {
    const absl::string_view clause = ClauseOf(status.message());
    info.set_reason(clause.empty() ? absl::StatusCodeToString(status.code())
                                   : std::string(clause));
  }
  if (info.domain().empty()) info.set_domain(std::string(kRefusalDomain));
  const absl::string_view field = FieldOf(status.message());
  if (!field.empty() && !info.metadata().contains("field")) {
    (*info.mutable_metadata())["field"] = std::string(field);
  }
  AddNamedValues(status.message(), info);
  return info;
}

absl::Status WithLocalizedMessage(
    absl::Status status, const google::rpc::LocalizedMessage& localized) {
  if (status.ok()) return status;
  status.SetPayload(kLocalizedMessageType,
                    absl::Cord(SerializeDeterministically(localized)));
  return status;
}

std::optional<google::rpc::LocalizedMessage> LocalizedMessageOf(
    const absl::Status& status) {
  return PayloadOf<google::rpc::LocalizedMessage>(status,
                                                  kLocalizedMessageType);
}

google::rpc::Status RpcStatusOf(const absl::Status& status) {
  google::rpc::Status rpc_status;
  rpc_status.set_code(static_cast<int>(status.code()));
  rpc_status.set_message(WellFormedUtf8(status.message()));
  if (status.ok()) return rpc_status;
  AddDetail(ErrorInfoOf(status), kErrorInfoType, rpc_status);
  if (std::optional<google::rpc::LocalizedMessage> localized =
          LocalizedMessageOf(status)) {
    AddDetail(*localized, kLocalizedMessageType, rpc_status);
  }
  return rpc_status;
}

absl::Status FromRpcStatus(const google::rpc::Status& rpc_status,
                           absl::string_view message_prefix) {
  if (rpc_status.code() == 0) return absl::OkStatus();
  absl::Status status(static_cast<absl::StatusCode>(rpc_status.code()),
                      absl::StrCat(message_prefix, rpc_status.message()));
  for (const google::protobuf::Any& detail : rpc_status.details()) {
    if (detail.type_url() == kErrorInfoType ||
        detail.type_url() == kLocalizedMessageType) {
      status.SetPayload(detail.type_url(), absl::Cord(detail.value()));
    }
  }
  return status;
}

}  // namespace qiwang::base
