#ifndef QIWANG_CLIENTS_CLI_PLAYER_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_PLAYER_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang player register|withdraw`: entries (R2, R4.1) and withdrawals (R4.4).
CommandGroup PlayerCommands();
// `qiwang players list|show` and `qiwang qualifiers`: the reads.
CommandGroup PlayersCommands();
CommandGroup QualifierCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_PLAYER_COMMANDS_H_
