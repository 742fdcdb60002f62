#include "clients/cli/demo_results.h"

#include <cmath>

#include "clients/cli/demo_random.h"

namespace qiwang::cli {

v1::GameResult SimulateResult(uint64_t seed, const std::string& section_id,
                              int round, int64_t red_player_id,
                              int64_t black_player_id, int red_strength,
                              int black_strength) {
  DemoRandom random(
      DemoSeed(seed, section_id, round, red_player_id, black_player_id));
  const double absent = random.Uniform();
  if (absent < 0.002) return v1::GAME_RESULT_DOUBLE_FORFEIT;
  if (absent < 0.007) return v1::GAME_RESULT_RED_WIN_BY_FORFEIT;
  if (absent < 0.012) return v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT;
  // Red moves first (R5.4) and is worth about 40 points.
  const double expected =
      1.0 /
      (1.0 + std::pow(10.0, (black_strength - red_strength - 40) / 400.0));
  const double draw = 0.32 * (1.0 - std::abs(2.0 * expected - 1.0)) + 0.08;
  const double outcome = random.Uniform();
  if (outcome < draw) return v1::GAME_RESULT_DRAW;
  return (outcome - draw) / (1.0 - draw) < expected ? v1::GAME_RESULT_RED_WIN
                                                    : v1::GAME_RESULT_BLACK_WIN;
}

}  // namespace qiwang::cli
