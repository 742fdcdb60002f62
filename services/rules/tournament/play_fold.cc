// TournamentState's fold of the play events (R5, R6). Each event is checked
// whole before anything changes, so a refused event leaves the state as it
// was.
#include <string>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "base/timestamp.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {
namespace {

bool PlaysIn(const TournamentState& state, int64_t player_id,
             const std::string& section_id) {
  const PlayerEntry* player = state.FindPlayer(player_id);
  return player != nullptr && player->registration.section_id() == section_id;
}

bool IsResult(v1::GameResult result) {
  return result != v1::GAME_RESULT_UNSPECIFIED &&
         v1::GameResult_IsValid(result);
}

// Boards numbered from 1 in order, two different players of the section on
// each, nobody twice, the bye (if any) a player of the section not seated.
template <typename Boards>
absl::Status CheckPairingShape(const TournamentState& state,
                               const std::string& section_id,
                               const Boards& boards, int64_t bye) {
  absl::flat_hash_set<int64_t> seated;
  auto seat = [&](int64_t id, const std::string& place) -> absl::Status {
    if (!PlaysIn(state, id, section_id)) {
      return absl::FailedPreconditionError(absl::StrCat(
          place, ": player ", id, " is not in section '", section_id, "'"));
    }
    if (!seated.insert(id).second) {
      return absl::FailedPreconditionError(
          absl::StrCat(place, ": player ", id, " is seated twice"));
    }
    return absl::OkStatus();
  };
  int number = 0;
  for (const v1::Board& board : boards) {
    ++number;
    if (board.number() != number) {
      return absl::FailedPreconditionError(
          absl::StrCat("board ", board.number(), " is in place ", number));
    }
    const std::string place = absl::StrCat("board ", number);
    if (absl::Status s = seat(board.red_player_id(), place); !s.ok()) return s;
    if (absl::Status s = seat(board.black_player_id(), place); !s.ok()) {
      return s;
    }
  }
  if (bye != 0) {
    if (absl::Status s = seat(bye, "bye"); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status TournamentState::ApplyPlay(const v1::Event& event) {
  std::string section_id;
  switch (event.payload_case()) {
    case v1::Event::kLotsDrawn:
      section_id = event.lots_drawn().section_id();
      break;
    case v1::Event::kRoundPaired:
      section_id = event.round_paired().section_id();
      break;
    case v1::Event::kPairingAmended:
      section_id = event.pairing_amended().section_id();
      break;
    case v1::Event::kResultRecorded:
      section_id = event.result_recorded().section_id();
      break;
    case v1::Event::kResultCorrected:
      section_id = event.result_corrected().section_id();
      break;
    case v1::Event::kFoulRecorded:
      section_id = event.foul_recorded().section_id();
      break;
    default:
      return absl::InvalidArgumentError("not a play event");
  }
  SectionPlay* play = MutableSectionPlay(section_id);
  if (play == nullptr || FindSection(section_id) == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("no section '", section_id, "'"));
  }

  switch (event.payload_case()) {
    case v1::Event::kLotsDrawn: {
      const v1::LotsDrawn& lots = event.lots_drawn();
      if (play->lots_drawn) {
        return absl::FailedPreconditionError("lots are drawn already");
      }
      absl::flat_hash_set<int64_t> seen;
      for (int64_t id : lots.player_ids()) {
        if (!PlaysIn(*this, id, section_id) || !seen.insert(id).second) {
          return absl::FailedPreconditionError(
              absl::StrCat("lots: player ", id, " is unknown or repeated"));
        }
      }
      play->lots_drawn = true;
      play->lots = lots;
      return absl::OkStatus();
    }
    case v1::Event::kRoundPaired: {
      const v1::RoundPaired& paired = event.round_paired();
      if (paired.round() != play->rounds_published() + 1) {
        return absl::FailedPreconditionError(
            absl::StrCat("round ", paired.round(), " is not the next round ",
                         play->rounds_published() + 1));
      }
      if (absl::Status s = CheckPairingShape(*this, section_id, paired.boards(),
                                             paired.bye_player_id());
          !s.ok()) {
        return s;
      }
      RoundEntry& round = play->rounds.emplace_back();
      round.round = paired.round();
      for (const v1::Board& board : paired.boards()) {
        round.boards.emplace_back().board = board;
      }
      round.bye_player_id = paired.bye_player_id();
      round.published_position = event.position();
      round.paired_on_version = paired.paired_on_version();
      return absl::OkStatus();
    }
    case v1::Event::kPairingAmended: {
      const v1::PairingAmended& amended = event.pairing_amended();
      const RoundEntry* found = play->FindRound(amended.round());
      if (found == nullptr) {
        return absl::FailedPreconditionError(
            absl::StrCat("round ", amended.round(), " is not published"));
      }
      if (found->started()) {
        return absl::FailedPreconditionError(
            absl::StrCat("round ", amended.round(), " has started"));
      }
      if (absl::Status s = CheckPairingShape(
              *this, section_id, amended.boards(), amended.bye_player_id());
          !s.ok()) {
        return s;
      }
      RoundEntry& round = play->rounds[amended.round() - 1];
      round.boards.clear();
      for (const v1::Board& board : amended.boards()) {
        round.boards.emplace_back().board = board;
      }
      round.bye_player_id = amended.bye_player_id();
      round.amended = true;
      round.published_position = event.position();
      return absl::OkStatus();
    }
    case v1::Event::kResultRecorded:
    case v1::Event::kResultCorrected: {
      const bool correction = event.has_result_corrected();
      const int round_number = correction ? event.result_corrected().round()
                                          : event.result_recorded().round();
      const int board_number = correction ? event.result_corrected().board()
                                          : event.result_recorded().board();
      const v1::GameResult result = correction
                                        ? event.result_corrected().result()
                                        : event.result_recorded().result();
      const RoundEntry* round = play->FindRound(round_number);
      const BoardEntry* board =
          round == nullptr ? nullptr : round->FindBoard(board_number);
      if (board == nullptr) {
        return absl::FailedPreconditionError(absl::StrCat(
            "no board ", board_number, " in round ", round_number));
      }
      if (!IsResult(result)) {
        return absl::FailedPreconditionError("no result given");
      }
      const bool has_result = board->result != v1::GAME_RESULT_UNSPECIFIED;
      if (has_result != correction) {
        return absl::FailedPreconditionError(
            correction ? "a correction of a board without a result"
                       : "a second result for a board");
      }
      BoardEntry& entry =
          play->rounds[round_number - 1].boards[board_number - 1];
      entry.result = result;
      entry.ground = correction ? v1::RESULT_GROUND_UNSPECIFIED
                                : event.result_recorded().ground();
      entry.result_position = event.position();
      entry.result_actor = event.actor();
      entry.result_time = base::FromTimestamp(event.server_time());
      entry.corrected = correction;
      return absl::OkStatus();
    }
    case v1::Event::kFoulRecorded: {
      const v1::FoulRecorded& foul = event.foul_recorded();
      if (!PlaysIn(*this, foul.player_id(), section_id)) {
        return absl::FailedPreconditionError(
            absl::StrCat("player ", foul.player_id(), " is not in section '",
                         section_id, "'"));
      }
      if (play->FindRound(foul.round()) == nullptr) {
        return absl::FailedPreconditionError(
            absl::StrCat("round ", foul.round(), " is not published"));
      }
      FoulEntry& entry = play->fouls.emplace_back();
      entry.foul = foul;
      entry.position = event.position();
      entry.event_id = event.event_id();
      return absl::OkStatus();
    }
    default:
      return absl::InvalidArgumentError("not a play event");
  }
}

}  // namespace qiwang::rules::tournament
