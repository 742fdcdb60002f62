#include "services/rules/swiss/checker.h"

#include <cstdlib>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::rules::swiss {
namespace {

const char* ColourName(Colour colour) {
  return colour == Colour::kRed ? "red" : "black";
}

class Checker {
 public:
  explicit Checker(const Section& section)
      : section_(section), seen_(section.size(), 0) {
    result_.cost.score_gaps.assign(section.group_count(), 0);
  }

  absl::Status Run(const RoundPairing& pairing) {
    for (const Board& board : pairing.boards) {
      if (absl::Status status = CheckBoard(board); !status.ok()) return status;
    }
    if (pairing.bye != kNoPlayer) {
      if (absl::Status status = CheckBye(pairing.bye); !status.ok()) {
        return status;
      }
    }
    CheckEveryoneOnce(pairing.bye != kNoPlayer);
    return absl::OkStatus();
  }

  PairingCheck Take() { return std::move(result_); }

 private:
  void Report(const char* rule, const char* kind, std::vector<PlayerId> players,
              std::string message, std::string colour = "") {
    result_.violations.push_back({rule, kind, std::move(players),
                                  std::move(colour),
                                  absl::StrCat(rule, ": ", message)});
  }

  // The entrant index of a seated player, or nullopt (after reporting) for a
  // withdrawn player.
  absl::StatusOr<std::optional<int>> Seat(PlayerId id) {
    if (std::optional<int> index = section_.IndexOf(id)) {
      if (++seen_[*index] == 2) {
        Report("R6.2", "paired_twice", {id},
               absl::StrCat("player ", id, " is paired more than once"));
      }
      return index;
    }
    if (section_.IsWithdrawn(id)) {
      Report(
          "R4.4", "withdrawn", {id},
          absl::StrCat("player ", id, " has withdrawn and may not be paired"));
      return std::nullopt;
    }
    return absl::InvalidArgumentError(
        absl::StrCat("boards: player ", id, " is not in this section"));
  }

  absl::Status CheckBoard(const Board& board) {
    if (board.red == board.black) {
      return absl::InvalidArgumentError(absl::StrCat(
          "boards: player ", board.red, " is seated against himself"));
    }
    absl::StatusOr<std::optional<int>> red = Seat(board.red);
    if (!red.ok()) return red.status();
    absl::StatusOr<std::optional<int>> black = Seat(board.black);
    if (!black.ok()) return black.status();
    if (!red->has_value() || !black->has_value()) return absl::OkStatus();
    const int r = **red;
    const int b = **black;
    if (section_.HaveMet(r, b)) {
      Report("R6.3", "already_met", {board.red, board.black},
             absl::StrCat("players ", board.red, " and ", board.black,
                          " have already met"));
    }
    if (section_.same_unit_rule() == SameUnitRule::kForbidden &&
        section_.SameUnit(r, b)) {
      Report("N13.4", "same_unit", {board.red, board.black},
             absl::StrCat("players ", board.red, " and ", board.black,
                          " represent one unit (", section_.at(r).unit,
                          ") and may not meet in round ", section_.round()));
    }
    CheckColour(r, Colour::kRed);
    CheckColour(b, Colour::kBlack);
    AddBoardCost(r, b);
    return absl::OkStatus();
  }

  void CheckColour(int index, Colour colour) {
    const Entrant& player = section_.at(index);
    if (ColourAllowed(player.colours, colour)) return;
    if (player.colours.last_two_same && player.colours.last == colour) {
      Report("R6.3", "colour_third_time", {player.id},
             absl::StrCat("player ", player.id, " would play ",
                          ColourName(colour), " a third time in a row"),
             ColourName(colour));
    } else {
      Report("R6.3", "colour_imbalance", {player.id},
             absl::StrCat("player ", player.id,
                          " would have red and black "
                          "counts differing by more than 2 after playing ",
                          ColourName(colour)),
             ColourName(colour));
    }
  }

  // Score gap and top-half distance of one board, then each player's colour.
  void AddBoardCost(int red, int black) {
    const Entrant& high = section_.at(std::min(red, black));
    const Entrant& low = section_.at(std::max(red, black));
    CostVector& cost = result_.cost;
    cost.score_gaps[high.group] += high.score - low.score;
    if (high.group == low.group) {
      const int ideal_offset = section_.group_size(high.group) / 2;
      cost.half_distance +=
          std::abs(low.position - high.position - ideal_offset);
    } else {
      cost.half_distance += low.position;
    }
    if (section_.same_unit_rule() == SameUnitRule::kWeak &&
        section_.SameUnit(red, black)) {
      ++cost.same_unit_boards;
    }
    for (const auto& [index, colour] :
         {std::pair(red, Colour::kRed), std::pair(black, Colour::kBlack)}) {
      const ColourHistory& history = section_.at(index).colours;
      cost.colour_repeats += RepeatsLastColour(history, colour) ? 1 : 0;
      cost.colour_imbalances += WidensImbalance(history, colour) ? 1 : 0;
    }
  }

  absl::Status CheckBye(PlayerId id) {
    absl::StatusOr<std::optional<int>> seat = Seat(id);
    if (!seat.ok()) return seat.status();
    if (!seat->has_value()) return absl::OkStatus();
    const int bye = **seat;
    if (section_.at(bye).had_bye) {
      Report("R6.3", "second_bye", {id},
             absl::StrCat("player ", id, " already had a bye"));
    }
    for (int i = bye + 1; i < section_.size(); ++i) {
      if (!section_.at(i).had_bye) ++result_.cost.bye_rank;
    }
    return absl::OkStatus();
  }

  void CheckEveryoneOnce(bool has_bye) {
    const bool odd = section_.size() % 2 == 1;
    if (has_bye && !odd) {
      Report("R6.4", "bye_parity", {},
             "a bye is given although the number of players is even");
    }
    if (!has_bye && odd) {
      Report("R6.4", "bye_parity", {},
             "the number of players is odd but nobody has the bye");
    }
    for (int i = 0; i < section_.size(); ++i) {
      if (seen_[i] == 0) {
        const PlayerId id = section_.at(i).id;
        Report("R6.2", "unpaired", {id},
               absl::StrCat("player ", id,
                            " is neither paired nor given the bye"));
      }
    }
  }

  const Section& section_;
  std::vector<int> seen_;
  PairingCheck result_;
};

}  // namespace

absl::StatusOr<PairingCheck> CheckPairing(const Section& section,
                                          const RoundPairing& pairing) {
  Checker checker(section);
  if (absl::Status status = checker.Run(pairing); !status.ok()) return status;
  return checker.Take();
}

absl::StatusOr<PairingCheck> CheckPairing(
    const std::vector<PlayerRecord>& players, int round,
    const SwissConfig& config, const RoundPairing& pairing) {
  absl::StatusOr<Section> section = Section::Build(players, round, config);
  if (!section.ok()) return section.status();
  return CheckPairing(*section, pairing);
}

}  // namespace qiwang::rules::swiss
