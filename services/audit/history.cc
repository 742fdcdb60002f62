#include "services/audit/history.h"

#include <algorithm>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/audit/ruling_view.h"

namespace qiwang::audit {
namespace {

using rules::tournament::RulingRef;
using rules::tournament::TournamentState;

bool OnBoard(const RulingRef& ruling, const std::string& section_id, int round,
             int board) {
  return IsBoardResult(ruling.kind) && ruling.section_id == section_id &&
         ruling.round == round && ruling.board == board;
}

// The events of `rulings`, of the appeals against them and of their
// decisions, in stream order.
std::vector<v1::HistoryEntry> HistoryOf(
    const TournamentState& state, const StreamIndex& stream,
    const absl::flat_hash_set<std::string>& rulings) {
  absl::flat_hash_set<int> appeals;
  std::vector<v1::HistoryEntry> entries;
  for (const v1::Event& event : stream.events()) {
    bool wanted = rulings.contains(event.event_id());
    if (event.has_appeal_filed() &&
        rulings.contains(event.appeal_filed().ruling_id())) {
      appeals.insert(event.appeal_filed().appeal_number());
      wanted = true;
    }
    if (event.has_appeal_decided() &&
        appeals.contains(event.appeal_decided().appeal_number())) {
      wanted = true;
    }
    if (wanted) entries.push_back(HistoryEntryOf(state, event));
  }
  return entries;
}

}  // namespace

absl::StatusOr<std::vector<v1::HistoryEntry>> RulingHistory(
    const TournamentState& state, const StreamIndex& stream,
    const std::string& ruling_id) {
  absl::StatusOr<const RulingRef*> found = FindRuling(state, ruling_id);
  if (!found.ok()) return found.status();
  const RulingRef* ruling = *found;
  absl::flat_hash_set<std::string> chain = {ruling_id};
  if (IsBoardResult(ruling->kind)) {
    for (const RulingRef& later : state.rulings()) {
      if (later.position > ruling->position &&
          OnBoard(later, ruling->section_id, ruling->round, ruling->board)) {
        chain.insert(later.ruling_id);
      }
    }
  }
  return HistoryOf(state, stream, chain);
}

absl::StatusOr<std::vector<v1::HistoryEntry>> PlayerHistory(
    const TournamentState& state, const StreamIndex& stream,
    int64_t player_id) {
  if (state.FindPlayer(player_id) == nullptr) {
    return absl::NotFoundError(absl::StrCat("player_id: no player ", player_id,
                                            " in tournament '",
                                            state.config().id(), "'"));
  }
  absl::flat_hash_set<std::string> rulings;
  for (const RulingRef& ruling : state.rulings()) {
    if (std::find(ruling.player_ids.begin(), ruling.player_ids.end(),
                  player_id) != ruling.player_ids.end()) {
      rulings.insert(ruling.ruling_id);
    }
  }
  return HistoryOf(state, stream, rulings);
}

absl::StatusOr<std::vector<v1::HistoryEntry>> BoardHistory(
    const TournamentState& state, const StreamIndex& stream,
    const v1::BoardRef& board) {
  const rules::tournament::SectionPlay* play =
      state.FindSectionPlay(board.section_id());
  const rules::tournament::RoundEntry* round =
      play == nullptr ? nullptr : play->FindRound(board.round());
  if (round == nullptr || round->FindBoard(board.board()) == nullptr) {
    return absl::NotFoundError(absl::StrCat(
        "board: no board ", board.board(), " in round ", board.round(),
        " of section '", board.section_id(), "' in tournament '",
        state.config().id(), "'"));
  }
  absl::flat_hash_set<std::string> rulings;
  for (const RulingRef& ruling : state.rulings()) {
    if (OnBoard(ruling, board.section_id(), board.round(), board.board())) {
      rulings.insert(ruling.ruling_id);
    }
  }
  return HistoryOf(state, stream, rulings);
}

}  // namespace qiwang::audit
