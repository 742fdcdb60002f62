#ifndef QIWANG_CLIENTS_CLI_WATCH_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_WATCH_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang watch standings RANKING` and `qiwang watch pairings SECTION`: print
// each new state until Ctrl-C or the stream's end; reconnect from the last
// position seen when the stream breaks.
CommandGroup WatchCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_WATCH_COMMANDS_H_
