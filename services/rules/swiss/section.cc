#include "services/rules/swiss/section.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::rules::swiss {
namespace {

std::pair<PlayerId, PlayerId> PairKey(PlayerId a, PlayerId b) {
  return a < b ? std::pair(a, b) : std::pair(b, a);
}

int ColourBalance(const ColourHistory& history) {
  return history.reds - history.blacks;
}

int BalanceAfter(const ColourHistory& history, Colour colour) {
  return ColourBalance(history) + (colour == Colour::kRed ? 1 : -1);
}

ColourHistory ColoursPlayed(const PlayerRecord& player) {
  ColourHistory history;
  std::optional<Colour> before_last;
  for (const RoundRecord& round : player.rounds) {
    if (!PlayedOverTheBoard(round.outcome) || !round.colour.has_value()) {
      continue;
    }
    (*round.colour == Colour::kRed ? history.reds : history.blacks)++;
    before_last = history.last;
    history.last = round.colour;
  }
  history.last_two_same =
      before_last.has_value() && before_last == history.last;
  return history;
}

absl::Status CheckRecord(const PlayerRecord& player, int round,
                         const absl::flat_hash_set<PlayerId>& known) {
  if (static_cast<int>(player.rounds.size()) != round - 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("rounds: player ", player.id, " has ",
                     player.rounds.size(), " round records, expected ",
                     round - 1, " before pairing round ", round));
  }
  for (int r = 0; r < round - 1; ++r) {
    const RoundRecord& record = player.rounds[r];
    if (record.outcome == Outcome::kPending) {
      return absl::InvalidArgumentError(
          absl::StrCat("R6.2: player ", player.id, " has no result in round ",
                       r + 1, "; a round is paired on final results only"));
    }
    if (record.opponent != kNoPlayer && !known.contains(record.opponent)) {
      return absl::InvalidArgumentError(
          absl::StrCat("rounds.opponent: player ", player.id, " round ", r + 1,
                       " names unknown opponent ", record.opponent));
    }
  }
  return absl::OkStatus();
}

}  // namespace

bool ColourAllowed(const ColourHistory& history, Colour colour) {
  if (history.last_two_same && history.last == colour) return false;
  return std::abs(BalanceAfter(history, colour)) <= 2;
}

bool RepeatsLastColour(const ColourHistory& history, Colour colour) {
  return history.last == colour;
}

bool WidensImbalance(const ColourHistory& history, Colour colour) {
  const int balance = ColourBalance(history);
  return balance != 0 &&
         std::abs(BalanceAfter(history, colour)) > std::abs(balance);
}

absl::StatusOr<Section> Section::Build(const std::vector<PlayerRecord>& players,
                                       int round, const SwissConfig& config) {
  if (round < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("round: must be at least 1, got ", round));
  }
  Section section;
  section.round_ = round;
  section.same_unit_rule_ = SameUnitRuleFor(config.same_unit, round);
  absl::flat_hash_set<PlayerId> ids;
  absl::flat_hash_set<int> pairing_numbers;
  for (const PlayerRecord& player : players) {
    if (player.id <= 0 || !ids.insert(player.id).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "id: player id ", player.id, " is not positive or appears twice"));
    }
    if (player.pairing_number <= 0 ||
        !pairing_numbers.insert(player.pairing_number).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "pairing_number: player ", player.id, " has pairing number ",
          player.pairing_number, ", which is not positive or not unique"));
    }
  }
  for (const PlayerRecord& player : players) {
    if (absl::Status status = CheckRecord(player, round, ids); !status.ok()) {
      return status;
    }
    for (const RoundRecord& record : player.rounds) {
      if (record.opponent != kNoPlayer) {
        section.met_.insert(PairKey(player.id, record.opponent));
      }
    }
    if (player.withdrawn) {
      section.withdrawn_.insert(player.id);
      continue;
    }
    Entrant entrant;
    entrant.id = player.id;
    entrant.pairing_number = player.pairing_number;
    entrant.score = player.Score(config.scoring);
    entrant.colours = ColoursPlayed(player);
    entrant.had_bye = std::any_of(
        player.rounds.begin(), player.rounds.end(),
        [](const RoundRecord& r) { return r.outcome == Outcome::kBye; });
    entrant.unit = player.unit;
    section.entrants_.push_back(entrant);
  }
  std::sort(section.entrants_.begin(), section.entrants_.end(),
            [](const Entrant& a, const Entrant& b) {
              if (a.score != b.score) return a.score > b.score;
              return a.pairing_number < b.pairing_number;
            });
  for (int i = 0; i < section.size(); ++i) {
    Entrant& entrant = section.entrants_[i];
    if (i == 0 || entrant.score != section.entrants_[i - 1].score) {
      section.group_begin_.push_back(i);
    }
    entrant.group = section.group_count() - 1;
    entrant.position = i - section.group_begin_.back();
    section.index_of_[entrant.id] = i;
  }
  return section;
}

int Section::group_size(int group) const {
  const int end = group + 1 < group_count() ? group_begin_[group + 1] : size();
  return end - group_begin_[group];
}

std::optional<int> Section::IndexOf(PlayerId id) const {
  auto it = index_of_.find(id);
  if (it == index_of_.end()) return std::nullopt;
  return it->second;
}

bool Section::HaveMet(int a, int b) const {
  return met_.contains(PairKey(entrants_[a].id, entrants_[b].id));
}

bool Section::SameUnit(int a, int b) const {
  const std::string& unit = entrants_[a].unit;
  return !unit.empty() && unit == entrants_[b].unit;
}

bool Section::MayMeet(int a, int b) const {
  if (HaveMet(a, b)) return false;
  return same_unit_rule_ != SameUnitRule::kForbidden || !SameUnit(a, b);
}

}  // namespace qiwang::rules::swiss
