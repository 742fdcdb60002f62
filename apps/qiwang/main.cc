// qiwang: the command-line client of qiwangd. Each command is one RPC (but
// `qiwang pair --trf`, which runs the engine offline); see
// `qiwang --help`.
#include <cstdio>
#include <string>
#include <vector>

#include "base/version.h"
#include "clients/cli/admin_commands.h"
#include "clients/cli/appeal_commands.h"
#include "clients/cli/audit_commands.h"
#include "clients/cli/checkin_commands.h"
#include "clients/cli/cli.h"
#include "clients/cli/demo_commands.h"
#include "clients/cli/export_commands.h"
#include "clients/cli/import_commands.h"
#include "clients/cli/log_commands.h"
#include "clients/cli/pair_commands.h"
#include "clients/cli/player_commands.h"
#include "clients/cli/result_commands.h"
#include "clients/cli/round_commands.h"
#include "clients/cli/ruling_commands.h"
#include "clients/cli/standings_commands.h"
#include "clients/cli/station_commands.h"
#include "clients/cli/tournament_commands.h"
#include "clients/cli/watch_commands.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "--version") {
    const bool json = args.size() == 2 && args[1] == "--json";
    std::printf(json ? "{\"version\":\"%s\"}\n" : "qiwang %s\n",
                qiwang::base::kVersion);
    return 0;
  }
  const std::vector<qiwang::cli::CommandGroup> groups = {
      qiwang::cli::TournamentCommands(), qiwang::cli::StationCommands(),
      qiwang::cli::PlayerCommands(),     qiwang::cli::PlayersCommands(),
      qiwang::cli::QualifierCommands(),  qiwang::cli::CheckInCommands(),
      qiwang::cli::RoundCommands(),      qiwang::cli::PairingsCommands(),
      qiwang::cli::ScheduleCommands(),   qiwang::cli::ResultCommands(),
      qiwang::cli::FoulCommands(),       qiwang::cli::StandingsCommands(),
      qiwang::cli::CrosstableCommands(), qiwang::cli::PrizesCommands(),
      qiwang::cli::WatchCommands(),      qiwang::cli::RulingCommands(),
      qiwang::cli::AppealCommands(),     qiwang::cli::WhatIfCommands(),
      qiwang::cli::LotsCommands(),       qiwang::cli::PlaceCommands(),
      qiwang::cli::AuditCommands(),      qiwang::cli::ExportCommands(),
      qiwang::cli::ImportCommands(),     qiwang::cli::AdminCommands(),
      qiwang::cli::LogCommands(),        qiwang::cli::DemoCommands(),
      qiwang::cli::PairCommands(),
  };
  return qiwang::cli::RunCli(args, groups);
}
