// Ranking speed (part of pairing_bench): 10,000 players after 11 rounds with
// the regulation's chain (R7.1 + R7.2), target <= 50 ms, against a baseline
// measured in the same run: computing scores and sorting by score alone.
// BM_RankRegulationChain reports `x_baseline` = its mean time / the
// baseline's mean time (run the baseline first, as registered).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "services/rules/ranking/ranking.h"
#include "services/rules/roundrobin/split_mix64.h"

namespace qiwang::rules {
namespace {

constexpr int kPlayers = 10000;
constexpr int kRounds = 11;

// Random pairings every round (repeats allowed; ranking does not care),
// results consistent on both sides: red wins 40%, draw 20%, black wins 40%;
// up to two fouls each. Seeded, so every run ranks the same section.
std::vector<PlayerRecord> RandomSection(uint64_t seed) {
  SplitMix64 random(seed);
  std::vector<PlayerRecord> players(kPlayers);
  std::vector<int> order(kPlayers);
  for (int i = 0; i < kPlayers; ++i) {
    players[i].id = i + 1;
    players[i].pairing_number = i + 1;
    players[i].fouls = static_cast<int>(random.UniformBelow(10)) / 8;
    order[i] = i;
  }
  for (int round = 0; round < kRounds; ++round) {
    for (int i = kPlayers - 1; i > 0; --i) {
      std::swap(order[i], order[random.UniformBelow(i + 1)]);
    }
    for (int board = 0; board < kPlayers / 2; ++board) {
      PlayerRecord& red = players[order[2 * board]];
      PlayerRecord& black = players[order[2 * board + 1]];
      const uint64_t roll = random.UniformBelow(10);
      const Outcome red_outcome = roll < 4   ? Outcome::kWin
                                  : roll < 6 ? Outcome::kDraw
                                             : Outcome::kLoss;
      const Outcome black_outcome = roll < 4   ? Outcome::kLoss
                                    : roll < 6 ? Outcome::kDraw
                                               : Outcome::kWin;
      red.rounds.push_back({black.id, Colour::kRed, red_outcome});
      black.rounds.push_back({red.id, Colour::kBlack, black_outcome});
    }
  }
  return players;
}

const std::vector<PlayerRecord>& Section() {
  static const auto* section =
      new std::vector<PlayerRecord>(RandomSection(20161014));
  return *section;
}

double baseline_seconds_per_run = 0;

// Times each iteration with a steady clock so the two benchmarks can be
// compared in one run; Google Benchmark's own timing is reported as usual.
template <typename Body>
double MeanSeconds(benchmark::State& state, Body body) {
  double total = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    body();
    total +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }
  return state.iterations() > 0 ? total / state.iterations() : 0;
}

void BM_BaselineSortByScore(benchmark::State& state) {
  const std::vector<PlayerRecord>& section = Section();
  const Scoring scoring;
  baseline_seconds_per_run = MeanSeconds(state, [&] {
    std::vector<std::pair<int, PlayerId>> rows;
    rows.reserve(section.size());
    for (const PlayerRecord& player : section) {
      rows.push_back({player.Score(scoring), player.id});
    }
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    benchmark::DoNotOptimize(rows.data());
  });
  state.counters["ms"] = baseline_seconds_per_run * 1e3;
}
BENCHMARK(BM_BaselineSortByScore)->Unit(benchmark::kMillisecond);

void BM_RankRegulationChain(benchmark::State& state) {
  const std::vector<PlayerRecord>& section = Section();
  const RankingConfig config = SwissSectionPreset();
  bool ok = true;
  const double seconds = MeanSeconds(state, [&] {
    absl::StatusOr<Standings> standings = Rank(section, config);
    ok = ok && standings.ok();
    benchmark::DoNotOptimize(standings);
  });
  if (!ok) state.SkipWithError("Rank failed on the generated section");
  state.counters["ms"] = seconds * 1e3;
  if (baseline_seconds_per_run > 0) {
    state.counters["x_baseline"] = seconds / baseline_seconds_per_run;
  }
}
BENCHMARK(BM_RankRegulationChain)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace qiwang::rules
