// Test support: writes a crosstable game by game, filling both players'
// records so they always mirror each other (R5.3). Used only by tests.
#ifndef QIWANG_TESTS_RULES_RANKING_CROSSTABLE_H_
#define QIWANG_TESTS_RULES_RANKING_CROSSTABLE_H_

#include <map>
#include <vector>

#include "services/rules/core/records.h"

namespace qiwang::rules::test_support {

enum class Result { kRedWins, kDraw, kBlackWins };

class Crosstable {
 public:
  // Players 1..count, pairing number = id, `rounds` rounds all kAbsent.
  Crosstable(int count, int rounds) {
    for (PlayerId id = 1; id <= count; ++id) {
      PlayerRecord& record = players_[id];
      record.id = id;
      record.pairing_number = static_cast<int>(id);
      record.rounds.resize(rounds);
    }
  }

  Crosstable& Game(int round, PlayerId red, PlayerId black, Result result) {
    const Outcome red_outcome = result == Result::kRedWins ? Outcome::kWin
                                : result == Result::kDraw  ? Outcome::kDraw
                                                           : Outcome::kLoss;
    const Outcome black_outcome = result == Result::kRedWins ? Outcome::kLoss
                                  : result == Result::kDraw  ? Outcome::kDraw
                                                             : Outcome::kWin;
    Set(round, red, black, Colour::kRed, red_outcome);
    Set(round, black, red, Colour::kBlack, black_outcome);
    return *this;
  }
  // `present` wins by forfeit against `absent` (对方弃权).
  Crosstable& Forfeit(int round, PlayerId present, Colour present_colour,
                      PlayerId absent) {
    Set(round, present, absent, present_colour, Outcome::kForfeitWin);
    Set(round, absent, present, Opposite(present_colour),
        Outcome::kForfeitLoss);
    return *this;
  }
  Crosstable& DoubleForfeit(int round, PlayerId red, PlayerId black) {
    Set(round, red, black, Colour::kRed, Outcome::kDoubleForfeit);
    Set(round, black, red, Colour::kBlack, Outcome::kDoubleForfeit);
    return *this;
  }
  Crosstable& Bye(int round, PlayerId player) {
    RoundRecord bye;
    bye.outcome = Outcome::kBye;
    players_[player].rounds[round - 1] = bye;
    return *this;
  }
  Crosstable& Withdraw(PlayerId player) {
    players_[player].withdrawn = true;
    return *this;
  }
  Crosstable& Fouls(PlayerId player, int fouls) {
    players_[player].fouls = fouls;
    return *this;
  }

  std::vector<PlayerRecord> Records() const {
    std::vector<PlayerRecord> records;
    for (const auto& [id, record] : players_) records.push_back(record);
    return records;
  }

 private:
  void Set(int round, PlayerId player, PlayerId opponent, Colour colour,
           Outcome outcome) {
    players_[player].rounds[round - 1] = {
        .opponent = opponent, .colour = colour, .outcome = outcome};
  }

  std::map<PlayerId, PlayerRecord> players_;
};

}  // namespace qiwang::rules::test_support

#endif  // QIWANG_TESTS_RULES_RANKING_CROSSTABLE_H_
