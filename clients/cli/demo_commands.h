#ifndef QIWANG_CLIENTS_CLI_DEMO_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_DEMO_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang demo [--tokens FILE] ...`: plays the 2016 event (see demo.h).
CommandGroup DemoCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_DEMO_COMMANDS_H_
