#ifndef QIWANG_CLIENTS_CLI_APPEAL_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_APPEAL_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang appeal file|decide|list|show`: appeals against rulings (R9.2)
// and the arbitration committee's decisions (R9.3).
CommandGroup AppealCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_APPEAL_COMMANDS_H_
