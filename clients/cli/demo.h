// `qiwang demo`: plays a whole event against a running qiwangd (on a manual
// clock) through the public RPCs only: stations, registration, check-in with
// no-shows, close, every round of every section paired by the pairing
// officer, simulated results entered by several arbiter threads at once
// (with duplicate entries, one conflict and one correction), fouls, a
// withdrawal, then final standings and the prize list. Every command has a
// deterministic command id and every step first reads what is already done,
// so running it again resumes where it stopped. One call at a time per
// demo, except the arbiter threads of a round.
#ifndef QIWANG_CLIENTS_CLI_DEMO_H_
#define QIWANG_CLIENTS_CLI_DEMO_H_

#include <cstdint>
#include <map>
#include <string>

#include "clients/cli/cli_context.h"

namespace qiwang::cli {

struct DemoOptions {
  std::string tokens_path = "var/tokens";
  // Empty: the 2016 configuration built into qiwang (demo_config.h).
  std::string config_path;
  // Empty: the configuration's id.
  std::string tournament_id;
  // Players per section; sections left out are removed from the event.
  std::map<std::string, int> sizes;
  // Rounds of every Swiss section; 0: as configured.
  int swiss_rounds = 0;
  int arbiters = 4;  // threads entering results
  uint64_t seed = 2016;
  int no_shows = 2;
  // Stop after this round (0: play to the end); run again to resume.
  int stop_after_round = 0;
  // Standings rows printed per category (0: all).
  int standings_rows = 10;
};

// The sizes of the 2016 replay: about 200 players over the nine sections.
std::map<std::string, int> DefaultDemoSizes();

// Runs the demo; prints progress and the final tables to stdout; answers an
// exit code (kExitOk, kExitRpcError with the failing step on stderr).
int RunDemo(const CliContext& context, const DemoOptions& options);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_DEMO_H_
