#ifndef QIWANG_CLIENTS_CLI_PLAYER_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_PLAYER_COMMANDS_H_

#include "absl/status/statusor.h"
#include "clients/cli/cli.h"
#include "clients/cli/flag_parser.h"
#include "qiwang/v1/tournament_service.pb.h"

namespace qiwang::cli {

// `qiwang player register|withdraw`: entries (R2, R4.1) and withdrawals (R4.4).
CommandGroup PlayerCommands();
// The request `qiwang player register` sends for `flags` (parsed with its
// specs); INVALID_ARGUMENT naming a missing or malformed flag.
absl::StatusOr<v1::RegisterPlayerRequest> RegisterRequest(
    const ParsedFlags& flags);
// `qiwang players list|show` and `qiwang qualifiers`: the reads.
CommandGroup PlayersCommands();
CommandGroup QualifierCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_PLAYER_COMMANDS_H_
