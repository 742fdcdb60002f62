#include "services/rules/sim/simulator.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "services/rules/sim/random_source.h"
#include "services/rules/swiss/swiss_pairer.h"

namespace qiwang::rules::sim {
namespace {

using swiss::Board;
using swiss::RoundPairing;

class Tournament {
 public:
  explicit Tournament(const SimulationParams& params)
      : params_(params), random_(params.seed) {
    for (int i = 1; i <= params.players; ++i) {
      PlayerRecord player;
      player.id = i;
      player.pairing_number = i;
      players_.push_back(player);
      strength_.push_back(static_cast<int>(random_.Below(1000)));
      entry_round_.push_back(random_.Chance(params.late_entry_ppm)
                                 ? 2 + static_cast<int>(random_.Below(2))
                                 : 1);
      index_[player.id] = i - 1;
    }
  }

  std::vector<PlayerRecord>& players() { return players_; }
  RandomSource& random() { return random_; }

  // Players who take part in round `round` (entered, not withdrawn).
  std::vector<PlayerRecord> Entrants(int round) const {
    std::vector<PlayerRecord> view = players_;
    for (size_t i = 0; i < view.size(); ++i) {
      if (entry_round_[i] > round) view[i].withdrawn = true;
    }
    return view;
  }

  void Play(const RoundPairing& pairing) {
    const size_t round = Played() + 1;
    for (const Board& board : pairing.boards) PlayBoard(board);
    if (pairing.bye != kNoPlayer)
      Record(pairing.bye, {kNoPlayer, {}, Outcome::kBye});
    for (PlayerRecord& player : players_) {
      if (player.rounds.size() < round) player.rounds.push_back({});
      if (!player.withdrawn && player.rounds.size() > 1 &&
          random_.Chance(params_.withdrawal_ppm)) {
        player.withdrawn = true;
      }
    }
  }

 private:
  size_t Played() const {
    size_t played = 0;
    for (const PlayerRecord& p : players_)
      played = std::max(played, p.rounds.size());
    return played;
  }

  void Record(PlayerId id, RoundRecord record) {
    players_[index_.at(id)].rounds.push_back(record);
  }

  void PlayBoard(const Board& board) {
    Outcome red = Outcome::kDraw;
    if (random_.Chance(params_.double_forfeit_ppm)) {
      red = Outcome::kDoubleForfeit;
    } else if (random_.Chance(params_.forfeit_ppm)) {
      red =
          random_.Below(2) == 0 ? Outcome::kForfeitWin : Outcome::kForfeitLoss;
    } else if (!random_.Chance(params_.draw_ppm)) {
      const int red_strength = strength_[index_.at(board.red)];
      const int black_strength = strength_[index_.at(board.black)];
      const int red_chance = 500 + (red_strength - black_strength) / 2;
      red = static_cast<int>(random_.Below(1000)) < red_chance ? Outcome::kWin
                                                               : Outcome::kLoss;
    }
    Record(board.red, {board.black, Colour::kRed, red});
    Record(board.black, {board.red, Colour::kBlack, MirrorOutcome(red)});
  }

  const SimulationParams& params_;
  RandomSource random_;
  std::vector<PlayerRecord> players_;
  std::vector<int> strength_;
  std::vector<int> entry_round_;
  absl::flat_hash_map<PlayerId, int> index_;
};

bool HadBye(const PlayerRecord& player) {
  return std::any_of(
      player.rounds.begin(), player.rounds.end(),
      [](const RoundRecord& r) { return r.outcome == Outcome::kBye; });
}

bool Met(const PlayerRecord& a, PlayerId b) {
  return std::any_of(a.rounds.begin(), a.rounds.end(),
                     [b](const RoundRecord& r) { return r.opponent == b; });
}

// Random partners, preferring (a few shuffles) ones who have not met.
RoundPairing RandomPairing(const std::vector<PlayerRecord>& entrants,
                           RandomSource& random) {
  std::vector<const PlayerRecord*> active;
  for (const PlayerRecord& p : entrants) {
    if (!p.withdrawn) active.push_back(&p);
  }
  RoundPairing best;
  int best_rematches = -1;
  for (int attempt = 0; attempt < 4; ++attempt) {
    random.Shuffle(active);
    RoundPairing pairing;
    size_t start = 0;
    if (active.size() % 2 == 1) {
      const bool prefer_fresh = random.Below(4) != 0;
      size_t pick = active.size() - 1;
      while (prefer_fresh && pick > 0 && HadBye(*active[pick])) --pick;
      std::swap(active[0], active[pick]);
      pairing.bye = active[0]->id;
      start = 1;
    }
    int rematches = 0;
    for (size_t i = start; i + 1 < active.size(); i += 2) {
      rematches += Met(*active[i], active[i + 1]->id) ? 1 : 0;
      pairing.boards.push_back({active[i]->id, active[i + 1]->id});
    }
    if (best_rematches < 0 || rematches < best_rematches) {
      best = pairing;
      best_rematches = rematches;
    }
  }
  return best;
}

}  // namespace

absl::StatusOr<std::vector<PlayerRecord>> SimulateSwiss(
    const SimulationParams& params) {
  Tournament tournament(params);
  for (int round = 1; round <= params.rounds; ++round) {
    absl::StatusOr<swiss::PairedRound> paired =
        swiss::PairSwissRound(tournament.Entrants(round), round, params.config);
    if (!paired.ok()) return paired.status();
    tournament.Play(paired->pairing);
  }
  return std::move(tournament.players());
}

std::vector<PlayerRecord> RandomHistory(const SimulationParams& params) {
  Tournament tournament(params);
  for (int round = 1; round <= params.rounds; ++round) {
    tournament.Play(
        RandomPairing(tournament.Entrants(round), tournament.random()));
  }
  return std::move(tournament.players());
}

}  // namespace qiwang::rules::sim
