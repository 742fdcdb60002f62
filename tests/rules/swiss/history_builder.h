// Hand-made section histories for the Swiss tests: players 1..n with
// pairing number = id, and games added round by round.
#ifndef QIWANG_TESTS_RULES_SWISS_HISTORY_BUILDER_H_
#define QIWANG_TESTS_RULES_SWISS_HISTORY_BUILDER_H_

#include <vector>

#include "services/rules/core/records.h"

namespace qiwang::rules::swiss {

class HistoryBuilder {
 public:
  explicit HistoryBuilder(int players) {
    for (int id = 1; id <= players; ++id) {
      PlayerRecord player;
      player.id = id;
      player.pairing_number = id;
      players_.push_back(player);
    }
  }
  // A game of the current round; `red_outcome` is seen from red.
  HistoryBuilder& Game(PlayerId red, PlayerId black, Outcome red_outcome) {
    Add(red, {black, Colour::kRed, red_outcome});
    Add(black, {red, Colour::kBlack, MirrorOutcome(red_outcome)});
    return *this;
  }
  HistoryBuilder& Bye(PlayerId id) {
    Add(id, {kNoPlayer, std::nullopt, Outcome::kBye});
    return *this;
  }
  // Closes the round: everyone without a record is absent.
  HistoryBuilder& EndRound() {
    ++round_;
    for (PlayerRecord& player : players_) {
      if (static_cast<int>(player.rounds.size()) < round_) {
        player.rounds.push_back({});
      }
    }
    return *this;
  }
  HistoryBuilder& Withdraw(PlayerId id) {
    players_[id - 1].withdrawn = true;
    return *this;
  }
  const std::vector<PlayerRecord>& players() const { return players_; }

 private:
  void Add(PlayerId id, RoundRecord record) {
    players_[id - 1].rounds.push_back(record);
  }

  int round_ = 0;
  std::vector<PlayerRecord> players_;
};

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_TESTS_RULES_SWISS_HISTORY_BUILDER_H_
