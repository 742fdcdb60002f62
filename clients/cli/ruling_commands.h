#ifndef QIWANG_CLIENTS_CLI_RULING_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_RULING_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

// `qiwang ruling list|history`: the rulings, filtered, and the history of a
// ruling, a player or a board (AuditService, R9.4).
CommandGroup RulingCommands();
// `qiwang whatif (RULING_ID | --appeal N [--remedy ...])`: standings and
// prizes with and without a ruling, or with an appeal upheld (R9.4).
CommandGroup WhatIfCommands();
// `qiwang lots tie RANKING --players ...`: the chief arbiter's lots among
// tied players (R7.3).
CommandGroup LotsCommands();
// `qiwang place decline RANKING --player ID`: a declined national-final
// place (R8.3).
CommandGroup PlaceCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_RULING_COMMANDS_H_
