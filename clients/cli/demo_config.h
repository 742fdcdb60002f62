// The 2016 Sichuan configuration (deploy/examples/sichuan-2016.json) as it
// was when qiwang was built, so `qiwang demo` runs from any folder.
#ifndef QIWANG_CLIENTS_CLI_DEMO_CONFIG_H_
#define QIWANG_CLIENTS_CLI_DEMO_CONFIG_H_

#include "absl/strings/string_view.h"

namespace qiwang::cli {

// Protobuf JSON of a qiwang.v1.TournamentConfig.
absl::string_view Sichuan2016Config();

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_DEMO_CONFIG_H_
