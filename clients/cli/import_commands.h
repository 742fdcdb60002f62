#ifndef QIWANG_CLIENTS_CLI_IMPORT_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_IMPORT_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang import trf FILE --tournament ID`: a tournament started elsewhere,
// from its TRF-16 or TRF-2026 file, continued on the server.
CommandGroup ImportCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_IMPORT_COMMANDS_H_
