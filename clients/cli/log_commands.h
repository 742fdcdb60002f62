#ifndef QIWANG_CLIENTS_CLI_LOG_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_LOG_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang log append|read|tail`: the EventLogService calls.
CommandGroup LogCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_LOG_COMMANDS_H_
