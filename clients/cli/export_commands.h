#ifndef QIWANG_CLIENTS_CLI_EXPORT_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_EXPORT_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang export trf|report SECTION`: a section as FIDE TRF-16, or its
// audit report (Markdown or CSV), as of any position, to stdout or a file.
CommandGroup ExportCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_EXPORT_COMMANDS_H_
