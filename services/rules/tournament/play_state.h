// What has been played in one section (R5, R6): drawn lots, published rounds
// with their boards and results, and fouls, folded from the log by
// TournamentState. Plain values; not thread-safe (owned by a TournamentState).
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_PLAY_STATE_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_PLAY_STATE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/play_events.pb.h"

namespace qiwang::rules::tournament {

// A published board and the result that stands for it (the last of its
// ResultRecorded / ResultCorrected events, or an upheld appeal's remedy:
// RESULT_CHANGED sets it, GAME_REPLAYED clears it until the replay's result
// is recorded).
struct BoardEntry {
  v1::Board board;
  v1::GameResult result = v1::GAME_RESULT_UNSPECIFIED;
  // Why a result without a game stands (2011 rules, NL.1-NL.3); unspecified
  // for a result the board reported, and after a correction or a remedy.
  v1::ResultGround ground = v1::RESULT_GROUND_UNSPECIFIED;
  // The event that set the standing result: position, actor, server time.
  uint64_t result_position = 0;
  v1::Actor result_actor;
  absl::Time result_time = absl::InfinitePast();
  bool corrected = false;
};

// A published round of a section.
struct RoundEntry {
  int round = 0;
  std::vector<BoardEntry> boards;  // boards[i].board.number() == i + 1
  int64_t bye_player_id = 0;
  bool amended = false;             // R6.6
  uint64_t published_position = 0;  // of RoundPaired (or last amendment)
  uint64_t paired_on_version = 0;

  // Every board has a result.
  bool complete() const;
  // Some board has a result: the round has started (R6.6).
  bool started() const;
  const BoardEntry* FindBoard(int number) const;
};

// A recorded foul (R5.5) and where it is in the log (its ruling id is the
// event id). A foul an upheld appeal removed (R9.3) stays, marked, and no
// longer counts in R7.1.
struct FoulEntry {
  v1::FoulRecorded foul;
  uint64_t position = 0;
  std::string event_id;
  bool removed = false;
  uint64_t removed_position = 0;  // of the AppealDecided, when removed
};

// One section's play.
struct SectionPlay {
  std::string section_id;
  bool lots_drawn = false;
  v1::LotsDrawn lots;              // valid when lots_drawn
  std::vector<RoundEntry> rounds;  // rounds[r - 1] is round r, published only
  std::vector<FoulEntry> fouls;    // in log order

  // 1-based pairing number from the lots; 0 if the player has none.
  int PairingNumber(int64_t player_id) const;
  const RoundEntry* FindRound(int round) const;
  int rounds_published() const { return static_cast<int>(rounds.size()); }
};

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_PLAY_STATE_H_
