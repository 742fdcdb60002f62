// `qiwang pair --trf FILE`: the R6 Swiss engine on a TRF file, offline (no
// server): the next round's pairings in the bbpPairings/JaVaFo output form,
// or --check of the pairings already in the file (issue 17 §4).
#ifndef QIWANG_CLIENTS_CLI_PAIR_COMMANDS_H_
#define QIWANG_CLIENTS_CLI_PAIR_COMMANDS_H_

#include "clients/cli/cli.h"

namespace qiwang::cli {

CommandGroup PairCommands();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_PAIR_COMMANDS_H_
