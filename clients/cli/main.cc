// qiwang: the command-line client of qiwangd. Each command is one RPC; see
// `qiwang --help`.
#include <string>
#include <vector>

#include "clients/cli/cli.h"
#include "clients/cli/log_commands.h"

int main(int argc, char** argv) {
  const std::vector<qiwang::cli::CommandGroup> groups = {
      qiwang::cli::LogCommands(),
  };
  return qiwang::cli::RunCli(std::vector<std::string>(argv + 1, argv + argc),
                             groups);
}
