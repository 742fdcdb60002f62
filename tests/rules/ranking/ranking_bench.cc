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
#include "tests/rules/ranking/random_section.h"

namespace qiwang::rules {
namespace {

constexpr int kPlayers = 10000;
constexpr int kRounds = 11;

const std::vector<PlayerRecord>& Section() {
  static const auto* section = new std::vector<PlayerRecord>(
      test_support::RandomSection(kPlayers, kRounds, 20161014));
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
