#ifndef QIWANG_CLIENTS_CLI_RESULT_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_RESULT_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang result record|correct` (R5.3): PlayService writes.
CommandGroup ResultCommands();
// `qiwang foul record` (R5.5).
CommandGroup FoulCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_RESULT_COMMANDS_H_
