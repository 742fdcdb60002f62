// The one source of seeds for drawn lots: R6.1 round-one lots (PairRound,
// ProposeRound) and R7.3 tie lots (DrawTieLots). The rules read no random
// source; the server draws a seed once per command, passes it to the
// decision, and the event records it (LotsDrawn.seed, TieLotsDrawn.seed), so
// a replay of the log redraws nothing. Thread-safe; any caller in the server.
#ifndef QIWANG_SERVICES_SERVER_LOTS_SEED_H_
#define QIWANG_SERVICES_SERVER_LOTS_SEED_H_

#include <cstdint>

namespace qiwang::server {

// `requested` when the caller chose a seed (non-zero), else a fresh uniform
// seed in [1, 2^64 - 1]: never 0, which the events keep for "no seed" (an
// order drawn by hand, TieLotsDrawn).
uint64_t LotsSeed(uint64_t requested = 0);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_LOTS_SEED_H_
