#ifndef QIWANG_CLIENTS_CLI_ADMIN_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_ADMIN_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang admin clock show|set`: the server's clock; `qiwang admin backup
// NAME`: an online backup of the event log.
CommandGroup AdminCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_ADMIN_COMMANDS_H_
