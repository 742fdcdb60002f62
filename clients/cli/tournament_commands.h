#ifndef QIWANG_CLIENTS_CLI_TOURNAMENT_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_TOURNAMENT_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang tournament create|amend|show`: a tournament's configuration (R1.1).
CommandGroup TournamentCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_TOURNAMENT_COMMANDS_H_
