// What the tournament command groups share: the tournament and command id
// flags, input parsing (JSON files, dates, enums) and printing a command's
// result or a read's answer.
#ifndef QIWANG_CLIENTS_CLI_COMMAND_SUPPORT_H_
#define QIWANG_CLIENTS_CLI_COMMAND_SUPPORT_H_

#include <grpcpp/support/status.h>

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "clients/cli/cli.h"
#include "clients/cli/cli_context.h"
#include "google/protobuf/message.h"
#include "qiwang/v1/tournament_service.pb.h"

namespace qiwang::cli {

// --tournament ID (default $QIWANG_TOURNAMENT).
FlagSpec TournamentFlag();
// --command-id ID (default: a fresh random id, printed with the result).
FlagSpec CommandIdFlag();

// The tournament id, or INVALID_ARGUMENT naming --tournament.
absl::StatusOr<std::string> TournamentId(const ParsedFlags& flags);
// --command-id or a fresh random one.
std::string CommandId(const ParsedFlags& flags);
// The value of a required flag, or INVALID_ARGUMENT naming it.
absl::StatusOr<std::string> Required(const ParsedFlags& flags,
                                     const std::string& name);
absl::StatusOr<int64_t> PlayerIdFlag(const ParsedFlags& flags,
                                     const std::string& name);

// An integer flag in [minimum, maximum], or `fallback` when absent;
// INVALID_ARGUMENT naming the flag otherwise.
absl::StatusOr<int64_t> IntFlag(const ParsedFlags& flags,
                                const std::string& name, int64_t fallback,
                                int64_t minimum, int64_t maximum);

// A required integer flag in [minimum, maximum]; INVALID_ARGUMENT naming it.
absl::StatusOr<int32_t> RequiredInt(const ParsedFlags& flags,
                                    const std::string& name, int32_t minimum,
                                    int32_t maximum);

// --at POSITION and --min-position POSITION (R7.5, read-your-writes).
std::vector<FlagSpec> ReadFlags();
absl::StatusOr<v1::ReadOptions> ReadOptionsFrom(const ParsedFlags& flags);
// `flags` followed by ReadFlags().
std::vector<FlagSpec> WithReadFlags(std::vector<FlagSpec> flags);

// Sets the request's tournament_id from --tournament / $QIWANG_TOURNAMENT.
template <typename Request>
absl::Status SetTournament(const ParsedFlags& flags, Request& request) {
  absl::StatusOr<std::string> tournament = TournamentId(flags);
  if (!tournament.ok()) return tournament.status();
  request.set_tournament_id(*tournament);
  return absl::OkStatus();
}

// Sets tournament_id and read (--at, --min-position) of a read request.
template <typename Request>
absl::Status SetTournamentAndRead(const ParsedFlags& flags, Request& request) {
  if (absl::Status set = SetTournament(flags, request); !set.ok()) return set;
  absl::StatusOr<v1::ReadOptions> read = ReadOptionsFrom(flags);
  if (!read.ok()) return read.status();
  *request.mutable_read() = *read;
  return absl::OkStatus();
}

// Sets tournament_id, section_id (--section) and round (--round), all
// required: the address of a round's commands.
template <typename Request>
absl::Status SetSectionAndRound(const ParsedFlags& flags, Request& request) {
  if (absl::Status set = SetTournament(flags, request); !set.ok()) return set;
  absl::StatusOr<std::string> section = Required(flags, "section");
  if (!section.ok()) return section.status();
  request.set_section_id(*section);
  absl::StatusOr<int32_t> round = RequiredInt(flags, "round", 1, 1000);
  if (!round.ok()) return round.status();
  request.set_round(*round);
  return absl::OkStatus();
}

// Sets tournament_id and player_id (from --player).
template <typename Request>
absl::Status SetTournamentAndPlayer(const ParsedFlags& flags,
                                    Request& request) {
  if (absl::Status set = SetTournament(flags, request); !set.ok()) return set;
  absl::StatusOr<int64_t> player = PlayerIdFlag(flags, "player");
  if (!player.ok()) return player.status();
  request.set_player_id(*player);
  return absl::OkStatus();
}

// The bytes of the file at `path`; INVALID_ARGUMENT starting with `label`
// ("--trf", "FILE") when it is a folder or cannot be read.
absl::StatusOr<std::string> ReadInputFile(const std::string& path,
                                          absl::string_view label);

// Reads a protobuf JSON file into `message`; INVALID_ARGUMENT naming `flag`.
absl::Status ReadJsonFile(const std::string& path, const std::string& flag,
                          google::protobuf::Message& message);
// Parses protobuf JSON read from `source` (a path, or what else the text is)
// into `message`; INVALID_ARGUMENT naming `flag` and `source`.
absl::Status ParseJson(absl::string_view text, const std::string& source,
                       const std::string& flag,
                       google::protobuf::Message& message);
// "YYYY-MM-DD"; INVALID_ARGUMENT naming `flag`.
absl::StatusOr<v1::Date> ParseDate(const std::string& text,
                                   const std::string& flag);
// "m" / "f"; INVALID_ARGUMENT naming `flag`.
absl::StatusOr<v1::Gender> ParseGender(const std::string& text,
                                       const std::string& flag);
std::string FormatDate(const v1::Date& date);

// The short lower-case name of an enum value: GENDER_MALE -> "male".
std::string EnumText(const google::protobuf::EnumDescriptor* descriptor,
                     int value, const std::string& prefix);

// Runs a command RPC's outcome: on error prints it (exit 1); with --json
// prints the response; else a field/value table of the command id, the
// result and `extra` rows. The command id also goes to stderr with --json,
// so a person can retry.
int PrintCommandOutcome(const CliContext& context, const grpc::Status& status,
                        const std::string& command_id,
                        const google::protobuf::Message& response,
                        const v1::CommandResult& result,
                        std::vector<std::pair<Label, std::string>> extra = {});

// Prints `text` to stdout and flushes.
void Print(const std::string& text);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_COMMAND_SUPPORT_H_
