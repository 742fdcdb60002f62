// The tournament configurations shipped in deploy/examples/, as they were
// when the binary was built: the 2016 Sichuan regulation first, then its
// variant under the 2011 national rules. `qiwang demo` plays the first; the
// organiser's page offers each as a template. Thread-safe, pure.
#ifndef QIWANG_CLIENTS_EXAMPLES_SHIPPED_CONFIGS_H_
#define QIWANG_CLIENTS_EXAMPLES_SHIPPED_CONFIGS_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::examples {

// A shipped file: its name ("sichuan-2016.json") and its protobuf JSON.
struct ShippedConfigText {
  absl::string_view file_name;
  absl::string_view json;
};

// Every shipped file, in the order above (generated at build time).
const std::vector<ShippedConfigText>& ShippedConfigTexts();

// A shipped configuration read: the message, and its JSON as protobuf
// writes it (what a form is prefilled from).
struct ShippedConfig {
  std::string file_name;
  v1::TournamentConfig config;
  std::string json;
};

// The shipped configurations, parsed once, in the order above.
const std::vector<ShippedConfig>& ShippedConfigs();

// The 2016 Sichuan configuration's text (sichuan-2016.json).
absl::string_view Sichuan2016Json();

}  // namespace qiwang::examples

#endif  // QIWANG_CLIENTS_EXAMPLES_SHIPPED_CONFIGS_H_
