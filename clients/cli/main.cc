// qiwang: the command-line client of qiwangd. Each command is one RPC; see
// `qiwang --help`.
#include <string>
#include <vector>

#include "clients/cli/admin_commands.h"
#include "clients/cli/checkin_commands.h"
#include "clients/cli/cli.h"
#include "clients/cli/log_commands.h"
#include "clients/cli/player_commands.h"
#include "clients/cli/station_commands.h"
#include "clients/cli/tournament_commands.h"

int main(int argc, char** argv) {
  const std::vector<qiwang::cli::CommandGroup> groups = {
      qiwang::cli::TournamentCommands(), qiwang::cli::StationCommands(),
      qiwang::cli::PlayerCommands(),     qiwang::cli::PlayersCommands(),
      qiwang::cli::QualifierCommands(),  qiwang::cli::CheckInCommands(),
      qiwang::cli::AdminCommands(),      qiwang::cli::LogCommands(),
  };
  return qiwang::cli::RunCli(std::vector<std::string>(argv + 1, argv + argc),
                             groups);
}
