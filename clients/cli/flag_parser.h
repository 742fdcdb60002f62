#ifndef QIWANG_CLIENTS_CLI_FLAG_PARSER_H_
#define QIWANG_CLIENTS_CLI_FLAG_PARSER_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace qiwang::cli {

// One flag a subcommand accepts: `--name=VALUE`, `--name VALUE`, or, for a
// switch (no value_name), just `--name`.
struct FlagSpec {
  std::string name;
  std::string value_name;  // empty: a switch that takes no value
  std::string help;
  bool repeated = false;
};

// The flags given on one command line. Not thread-safe.
class ParsedFlags {
 public:
  bool Has(const std::string& name) const { return values_.contains(name); }
  // The value given, or `fallback` when the flag is absent.
  std::string Get(const std::string& name, const std::string& fallback) const;
  // Every value of a repeated flag, in order.
  std::vector<std::string> All(const std::string& name) const;

 private:
  friend absl::StatusOr<ParsedFlags> ParseFlags(
      absl::Span<const FlagSpec>, const std::vector<std::string>&);
  absl::flat_hash_map<std::string, std::vector<std::string>> values_;
};

// INVALID_ARGUMENT naming the flag for unknown flags, missing values,
// repeats of a non-repeated flag and stray arguments. `-o` stands for
// `--output`.
absl::StatusOr<ParsedFlags> ParseFlags(absl::Span<const FlagSpec> specs,
                                       const std::vector<std::string>& args);

// True if `args` asks for help (--help or -h).
bool WantsHelp(const std::vector<std::string>& args);

// One line per flag: "  --name=VALUE  help".
std::string FlagUsage(absl::Span<const FlagSpec> specs);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_FLAG_PARSER_H_
