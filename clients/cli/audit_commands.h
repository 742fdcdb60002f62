#ifndef QIWANG_CLIENTS_CLI_AUDIT_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_AUDIT_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang audit events|verify`: the raw events with their whole envelopes
// (EventLogService.Read) and a verification of the whole log (R9.4, R9.5).
CommandGroup AuditCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_AUDIT_COMMANDS_H_
