// TournamentState's fold of rulings (R7.3, R8.3, R9.2, R9.3): the index of
// ruling events, appeals with the committee's decisions and their remedies,
// tie lots and declined places. Each event is checked whole before anything
// changes, so a refused event (one that no longer fits, e.g. in a what-if)
// leaves the state as it was.
#include <algorithm>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "base/timestamp.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {
namespace {

bool IsResult(v1::GameResult result) {
  return result != v1::GAME_RESULT_UNSPECIFIED &&
         v1::GameResult_IsValid(result);
}

bool OnBoardResult(v1::RulingKind kind) {
  return kind == v1::RULING_KIND_RESULT || kind == v1::RULING_KIND_FORFEIT ||
         kind == v1::RULING_KIND_CORRECTION;
}

void AddRoundPlayers(const RoundEntry& round, std::vector<int64_t>& ids) {
  for (const BoardEntry& entry : round.boards) {
    ids.push_back(entry.board.red_player_id());
    ids.push_back(entry.board.black_player_id());
  }
  if (round.bye_player_id != 0) ids.push_back(round.bye_player_id);
}

// Who appeals: the player, or the filing official's user.
std::string AppellantOf(const v1::AppealFiled& filed, const v1::Actor& by) {
  return filed.appellant_player_id() != 0
             ? absl::StrCat("player ", filed.appellant_player_id())
             : absl::StrCat("official '", by.user(), "'");
}

}  // namespace

std::optional<RulingRef> TournamentState::RulingRefOf(
    const v1::Event& event) const {
  const v1::RulingKind kind = RulingKindOf(event);
  if (kind == v1::RULING_KIND_UNSPECIFIED) return std::nullopt;
  RulingRef ref;
  ref.ruling_id = event.event_id();
  ref.kind = kind;
  ref.position = event.position();
  ref.server_time = base::FromTimestamp(event.server_time());
  ref.actor = event.actor();
  std::vector<int64_t>& ids = ref.player_ids;
  auto board_players = [&](const std::string& section, int round, int board) {
    ref.section_id = section;
    ref.round = round;
    ref.board = board;
    const SectionPlay* play = FindSectionPlay(section);
    const RoundEntry* r = play == nullptr ? nullptr : play->FindRound(round);
    const BoardEntry* b = r == nullptr ? nullptr : r->FindBoard(board);
    if (b == nullptr) return;
    ids.push_back(b->board.red_player_id());
    ids.push_back(b->board.black_player_id());
  };
  auto player_section = [&](int64_t player_id) {
    ids.push_back(player_id);
    if (const PlayerEntry* player = FindPlayer(player_id)) {
      ref.section_id = player->registration.section_id();
    }
  };
  switch (event.payload_case()) {
    case v1::Event::kResultRecorded: {
      const v1::ResultRecorded& r = event.result_recorded();
      board_players(r.section_id(), r.round(), r.board());
      break;
    }
    case v1::Event::kResultCorrected: {
      const v1::ResultCorrected& r = event.result_corrected();
      board_players(r.section_id(), r.round(), r.board());
      break;
    }
    case v1::Event::kFoulRecorded:
      ref.section_id = event.foul_recorded().section_id();
      ref.round = event.foul_recorded().round();
      ids.push_back(event.foul_recorded().player_id());
      break;
    case v1::Event::kPlayerWithdrawn:
      player_section(event.player_withdrawn().player_id());
      break;
    case v1::Event::kPlayerRegistered:
      ids.push_back(event.player_registered().player_id());
      ref.section_id = event.player_registered().section_id();
      break;
    case v1::Event::kPairingAmended: {
      // The players of the round before and after the amendment.
      const v1::PairingAmended& amended = event.pairing_amended();
      ref.section_id = amended.section_id();
      ref.round = amended.round();
      const SectionPlay* play = FindSectionPlay(amended.section_id());
      const RoundEntry* round =
          play == nullptr ? nullptr : play->FindRound(amended.round());
      if (round != nullptr) AddRoundPlayers(*round, ids);
      for (const v1::Board& board : amended.boards()) {
        ids.push_back(board.red_player_id());
        ids.push_back(board.black_player_id());
      }
      if (amended.bye_player_id() != 0) ids.push_back(amended.bye_player_id());
      break;
    }
    case v1::Event::kLotsDrawn:
      ref.section_id = event.lots_drawn().section_id();
      ids.assign(event.lots_drawn().player_ids().begin(),
                 event.lots_drawn().player_ids().end());
      break;
    case v1::Event::kTieLotsDrawn: {
      const v1::TieLotsDrawn& lots = event.tie_lots_drawn();
      if (FindSection(lots.ranking_id()) != nullptr) {
        ref.section_id = lots.ranking_id();
      }
      ids.assign(lots.player_ids().begin(), lots.player_ids().end());
      break;
    }
    case v1::Event::kFinalPlaceDeclined:
      ids.push_back(event.final_place_declined().player_id());
      if (FindSection(event.final_place_declined().ranking_id()) != nullptr) {
        ref.section_id = event.final_place_declined().ranking_id();
      }
      break;
    default:
      break;
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ref;
}

void TournamentState::IndexRuling(RulingRef ref) {
  // The ledger gives every event a unique id; an event without one (a
  // hand-built log) is listed but cannot be named.
  if (!ref.ruling_id.empty()) {
    ruling_index_.try_emplace(ref.ruling_id, rulings_.size());
  }
  rulings_.push_back(std::move(ref));
}

const RulingRef* TournamentState::FindRuling(
    const std::string& ruling_id) const {
  auto it = ruling_index_.find(ruling_id);
  return it == ruling_index_.end() ? nullptr : &rulings_[it->second];
}

const AppealEntry* TournamentState::FindAppeal(int appeal_number) const {
  if (appeal_number < 1 || appeal_number > static_cast<int>(appeals_.size())) {
    return nullptr;
  }
  return &appeals_[appeal_number - 1];
}

absl::Status TournamentState::ApplyRuling(const v1::Event& event) {
  switch (event.payload_case()) {
    case v1::Event::kAppealFiled:
      return ApplyAppealFiled(event);
    case v1::Event::kAppealDecided:
      return ApplyAppealDecided(event);
    case v1::Event::kTieLotsDrawn: {
      const v1::TieLotsDrawn& lots = event.tie_lots_drawn();
      if (lots.ranking_id().empty()) {
        return absl::FailedPreconditionError("tie lots without a ranking");
      }
      if (lots.player_ids_size() < 2) {
        return absl::FailedPreconditionError("tie lots among fewer than two");
      }
      absl::flat_hash_set<int64_t> seen;
      for (int64_t id : lots.player_ids()) {
        if (FindPlayer(id) == nullptr || !seen.insert(id).second) {
          return absl::FailedPreconditionError(
              absl::StrCat("tie lots: player ", id, " is unknown or repeated"));
        }
      }
      tie_lots_.push_back({.lots = lots, .position = event.position()});
      return absl::OkStatus();
    }
    case v1::Event::kFinalPlaceDeclined: {
      const v1::FinalPlaceDeclined& declined = event.final_place_declined();
      if (FindPlayer(declined.player_id()) == nullptr) {
        return absl::FailedPreconditionError(
            absl::StrCat("no player ", declined.player_id()));
      }
      for (const DeclineEntry& entry : declines_) {
        if (entry.declined.ranking_id() == declined.ranking_id() &&
            entry.declined.player_id() == declined.player_id()) {
          return absl::FailedPreconditionError(absl::StrCat(
              "player ", declined.player_id(), " declined in ranking '",
              declined.ranking_id(), "' already"));
        }
      }
      declines_.push_back({.declined = declined, .position = event.position()});
      return absl::OkStatus();
    }
    default:
      return absl::InvalidArgumentError("not a ruling event");
  }
}

absl::Status TournamentState::ApplyAppealFiled(const v1::Event& event) {
  const v1::AppealFiled& filed = event.appeal_filed();
  if (filed.appeal_number() != static_cast<int>(appeals_.size()) + 1) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", filed.appeal_number(),
                     " is not the next appeal ", appeals_.size() + 1));
  }
  const RulingRef* ruling = FindRuling(filed.ruling_id());
  if (ruling == nullptr || ruling->position != filed.ruling_position()) {
    return absl::FailedPreconditionError(
        absl::StrCat("no ruling '", filed.ruling_id(), "' at position ",
                     filed.ruling_position()));
  }
  const int64_t appellant = filed.appellant_player_id();
  if (appellant != 0 &&
      !std::binary_search(ruling->player_ids.begin(), ruling->player_ids.end(),
                          appellant)) {
    return absl::FailedPreconditionError(
        absl::StrCat("the ruling does not concern player ", appellant));
  }
  const std::string who = AppellantOf(filed, event.actor());
  for (const AppealEntry& earlier : appeals_) {
    if (earlier.filed.ruling_id() != filed.ruling_id()) continue;
    if (earlier.status != v1::APPEAL_STATUS_PENDING) {
      return absl::FailedPreconditionError(
          absl::StrCat("appeal ", earlier.filed.appeal_number(),
                       " on the ruling is decided"));
    }
    if (AppellantOf(earlier.filed, earlier.filed_by) == who) {
      return absl::FailedPreconditionError(
          absl::StrCat(who, " appealed the ruling already (appeal ",
                       earlier.filed.appeal_number(), ")"));
    }
  }
  AppealEntry& entry = appeals_.emplace_back();
  entry.filed = filed;
  entry.filed_position = event.position();
  entry.filed_at = base::FromTimestamp(event.server_time());
  entry.filed_by = event.actor();
  return absl::OkStatus();
}

absl::Status TournamentState::ApplyAppealDecided(const v1::Event& event) {
  const v1::AppealDecided& decided = event.appeal_decided();
  const AppealEntry* appeal = FindAppeal(decided.appeal_number());
  if (appeal == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("no appeal ", decided.appeal_number()));
  }
  if (appeal->status != v1::APPEAL_STATUS_PENDING) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", decided.appeal_number(), " is decided"));
  }
  const RulingRef* ruling = FindRuling(appeal->filed.ruling_id());
  if (ruling == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(
        "no ruling '", appeal->filed.ruling_id(), "' for the appeal"));
  }
  const v1::RemedyKind remedy = decided.remedy().kind();
  v1::AppealStatus status = v1::APPEAL_STATUS_UNSPECIFIED;
  BoardEntry* board = nullptr;
  FoulEntry* foul = nullptr;
  switch (decided.decision()) {
    case v1::APPEAL_DECISION_DISMISSED:
      if (remedy != v1::REMEDY_KIND_UNSPECIFIED) {
        return absl::FailedPreconditionError("a dismissal with a remedy");
      }
      status = v1::APPEAL_STATUS_DISMISSED;
      break;
    case v1::APPEAL_DECISION_UPHELD:
      status = v1::APPEAL_STATUS_UPHELD;
      break;
    default:
      return absl::FailedPreconditionError("no decision");
  }
  if (status == v1::APPEAL_STATUS_UPHELD) {
    switch (remedy) {
      case v1::REMEDY_KIND_RESULT_CHANGED:
      case v1::REMEDY_KIND_GAME_REPLAYED: {
        if (!OnBoardResult(ruling->kind)) {
          return absl::FailedPreconditionError(
              "a board remedy for a ruling on no board's result");
        }
        if (decided.section_id() != ruling->section_id ||
            decided.round() != ruling->round ||
            decided.board() != ruling->board) {
          return absl::FailedPreconditionError(
              "the decision's board is not the ruling's");
        }
        SectionPlay* play = MutableSectionPlay(ruling->section_id);
        if (play == nullptr || play->FindRound(ruling->round) == nullptr ||
            play->FindRound(ruling->round)->FindBoard(ruling->board) ==
                nullptr) {
          return absl::FailedPreconditionError(absl::StrCat(
              "no board ", ruling->board, " in round ", ruling->round));
        }
        if (remedy == v1::REMEDY_KIND_RESULT_CHANGED &&
            !IsResult(decided.remedy().result())) {
          return absl::FailedPreconditionError("no result given");
        }
        board = &play->rounds[ruling->round - 1].boards[ruling->board - 1];
        break;
      }
      case v1::REMEDY_KIND_FOUL_REMOVED: {
        if (ruling->kind != v1::RULING_KIND_FOUL) {
          return absl::FailedPreconditionError(
              "a foul removed for a ruling that is no foul");
        }
        SectionPlay* play = MutableSectionPlay(ruling->section_id);
        if (play != nullptr) {
          for (FoulEntry& entry : play->fouls) {
            if (entry.event_id == ruling->ruling_id) foul = &entry;
          }
        }
        if (foul == nullptr || foul->removed) {
          return absl::FailedPreconditionError("the foul is removed already");
        }
        break;
      }
      case v1::REMEDY_KIND_NO_STATE_CHANGE:
        break;
      default:
        return absl::FailedPreconditionError("an upheld appeal without remedy");
    }
  }
  // Checked; now change.
  if (board != nullptr) {
    if (remedy == v1::REMEDY_KIND_RESULT_CHANGED) {
      board->result = decided.remedy().result();
      board->ground = v1::RESULT_GROUND_UNSPECIFIED;
      board->result_position = event.position();
      board->result_actor = event.actor();
      board->result_time = base::FromTimestamp(event.server_time());
      board->corrected = true;
    } else {
      board->result = v1::GAME_RESULT_UNSPECIFIED;
      board->ground = v1::RESULT_GROUND_UNSPECIFIED;
      board->result_position = 0;
      board->result_actor.Clear();
      board->result_time = absl::InfinitePast();
      board->corrected = false;
    }
  }
  if (foul != nullptr) {
    foul->removed = true;
    foul->removed_position = event.position();
  }
  AppealEntry& entry = appeals_[decided.appeal_number() - 1];
  entry.status = status;
  entry.decision = decided;
  entry.decided_position = event.position();
  entry.decided_by = event.actor();
  return absl::OkStatus();
}

}  // namespace qiwang::rules::tournament
