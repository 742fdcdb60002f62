#include "clients/cli/event_format.h"

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/util/json_util.h"

namespace qiwang::cli {

std::string JsonLine(const google::protobuf::Message& message) {
  std::string json;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = false;
  // Serialising our own well-formed messages cannot fail.
  (void)google::protobuf::util::MessageToJsonString(message, &json, options);
  json += '\n';
  return json;
}

std::vector<std::string> EventHeadings(Lang lang) {
  return {Text(Label::kPosition, lang), Text(Label::kStream, lang),
          Text(Label::kVersion, lang),  Text(Label::kTime, lang),
          Text(Label::kActor, lang),    Text(Label::kReason, lang),
          Text(Label::kContent, lang)};
}

std::vector<std::string> EventCells(const v1::Event& event) {
  std::string actor = event.actor().user();
  if (!event.actor().role().empty()) {
    absl::StrAppend(&actor, "/", event.actor().role());
  }
  return {absl::StrCat(event.position()),
          event.stream(),
          absl::StrCat(event.stream_version()),
          FormatServerTime(event.server_time()),
          actor,
          event.reason(),
          PayloadText(event)};
}

std::string FormatServerTime(const google::protobuf::Timestamp& time) {
  absl::TimeZone zone;
  if (!absl::LoadTimeZone("Asia/Shanghai", &zone)) {
    zone = absl::FixedTimeZone(8 * 60 * 60);
  }
  return absl::FormatTime("%Y-%m-%d %H:%M:%S", base::FromTimestamp(time), zone);
}

std::string PayloadText(const v1::Event& event) {
  if (event.has_log_note()) return event.log_note().text();
  const google::protobuf::FieldDescriptor* payload =
      event.GetReflection()->GetOneofFieldDescriptor(
          event, v1::Event::descriptor()->FindOneofByName("payload"));
  return payload == nullptr ? "" : absl::StrCat("(", payload->name(), ")");
}

}  // namespace qiwang::cli
