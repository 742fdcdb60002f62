#include "services/views/round_views.h"

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/rules/tournament/section_records.h"

namespace qiwang::views {
namespace {

using rules::tournament::BoardEntry;
using rules::tournament::RoundEntry;
using rules::tournament::SectionPlay;
using rules::tournament::TournamentState;

// Who is who in one round of one section: names, pairing numbers and scores
// before the round.
class RoundPeople {
 public:
  static absl::StatusOr<RoundPeople> Of(const TournamentState& state,
                                        const std::string& section_id,
                                        int round, const v1::LotsDrawn* lots) {
    absl::StatusOr<std::vector<rules::PlayerRecord>> records =
        rules::tournament::SectionRecordsBefore(state, section_id, round, lots);
    if (!records.ok()) return records.status();
    const rules::Scoring scoring = rules::tournament::ScoringOf(state.config());
    RoundPeople people(state);
    for (const rules::PlayerRecord& record : *records) {
      people.known_[record.id] = {record.pairing_number, record.Score(scoring)};
    }
    return people;
  }

  v1::PlayerRef Ref(int64_t player_id) const {
    v1::PlayerRef ref;
    ref.set_player_id(player_id);
    if (const rules::tournament::PlayerEntry* player =
            state_->FindPlayer(player_id)) {
      ref.set_name(player->person().name());
    }
    if (auto it = known_.find(player_id); it != known_.end()) {
      ref.set_pairing_number(it->second.pairing_number);
      ref.set_score_before(it->second.score);
    }
    return ref;
  }

 private:
  struct Known {
    int pairing_number = 0;
    int score = 0;
  };
  explicit RoundPeople(const TournamentState& state) : state_(&state) {}

  const TournamentState* state_;
  absl::flat_hash_map<int64_t, Known> known_;
};

void AddBoard(const RoundPeople& people, const v1::Board& board,
              v1::GameResult result, v1::RoundView& view) {
  v1::BoardView& out = *view.add_boards();
  out.set_number(board.number());
  *out.mutable_red() = people.Ref(board.red_player_id());
  *out.mutable_black() = people.Ref(board.black_player_id());
  out.set_result(result);
}

absl::StatusOr<v1::RoundView> PublishedView(const TournamentState& state,
                                            const SectionPlay& play,
                                            const RoundEntry& round) {
  absl::StatusOr<RoundPeople> people =
      RoundPeople::Of(state, play.section_id, round.round, nullptr);
  if (!people.ok()) return people.status();
  v1::RoundView view;
  view.set_section_id(play.section_id);
  view.set_round(round.round);
  for (const BoardEntry& board : round.boards) {
    AddBoard(*people, board.board, board.result, view);
  }
  if (round.bye_player_id != 0) {
    *view.mutable_bye() = people->Ref(round.bye_player_id);
  }
  view.set_amended(round.amended);
  view.set_published_position(round.published_position);
  view.set_complete(round.complete());
  return view;
}

absl::Status AddSection(const TournamentState& state, const SectionPlay& play,
                        int round, v1::ListPairingsResponse& response) {
  if (round > play.rounds_published()) {
    return absl::NotFoundError(absl::StrCat("round: section '", play.section_id,
                                            "' has ", play.rounds_published(),
                                            " rounds published, not ", round));
  }
  for (const RoundEntry& entry : play.rounds) {
    if (round > 0 && entry.round != round) continue;
    absl::StatusOr<v1::RoundView> view = PublishedView(state, play, entry);
    if (!view.ok()) return view.status();
    *response.add_rounds() = *std::move(view);
  }
  return absl::OkStatus();
}

absl::Status UnknownSection(const std::string& section_id) {
  return absl::NotFoundError(
      absl::StrCat("section_id: no section '", section_id, "'"));
}

}  // namespace

absl::StatusOr<v1::ListPairingsResponse> ListPairings(
    const TournamentState& state, const std::string& section_id, int round) {
  if (round < 0) {
    return absl::InvalidArgumentError("round: must be 0 (every round) or >= 1");
  }
  v1::ListPairingsResponse response;
  if (!section_id.empty()) {
    const SectionPlay* play = state.FindSectionPlay(section_id);
    if (play == nullptr) return UnknownSection(section_id);
    if (absl::Status added = AddSection(state, *play, round, response);
        !added.ok()) {
      return added;
    }
    return response;
  }
  for (const SectionPlay& play : state.section_plays()) {
    if (round > play.rounds_published()) continue;
    if (absl::Status added = AddSection(state, play, round, response);
        !added.ok()) {
      return added;
    }
  }
  return response;
}

absl::StatusOr<v1::RoundView> ProposalView(
    const TournamentState& state,
    const rules::tournament::PairingProposal& proposal) {
  if (proposal.rounds.empty()) {
    return absl::InternalError("the proposal pairs no round");
  }
  const v1::RoundPaired& round = proposal.rounds.front();
  absl::StatusOr<RoundPeople> people =
      RoundPeople::Of(state, round.section_id(), round.round(),
                      proposal.lots.has_value() ? &*proposal.lots : nullptr);
  if (!people.ok()) return people.status();
  v1::RoundView view;
  view.set_section_id(round.section_id());
  view.set_round(round.round());
  for (const v1::Board& board : round.boards()) {
    AddBoard(*people, board, v1::GAME_RESULT_UNSPECIFIED, view);
  }
  if (round.bye_player_id() != 0) {
    *view.mutable_bye() = people->Ref(round.bye_player_id());
  }
  return view;
}

absl::StatusOr<v1::GetScheduleResponse> Schedule(const TournamentState& state,
                                                 int64_t player_id) {
  const rules::tournament::PlayerEntry* player = state.FindPlayer(player_id);
  if (player == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("player_id: no player ", player_id));
  }
  v1::GetScheduleResponse response;
  const std::string& section_id = player->registration.section_id();
  const SectionPlay* play = state.FindSectionPlay(section_id);
  if (play == nullptr) return response;
  for (const RoundEntry& round : play->rounds) {
    v1::ScheduleEntry entry;
    entry.set_section_id(section_id);
    entry.set_round(round.round);
    int64_t opponent = 0;
    if (round.bye_player_id == player_id) {
      entry.set_board(0);
    } else {
      const BoardEntry* seat = nullptr;
      for (const BoardEntry& board : round.boards) {
        if (board.board.red_player_id() == player_id ||
            board.board.black_player_id() == player_id) {
          seat = &board;
          break;
        }
      }
      if (seat == nullptr) continue;  // absent from this round
      const bool red = seat->board.red_player_id() == player_id;
      entry.set_board(seat->board.number());
      entry.set_red(red);
      entry.set_result(seat->result);
      opponent =
          red ? seat->board.black_player_id() : seat->board.red_player_id();
    }
    if (opponent != 0) {
      absl::StatusOr<RoundPeople> people =
          RoundPeople::Of(state, section_id, round.round, nullptr);
      if (!people.ok()) return people.status();
      *entry.mutable_opponent() = people->Ref(opponent);
    }
    *response.add_entries() = std::move(entry);
  }
  return response;
}

}  // namespace qiwang::views
