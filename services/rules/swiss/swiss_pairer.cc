#include "services/rules/swiss/swiss_pairer.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "services/rules/swiss/candidate_graph.h"
#include "services/rules/swiss/candidate_window.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/swiss/edge_weight.h"
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"
#include "services/rules/swiss/optimality_certificate.h"
#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {
namespace {

Colour BoardColour(const SwissConfig& config, int board_index) {
  const Colour first = Board1Colour(config.colour_seed);
  return board_index % 2 == 0 ? first : Opposite(first);
}

Board Seat(PlayerId higher, PlayerId lower, Colour higher_colour) {
  return higher_colour == Colour::kRed ? Board{higher, lower}
                                       : Board{lower, higher};
}

// R6.1: entrants are in pairing-number order (all scores are 0).
RoundPairing PairRoundOne(const Section& section, const SwissConfig& config) {
  RoundPairing pairing;
  int paired = section.size();
  if (paired % 2 == 1) pairing.bye = section.at(--paired).id;
  const int half = paired / 2;
  for (int board = 0; board < half; ++board) {
    const bool adjacent = config.round1_method == Round1Method::kAdjacent;
    const int higher = adjacent ? 2 * board : board;
    const int lower = adjacent ? 2 * board + 1 : board + half;
    pairing.boards.push_back(Seat(section.at(higher).id, section.at(lower).id,
                                  BoardColour(config, board)));
  }
  return pairing;
}

// Column generation: pairs whose dual constraint fails are added to the
// candidate graph and the matching is solved again, a few times per window
// before the window itself is widened (which bounds the loop: the complete
// window needs no certificate).
constexpr int kMaxPairsAddedPerSolve = 4096;
constexpr int kMaxSolvesPerWindow = 4;

absl::Status NoLegalPairing(const Section& section,
                            const MatchingGraph& graph) {
  std::vector<std::pair<int, int>> pairs;
  for (const CostEdge& edge : graph.edges) pairs.emplace_back(edge.u, edge.v);
  std::vector<std::string> unmatched;
  for (int node : UnmatchedByMaximumMatching(graph.node_count, pairs)) {
    unmatched.push_back(
        node < section.size()
            ? absl::StrCat("player ", section.at(node).id)
            : std::string("the bye (every player has had one)"));
  }
  const std::string criteria =
      section.same_unit_rule() == SameUnitRule::kForbidden
          ? absl::StrCat(
                "red/black within 2, no second bye and no two players "
                "of one unit in round ",
                section.round(), " (N13.4)")
          : "red/black within 2 and no second bye";
  return absl::FailedPreconditionError(absl::StrCat(
      "R6.3: no legal pairing: with no rematch, no third colour in a row, ",
      criteria, ", at least ", unmatched.size(),
      " cannot be placed; a maximum legal pairing leaves out ",
      absl::StrJoin(unmatched, ", ")));
}

RoundPairing ToPairing(const Section& section, const SwissConfig& config,
                       const PerfectMatching& matching) {
  RoundPairing pairing;
  std::vector<std::pair<int, int>> pairs;
  for (int u = 0; u < section.size(); ++u) {
    const int mate = matching.mate[u];
    if (mate >= section.size()) {
      pairing.bye = section.at(u).id;
    } else if (u < mate) {
      pairs.emplace_back(u, mate);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  for (int board = 0; board < static_cast<int>(pairs.size()); ++board) {
    const auto [higher, lower] = pairs[board];
    const PairChoice choice = *ChoosePair(section, higher, lower);
    const Colour higher_colour = choice.colours_tied
                                     ? BoardColour(config, board)
                                 : choice.higher_gets_red ? Colour::kRed
                                                          : Colour::kBlack;
    pairing.boards.push_back(
        Seat(section.at(higher).id, section.at(lower).id, higher_colour));
  }
  return pairing;
}

// N13.4: does `pairing` seat two players of one unit in a round where that
// is forbidden?
bool PairsOneUnit(const Section& section, const RoundPairing& pairing) {
  if (section.same_unit_rule() != SameUnitRule::kForbidden) return false;
  return std::any_of(pairing.boards.begin(), pairing.boards.end(),
                     [&](const Board& board) {
                       return section.SameUnit(*section.IndexOf(board.red),
                                               *section.IndexOf(board.black));
                     });
}

absl::StatusOr<PairedRound> PairLaterRound(const Section& section,
                                           const SwissConfig& config) {
  const EdgeCostLayout layout(section);
  const int nodes = section.size() + section.size() % 2;
  if (layout.total_bits() > MaxCostBits(nodes)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R6.5: the cost vector of this section needs ", layout.total_bits(),
        " bits, more than the matcher's ", MaxCostBits(nodes)));
  }
  PairedRound result;
  CandidateWindow window =
      CandidateWindow::Initial(section, config.candidate_window);
  std::vector<std::pair<int, int>> extra;
  int rounds_since_widening = 0;
  while (true) {
    const MatchingGraph graph =
        BuildCandidateGraph(section, layout, window, extra);
    ++result.solver_runs;
    std::optional<PerfectMatching> matching = SolveMinCostPerfectMatching(
        graph.node_count, graph.edges, layout.total_bits());
    if (!matching.has_value()) {
      if (window.complete) return NoLegalPairing(section, graph);
    } else {
      const std::vector<std::pair<int, int>> breaking = PairsBreakingDuals(
          section, layout, window, *matching, kMaxPairsAddedPerSolve);
      if (breaking.empty()) {
        result.pairing = ToPairing(section, config, *matching);
        return result;
      }
      if (++rounds_since_widening <= kMaxSolvesPerWindow) {
        extra.insert(extra.end(), breaking.begin(), breaking.end());
        continue;
      }
    }
    rounds_since_widening = 0;
    window = window.Widened(section);
  }
}

}  // namespace

absl::StatusOr<PairedRound> PairSwissRound(
    const std::vector<PlayerRecord>& players, int round,
    const SwissConfig& config) {
  if (config.candidate_window < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "candidate_window: must be at least 1, got ", config.candidate_window));
  }
  absl::StatusOr<Section> section = Section::Build(players, round, config);
  if (!section.ok()) return section.status();
  PairedRound result;
  if (round == 1) result.pairing = PairRoundOne(*section, config);
  if (round > 1 || PairsOneUnit(*section, result.pairing)) {
    absl::StatusOr<PairedRound> later = PairLaterRound(*section, config);
    if (!later.ok()) return later.status();
    result = *std::move(later);
  }
  absl::StatusOr<PairingCheck> check = CheckPairing(*section, result.pairing);
  if (!check.ok()) return check.status();
  if (!check->legal()) {
    return absl::InternalError(
        absl::StrCat("swiss engine produced an illegal pairing: ",
                     check->violations.front().message));
  }
  result.cost = std::move(check->cost);
  return result;
}

}  // namespace qiwang::rules::swiss
