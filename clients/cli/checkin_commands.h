#ifndef QIWANG_CLIENTS_CLI_CHECKIN_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_CHECKIN_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang checkin record|excuse|close|status`: the check-in desk (R4.2, R4.3).
CommandGroup CheckInCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_CHECKIN_COMMANDS_H_
