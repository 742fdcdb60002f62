// Swiss pairing speed (part of pairing_bench). Round 6 of an 11-round
// simulated event at 100, 1,000 and 10,000 players. Targets: 1,000 players
// <= 0.5 s, 10,000 <= 10 s with <= 2 GB peak RSS. Baselines, measured in the
// same run: re-checking the same round's pairing with the checker (reading
// the section once, linear work), reported as `x_check`; and the matcher
// alone on exactly the graph the engine's first solve is given
// (BM_SwissMatcherOnEngineGraph, registered first), reported as `x_matcher`:
// what the engine costs beyond the matching it cannot avoid.
// The last round (11) at 10,000 players against the floor at its own width,
// and what the matcher's value width costs on one graph. Also the larger
// engine-vs-brute-force comparison (must report 0 mismatches).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <utility>

#include "services/rules/sim/simulator.h"
#include "services/rules/swiss/brute_force.h"
#include "services/rules/swiss/candidate_graph.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"
#include "services/rules/swiss/swiss_pairer.h"

namespace qiwang::rules::swiss {
namespace {

constexpr int kRound = 6;

// The seeded event's records before `round`, simulated once per size and
// round.
const std::vector<PlayerRecord>& HistoryBefore(int players, int round) {
  static auto* histories =
      new std::map<std::pair<int, int>, std::vector<PlayerRecord>>();
  auto it = histories->find({players, round});
  if (it == histories->end()) {
    sim::SimulationParams params;
    params.seed = 2016;
    params.players = players;
    params.rounds = round - 1;
    it = histories
             ->emplace(std::pair(players, round), *sim::SimulateSwiss(params))
             .first;
  }
  return it->second;
}

double PeakRssMegabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

double SecondsToCheck(const std::vector<PlayerRecord>& players,
                      const RoundPairing& pairing) {
  const auto start = std::chrono::steady_clock::now();
  benchmark::DoNotOptimize(CheckPairing(players, kRound, {}, pairing));
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

// Per player count: the matcher's seconds on the engine's first graph.
std::map<int, double>& MatcherSeconds() {
  static auto* seconds = new std::map<int, double>();
  return *seconds;
}

// The candidate graph the engine's first solve is given in round 6.
struct EngineGraph {
  EdgeCostLayout layout;
  MatchingGraph graph;
};

std::optional<EngineGraph> EngineGraphOfRound6(int players,
                                               benchmark::State& state) {
  const SwissConfig config;
  absl::StatusOr<Section> section =
      Section::Build(HistoryBefore(players, kRound), kRound, config);
  if (!section.ok()) {
    state.SkipWithError(std::string(section.status().message()).c_str());
    return std::nullopt;
  }
  const EdgeCostLayout layout(*section);
  return EngineGraph{
      layout, BuildCandidateGraph(
                  *section, layout,
                  CandidateWindow::Initial(*section, config.candidate_window))};
}

// LEMON alone on `graph`: the seconds of the (single) iteration.
double SecondsToSolve(benchmark::State& state, const MatchingGraph& graph,
                      int cost_bits) {
  double seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(
        SolveMinCostPerfectMatching(graph.node_count, graph.edges, cost_bits));
    seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }
  state.counters["edges"] = static_cast<double>(graph.edges.size());
  return seconds;
}

void BM_SwissMatcherOnEngineGraph(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  const std::optional<EngineGraph> engine = EngineGraphOfRound6(count, state);
  if (!engine.has_value()) return;
  const int bits = engine->layout.total_bits();
  MatcherSeconds()[count] = SecondsToSolve(state, engine->graph, bits);
  state.counters["bits"] = bits;
}
BENCHMARK(BM_SwissMatcherOnEngineGraph)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

void BM_SwissPairRound6(benchmark::State& state) {
  const std::vector<PlayerRecord>& players =
      HistoryBefore(static_cast<int>(state.range(0)), kRound);
  PairedRound last;
  double pair_seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<PairedRound> paired =
        PairSwissRound(players, kRound, SwissConfig{});
    pair_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (!paired.ok()) {
      state.SkipWithError(std::string(paired.status().message()).c_str());
      return;
    }
    last = *std::move(paired);
  }
  const double check_seconds = SecondsToCheck(players, last.pairing);
  state.counters["solver_runs"] = last.solver_runs;
  state.counters["peak_rss_MB"] = PeakRssMegabytes();
  state.counters["check_s"] = check_seconds;
  state.counters["x_check"] = pair_seconds / check_seconds;
  const auto matcher = MatcherSeconds().find(static_cast<int>(state.range(0)));
  if (matcher != MatcherSeconds().end()) {
    state.counters["x_matcher"] = pair_seconds / matcher->second;
  }
}
BENCHMARK(BM_SwissPairRound6)
    ->Arg(100)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

// Seeded random costs of `bits` bits (SplitMix64), for graphs whose costs
// have no structure.
class RandomCosts {
 public:
  explicit RandomCosts(uint64_t seed) : seed_(seed) {}
  CostLimbs Next(int bits) {
    CostLimbs cost{};
    for (int bit = 0; bit < bits; bit += 64) {
      const int width = std::min(64, bits - bit);
      cost[bit / 64] = width == 64 ? Next64() : Next64() >> (64 - width);
    }
    return cost;
  }

 private:
  uint64_t Next64() {
    seed_ += 0x9e3779b97f4a7c15;
    uint64_t z = seed_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  }
  uint64_t seed_;
};

// Where LEMON's time on the engine's graph goes: the same graph (10,000
// players, round 6) with seeded random costs of the same width (arg 0), with
// the engine's costs (1), and with the engine's costs less the position
// field, half_distance (2). `x_random`: against arg 0.
std::optional<double>& RandomCostSeconds() {
  static std::optional<double> seconds;
  return seconds;
}

void BM_SwissMatcherCostStructure(benchmark::State& state) {
  const int variant = static_cast<int>(state.range(0));
  std::optional<EngineGraph> engine = EngineGraphOfRound6(10000, state);
  if (!engine.has_value()) return;
  const EdgeCostLayout& layout = engine->layout;
  RandomCosts random(2016);
  for (CostEdge& edge : engine->graph.edges) {
    if (variant == 0) edge.cost = random.Next(layout.total_bits());
    if (variant == 2) {
      for (int bit = layout.half_distance_offset();
           bit < layout.colour_offset(); ++bit) {
        edge.cost[bit / 64] &= ~(uint64_t{1} << (bit % 64));
      }
    }
  }
  const double seconds =
      SecondsToSolve(state, engine->graph, layout.total_bits());
  if (variant == 0) RandomCostSeconds() = seconds;
  if (variant != 0 && RandomCostSeconds().has_value()) {
    state.counters["x_random"] = seconds / *RandomCostSeconds();
  }
}
BENCHMARK(BM_SwissMatcherCostStructure)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

// The matcher's floor: LEMON alone on 10,000 nodes and 200,000 edges (each
// node to its next 20), seeded random costs of `bits` bits. 40 bits runs on
// int64_t, 90 on __int128, 170 (the round-6 layout at 10,000 players) on a
// 256-bit WideInt.
constexpr int kFloorNodes = 10000;

std::vector<CostEdge> FloorGraph(int bits) {
  RandomCosts random(2016);
  std::vector<CostEdge> edges;
  for (int u = 0; u < kFloorNodes; ++u) {
    for (int step = 1; step <= 20; ++step) {
      edges.push_back(CostEdge{u, (u + step) % kFloorNodes, random.Next(bits)});
    }
  }
  return edges;
}

void BM_MatcherFloor(benchmark::State& state) {
  const int bits = static_cast<int>(state.range(0));
  const std::vector<CostEdge> edges = FloorGraph(bits);
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        SolveMinCostPerfectMatching(kFloorNodes, edges, bits));
  }
  state.counters["edges"] = static_cast<double>(edges.size());
}
BENCHMARK(BM_MatcherFloor)
    ->Arg(40)
    ->Arg(90)
    ->Arg(170)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// What the width of the matcher's values costs: the floor's graph with
// 170-bit costs, solved as if the costs were `arg` bits wide, which selects
// a wider value type (4, 5, 6 and 8 limbs of 64 bits) for the same work.
// `x_4_limbs`: against the first.
void BM_MatcherValueWidth(benchmark::State& state) {
  static std::optional<double> four_limbs;
  const int bits = static_cast<int>(state.range(0));
  const std::vector<CostEdge> edges = FloorGraph(170);
  const double seconds =
      SecondsToSolve(state, MatchingGraph{kFloorNodes, edges}, bits);
  if (!four_limbs.has_value()) four_limbs = seconds;
  state.counters["x_4_limbs"] = seconds / *four_limbs;
}
BENCHMARK(BM_MatcherValueWidth)
    ->Arg(170)
    ->Arg(276)
    ->Arg(330)
    ->Arg(400)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

// The last round of an 11-round event: 21 score groups at 10,000 players, a
// cost vector of 260-280 bits where round 6 has 170. The floor is LEMON on
// the floor's random graph at the round's own width, timed in the same
// iteration: `x_floor`. The time is the round's alone.
void BM_SwissPairLastRound(benchmark::State& state) {
  constexpr int kLastRound = 11;
  const std::vector<PlayerRecord>& history =
      HistoryBefore(static_cast<int>(state.range(0)), kLastRound);
  const absl::StatusOr<Section> section =
      Section::Build(history, kLastRound, SwissConfig{});
  if (!section.ok()) {
    state.SkipWithError(std::string(section.status().message()).c_str());
    return;
  }
  const int bits = EdgeCostLayout(*section).total_bits();
  const std::vector<CostEdge> floor_edges = FloorGraph(bits);
  double pair_seconds = 0;
  double floor_seconds = 0;
  int solver_runs = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<PairedRound> paired =
        PairSwissRound(history, kLastRound, SwissConfig{});
    const auto paired_at = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(
        SolveMinCostPerfectMatching(kFloorNodes, floor_edges, bits));
    const auto floor_at = std::chrono::steady_clock::now();
    if (!paired.ok()) {
      state.SkipWithError(std::string(paired.status().message()).c_str());
      return;
    }
    pair_seconds = std::chrono::duration<double>(paired_at - start).count();
    floor_seconds = std::chrono::duration<double>(floor_at - paired_at).count();
    solver_runs = paired->solver_runs;
    state.SetIterationTime(pair_seconds);
  }
  state.counters["bits"] = bits;
  state.counters["solver_runs"] = solver_runs;
  state.counters["floor_ms"] = floor_seconds * 1000;
  state.counters["x_floor"] = pair_seconds / floor_seconds;
}
BENCHMARK(BM_SwissPairLastRound)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(1);

// How often the candidate window is not enough: over six seeded histories
// (2016, 1-5), rounds 2-6, how many rounds the certificate sent back for a
// second solve (each doubles a round's time). Not part of the timed runs:
// it replays 15 rounds per seed.
void BM_SwissRoundsNeedingASecondSolve(benchmark::State& state) {
  int rounds = 0;
  int second_solves = 0;
  int most_solves = 0;
  for (auto _ : state) {
    for (const uint64_t seed : {2016, 1, 2, 3, 4, 5}) {
      for (int round = 2; round <= kRound; ++round) {
        sim::SimulationParams params;
        params.seed = seed;
        params.players = static_cast<int>(state.range(0));
        params.rounds = round - 1;
        const std::vector<PlayerRecord> history = *sim::SimulateSwiss(params);
        absl::StatusOr<PairedRound> paired =
            PairSwissRound(history, round, SwissConfig{});
        if (!paired.ok()) {
          state.SkipWithError(std::string(paired.status().message()).c_str());
          return;
        }
        ++rounds;
        second_solves += paired->solver_runs > 1 ? 1 : 0;
        most_solves = std::max(most_solves, paired->solver_runs);
      }
    }
  }
  state.counters["rounds"] = rounds;
  state.counters["second_solves"] = second_solves;
  state.counters["most_solves"] = most_solves;
}
BENCHMARK(BM_SwissRoundsNeedingASecondSolve)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

// The larger optimality run: 20,000 more seeded histories of up to 12
// players, engine cost vector against the brute-force minimum.
void BM_SwissBruteForceAgreement(benchmark::State& state) {
  int mismatches = 0;
  int compared = 0;
  for (auto _ : state) {
    for (uint64_t seed = 100001; seed <= 120000; ++seed) {
      sim::SimulationParams params;
      params.seed = seed;
      params.players = 2 + static_cast<int>(seed % 11);
      params.rounds = 1 + static_cast<int>((seed / 11) % 7);
      const std::vector<PlayerRecord> players = sim::RandomHistory(params);
      const auto best =
          BruteForcePairing(players, params.rounds + 1, SwissConfig{});
      const auto engine =
          PairSwissRound(players, params.rounds + 1, SwissConfig{});
      ++compared;
      const bool agree =
          best.ok() &&
          (best->has_value() ? engine.ok() && engine->cost == (*best)->cost
                             : !engine.ok());
      mismatches += agree ? 0 : 1;
    }
  }
  state.counters["compared"] = compared;
  state.counters["mismatches"] = mismatches;
}
BENCHMARK(BM_SwissBruteForceAgreement)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
}  // namespace qiwang::rules::swiss
