#include "services/rules/tournament/play_state.h"

namespace qiwang::rules::tournament {

bool RoundEntry::complete() const {
  for (const BoardEntry& entry : boards) {
    if (entry.result == v1::GAME_RESULT_UNSPECIFIED) return false;
  }
  return true;
}

bool RoundEntry::started() const {
  for (const BoardEntry& entry : boards) {
    if (entry.result != v1::GAME_RESULT_UNSPECIFIED) return true;
  }
  return false;
}

const BoardEntry* RoundEntry::FindBoard(int number) const {
  if (number < 1 || number > static_cast<int>(boards.size())) return nullptr;
  return &boards[number - 1];
}

int SectionPlay::PairingNumber(int64_t player_id) const {
  if (!lots_drawn) return 0;
  for (int i = 0; i < lots.player_ids_size(); ++i) {
    if (lots.player_ids(i) == player_id) return i + 1;
  }
  return 0;
}

const RoundEntry* SectionPlay::FindRound(int round) const {
  if (round < 1 || round > rounds_published()) return nullptr;
  return &rounds[round - 1];
}

}  // namespace qiwang::rules::tournament
