#include "clients/cli/command_support.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "clients/cli/event_format.h"
#include "clients/cli/table.h"
#include "clients/forms/station_ranking.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/util/json_util.h"

namespace qiwang::cli {

FlagSpec TournamentFlag() {
  return {"tournament", "ID", "tournament id (default $QIWANG_TOURNAMENT)"};
}

FlagSpec CommandIdFlag() {
  return {"command-id", "ID",
          "idempotency key; reuse it to retry (default: a fresh one, printed)"};
}

absl::StatusOr<std::string> TournamentId(const ParsedFlags& flags) {
  const char* environment = std::getenv("QIWANG_TOURNAMENT");
  std::string id =
      flags.Get("tournament", environment != nullptr ? environment : "");
  if (id.empty()) {
    return absl::InvalidArgumentError(
        "--tournament: required (or set QIWANG_TOURNAMENT)");
  }
  return id;
}

std::string CommandId(const ParsedFlags& flags) {
  if (flags.Has("command-id")) return flags.Get("command-id", "");
  std::random_device random;
  return absl::StrFormat("cli-%08x%08x", random(), random());
}

absl::StatusOr<std::string> Required(const ParsedFlags& flags,
                                     const std::string& name) {
  std::string value = flags.Get(name, "");
  if (value.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("--", name, ": required"));
  }
  return value;
}

absl::StatusOr<int64_t> PlayerIdFlag(const ParsedFlags& flags,
                                     const std::string& name) {
  absl::StatusOr<std::string> text = Required(flags, name);
  if (!text.ok()) return text.status();
  int64_t id = 0;
  if (!absl::SimpleAtoi(*text, &id) || id <= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", name, ": not a player id (got '", *text, "')"));
  }
  return id;
}

absl::StatusOr<int64_t> IntFlag(const ParsedFlags& flags,
                                const std::string& name, int64_t fallback,
                                int64_t minimum, int64_t maximum) {
  if (!flags.Has(name)) return fallback;
  const std::string text = flags.Get(name, "");
  int64_t value = 0;
  if (!absl::SimpleAtoi(text, &value) || value < minimum || value > maximum) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", name, ": a whole number from ", minimum, " to ",
                     maximum, " (got '", text, "')"));
  }
  return value;
}

absl::StatusOr<int32_t> RequiredInt(const ParsedFlags& flags,
                                    const std::string& name, int32_t minimum,
                                    int32_t maximum) {
  if (!flags.Has(name)) {
    return absl::InvalidArgumentError(absl::StrCat("--", name, ": required"));
  }
  absl::StatusOr<int64_t> value = IntFlag(flags, name, 0, minimum, maximum);
  if (!value.ok()) return value.status();
  return static_cast<int32_t>(*value);
}

std::vector<FlagSpec> ReadFlags() {
  return {{"at", "POSITION", "as of this log position (R7.5; default: now)"},
          {"min-position", "POSITION",
           "wait until the server has applied this position"}};
}

std::vector<FlagSpec> WithReadFlags(std::vector<FlagSpec> flags) {
  for (FlagSpec& read : ReadFlags()) flags.push_back(std::move(read));
  return flags;
}

absl::StatusOr<v1::ReadOptions> ReadOptionsFrom(const ParsedFlags& flags) {
  v1::ReadOptions read;
  absl::StatusOr<int64_t> at = IntFlag(flags, "at", 0, 1, INT64_MAX);
  if (!at.ok()) return at.status();
  absl::StatusOr<int64_t> min_position =
      IntFlag(flags, "min-position", 0, 1, INT64_MAX);
  if (!min_position.ok()) return min_position.status();
  read.set_at_position(static_cast<uint64_t>(*at));
  read.set_min_position(static_cast<uint64_t>(*min_position));
  return read;
}

absl::StatusOr<std::string> ReadInputFile(const std::string& path,
                                          absl::string_view label) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return absl::InvalidArgumentError(
        absl::StrCat(label, ": ", path, " is a folder, not a file"));
  }
  std::ifstream file(path, std::ios::binary);
  std::stringstream bytes;
  bytes << file.rdbuf();
  if (!file) {
    return absl::InvalidArgumentError(
        absl::StrCat(label, ": cannot read ", path));
  }
  return bytes.str();
}

absl::Status ReadJsonFile(const std::string& path, const std::string& flag,
                          google::protobuf::Message& message) {
  std::ifstream file(path);
  if (!file) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", flag, ": cannot read ", path));
  }
  std::stringstream text;
  text << file.rdbuf();
  return ParseJson(text.str(), path, flag, message);
}

absl::Status ParseJson(absl::string_view text, const std::string& source,
                       const std::string& flag,
                       google::protobuf::Message& message) {
  const auto parsed = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(text.data(), text.size()), &message);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--", flag, ": ", source, " is not a ",
        message.GetDescriptor()->full_name(), " in JSON: ", parsed.ToString()));
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::Date> ParseDate(const std::string& text,
                                   const std::string& flag) {
  return forms::ParseDate(text, absl::StrCat("--", flag));
}

absl::StatusOr<v1::Gender> ParseGender(const std::string& text,
                                       const std::string& flag) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "m" || lower == "male") return v1::GENDER_MALE;
  if (lower == "f" || lower == "female") return v1::GENDER_FEMALE;
  return absl::InvalidArgumentError(
      absl::StrCat("--", flag, ": m or f (got '", text, "')"));
}

std::string FormatDate(const v1::Date& date) {
  return absl::StrFormat("%04d-%02d-%02d", date.year(), date.month(),
                         date.day());
}

std::string EnumText(const google::protobuf::EnumDescriptor* descriptor,
                     int value, const std::string& prefix) {
  const google::protobuf::EnumValueDescriptor* found =
      descriptor->FindValueByNumber(value);
  if (found == nullptr) return absl::StrCat(value);
  std::string name = found->name();
  if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
  return absl::AsciiStrToLower(name);
}

void Print(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
}

int PrintCommandOutcome(const CliContext& context, const grpc::Status& status,
                        const std::string& command_id,
                        const google::protobuf::Message& response,
                        const v1::CommandResult& result,
                        std::vector<std::pair<Label, std::string>> extra) {
  if (!status.ok()) {
    const int exit_code = ReportRpcError(status);
    std::fprintf(stderr, "command id: %s (to retry: --command-id %s)\n",
                 command_id.c_str(), command_id.c_str());
    return exit_code;
  }
  if (context.json) {
    std::fprintf(stderr, "command id: %s\n", command_id.c_str());
    Print(JsonLine(response));
    return kExitOk;
  }
  const Lang lang = context.lang;
  Table table({Text(Label::kField, lang), Text(Label::kValue, lang)});
  table.AddRow({Text(Label::kCommandId, lang), command_id});
  for (const auto& [label, value] : extra) {
    table.AddRow({Text(label, lang), value});
  }
  table.AddRow({Text(Label::kFirstPosition, lang),
                absl::StrCat(result.first_position())});
  table.AddRow(
      {Text(Label::kLastPosition, lang), absl::StrCat(result.last_position())});
  table.AddRow({Text(Label::kStreamVersion, lang),
                absl::StrCat(result.stream_version())});
  table.AddRow({Text(Label::kReplayed, lang),
                Text(result.replayed() ? Label::kYes : Label::kNo, lang)});
  Print(table.Render());
  return kExitOk;
}

}  // namespace qiwang::cli
