#include "services/rules/tournament/round_robin_withdrawal.h"

#include "absl/container/flat_hash_map.h"
#include "services/rules/tournament/play_support.h"

namespace qiwang::rules::tournament {
namespace {

constexpr RoundRecord kCancelled = {kNoPlayer, std::nullopt, Outcome::kAbsent};

int GamesPlayed(const PlayerRecord& record) {
  int played = 0;
  for (const RoundRecord& round : record.rounds) {
    if (PlayedOverTheBoard(round.outcome)) ++played;
  }
  return played;
}

}  // namespace

void ApplyRoundRobinWithdrawals(absl::Span<const RoundRobinWithdrawn> withdrawn,
                                std::vector<PlayerRecord>& records) {
  absl::flat_hash_map<PlayerId, PlayerRecord*> by_id;
  for (PlayerRecord& record : records) by_id[record.id] = &record;
  for (const RoundRobinWithdrawn& player : withdrawn) {
    auto it = by_id.find(player.player);
    if (it == by_id.end()) continue;
    PlayerRecord& record = *it->second;
    const bool cancel = 2 * GamesPlayed(record) < player.scheduled_games;
    for (int r = 0; r < static_cast<int>(record.rounds.size()); ++r) {
      RoundRecord& mine = record.rounds[r];
      auto opponent = by_id.find(mine.opponent);
      RoundRecord* theirs =
          opponent == by_id.end() ||
                  static_cast<int>(opponent->second->rounds.size()) <= r
              ? nullptr
              : &opponent->second->rounds[r];
      if (cancel) {
        mine = kCancelled;
        if (theirs != nullptr) *theirs = kCancelled;
      } else if (mine.outcome == Outcome::kPending && theirs != nullptr) {
        mine.outcome = Outcome::kForfeitLoss;
        theirs->outcome = Outcome::kForfeitWin;
      }
    }
  }
}

std::vector<RoundRobinWithdrawn> RoundRobinWithdrawals(
    const TournamentState& state, const std::string& section_id) {
  std::vector<RoundRobinWithdrawn> withdrawn;
  const v1::Section* section = state.FindSection(section_id);
  const SectionPlay* play = state.FindSectionPlay(section_id);
  if (section == nullptr || play == nullptr || !IsRoundRobin(*section) ||
      section->round_robin_withdrawal() !=
          v1::ROUND_ROBIN_WITHDRAWAL_CANCEL_BELOW_HALF) {
    return withdrawn;
  }
  absl::flat_hash_map<int64_t, int> scheduled;
  for (const RoundEntry& round : play->rounds) {
    for (const BoardEntry& entry : round.boards) {
      ++scheduled[entry.board.red_player_id()];
      ++scheduled[entry.board.black_player_id()];
    }
  }
  for (const PlayerEntry& player : state.players()) {
    if (player.registration.section_id() != section_id ||
        player.status != v1::PLAYER_STATUS_WITHDRAWN ||
        player.withdrawal.from_round() <= 1) {
      continue;
    }
    withdrawn.push_back({player.id(), scheduled[player.id()]});
  }
  return withdrawn;
}

}  // namespace qiwang::rules::tournament
