#ifndef QIWANG_CLIENTS_CLI_STANDINGS_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_STANDINGS_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang standings RANKING [--at POSITION] [--after-round N]` (R7).
CommandGroup StandingsCommands();
// `qiwang crosstable SECTION`.
CommandGroup CrosstableCommands();
// `qiwang prizes` (R8).
CommandGroup PrizesCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_STANDINGS_COMMANDS_H_
