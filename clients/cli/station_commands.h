#ifndef QIWANG_CLIENTS_CLI_STATION_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_STATION_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang station record`: a station event's final ranking (R3).
CommandGroup StationCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_STATION_COMMANDS_H_
