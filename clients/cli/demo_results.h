// The demo's simulated games: a result from the two strengths, with draws,
// the odd forfeit and a rare double forfeit, the same for the same seed and
// pairing whichever arbiter thread enters it. Pure; any caller.
#ifndef QIWANG_CLIENTS_CLI_DEMO_RESULTS_H_
#define QIWANG_CLIENTS_CLI_DEMO_RESULTS_H_

#include <cstdint>
#include <string>

#include "qiwang/v1/play_events.pb.h"

namespace qiwang::cli {

v1::GameResult SimulateResult(uint64_t seed, const std::string& section_id,
                              int round, int64_t red_player_id,
                              int64_t black_player_id, int red_strength,
                              int black_strength);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_DEMO_RESULTS_H_
