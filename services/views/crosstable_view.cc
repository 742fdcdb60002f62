#include "services/views/crosstable_view.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "services/rules/ranking/ranking_scope.h"
#include "services/rules/tournament/ranked_scope.h"

namespace qiwang::views {

using rules::Outcome;
using rules::PlayerRecord;
using rules::RankingScope;
using rules::tournament::RankedScope;
using rules::tournament::RankScope;

const char* OutcomeLetter(Outcome outcome) {
  switch (outcome) {
    case Outcome::kWin:
      return "W";
    case Outcome::kDraw:
      return "D";
    case Outcome::kLoss:
      return "L";
    case Outcome::kForfeitWin:
      return "+";
    case Outcome::kForfeitLoss:
      return "-";
    case Outcome::kDoubleForfeit:
      return "0";
    case Outcome::kBye:
      return "B";
    case Outcome::kAbsent:
      return ".";
    case Outcome::kPending:
      return "*";
  }
  return "?";
}

absl::StatusOr<v1::GetCrosstableResponse> CrosstableView(
    const rules::tournament::TournamentState& state,
    const std::string& section_id) {
  absl::StatusOr<const v1::Section*> section =
      rules::FindSection(state.config(), section_id);
  if (!section.ok()) return section.status();
  absl::StatusOr<RankedScope> ranked = RankScope(
      state, RankingScope{section_id, (*section)->name(), {section_id}, {}}, 0);
  if (!ranked.ok()) return ranked.status();

  absl::flat_hash_map<rules::PlayerId, int> pairing_number;
  for (const PlayerRecord& record : ranked->pool) {
    pairing_number[record.id] = record.pairing_number;
  }
  absl::flat_hash_map<rules::PlayerId, const rules::Standing*> standing_of;
  for (const rules::Standing& standing : ranked->standings.rows) {
    standing_of[standing.player] = &standing;
  }
  std::vector<const PlayerRecord*> order;
  for (const PlayerRecord& record : ranked->pool) order.push_back(&record);
  std::sort(order.begin(), order.end(),
            [](const PlayerRecord* a, const PlayerRecord* b) {
              return std::make_tuple(a->pairing_number == 0, a->pairing_number,
                                     a->id) <
                     std::make_tuple(b->pairing_number == 0, b->pairing_number,
                                     b->id);
            });

  v1::GetCrosstableResponse response;
  response.set_section_id(section_id);
  for (const PlayerRecord* record : order) {
    v1::CrosstableRow& row = *response.add_rows();
    row.set_pairing_number(record->pairing_number);
    row.set_player_id(record->id);
    if (const auto* player = state.FindPlayer(record->id)) {
      row.set_name(player->person().name());
    }
    for (size_t i = 0; i < record->rounds.size(); ++i) {
      const rules::RoundRecord& round = record->rounds[i];
      v1::CrosstableCell& cell = *row.add_cells();
      cell.set_round(static_cast<int>(i) + 1);
      if (round.opponent != rules::kNoPlayer) {
        cell.set_opponent_pairing_number(pairing_number[round.opponent]);
      }
      cell.set_red(round.colour == rules::Colour::kRed);
      cell.set_outcome(OutcomeLetter(round.outcome));
    }
    const rules::Standing& standing = *standing_of.at(record->id);
    row.set_score(standing.score);
    row.set_rank(standing.rank);
  }
  return response;
}

}  // namespace qiwang::views
