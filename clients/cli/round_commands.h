#ifndef QIWANG_CLIENTS_CLI_ROUND_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_ROUND_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang round pair|preview|amend` (R6): PairingService writes.
CommandGroup RoundCommands();
// `qiwang pairings [--section S] [--round N]`.
CommandGroup PairingsCommands();
// `qiwang schedule PLAYER`.
CommandGroup ScheduleCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_ROUND_COMMANDS_H_
