#include "services/rules/tournament/round_check.h"

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/tournament/play_support.h"
#include "services/rules/tournament/section_records.h"

namespace qiwang::rules::tournament {
namespace {

// R4.4: withdrawn before `round` was published, so not paired in it.
bool OutOf(const TournamentState& state, const PlayerRecord& record,
           int round) {
  const PlayerEntry* player = state.FindPlayer(record.id);
  return record.withdrawn && player != nullptr &&
         player->withdrawal.from_round() <= round;
}

}  // namespace

absl::StatusOr<std::vector<swiss::Violation>> CheckRound(
    const TournamentState& state, const RoundToCheck& round) {
  const v1::Section* section = state.FindSection(round.section_id);
  if (section == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("section_id: no section '", round.section_id, "'"));
  }
  const bool swiss = !IsRoundRobin(*section);
  // A round robin's rounds are all checked against its players at round 1.
  absl::StatusOr<std::vector<PlayerRecord>> records = SectionRecordsBefore(
      state, round.section_id, swiss ? round.round : 1, round.lots);
  if (!records.ok()) return records.status();
  const std::string where = absl::StrCat("round ", round.round, " of section '",
                                         round.section_id, "'");
  // Seats taken per player who must play; -1 for those who may not.
  absl::flat_hash_map<int64_t, int> seats;
  int must_play = 0;
  for (PlayerRecord& record : *records) {
    record.withdrawn = OutOf(state, record, round.round);
    seats[record.id] = record.withdrawn ? -1 : 0;
    must_play += record.withdrawn ? 0 : 1;
  }
  auto seat = [&](int64_t id, const std::string& place) -> absl::Status {
    auto it = seats.find(id);
    if (it == seats.end()) {
      return absl::FailedPreconditionError(
          absl::StrCat("R6: ", place, " of ", where, ": player ", id,
                       " does not play in this section"));
    }
    if (it->second < 0) {
      return absl::FailedPreconditionError(
          absl::StrCat("R4.4: ", place, " of ", where, ": player ", id,
                       " has withdrawn and may not be paired"));
    }
    if (++it->second > 1) {
      return absl::FailedPreconditionError(absl::StrCat(
          "R6: ", place, " of ", where, ": player ", id, " is seated twice"));
    }
    return absl::OkStatus();
  };
  swiss::RoundPairing pairing;
  for (int i = 0; i < round.boards->size(); ++i) {
    const v1::Board& board = (*round.boards)[i];
    if (board.number() != i + 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("boards[", i, "].number: ", board.number(),
                       " where board ", i + 1, " belongs"));
    }
    if (board.red_player_id() == board.black_player_id()) {
      return absl::InvalidArgumentError(
          absl::StrCat("boards[", i, "]: player ", board.red_player_id(),
                       " is seated against himself"));
    }
    const std::string place = absl::StrCat("board ", i + 1);
    if (absl::Status s = seat(board.red_player_id(), place); !s.ok()) return s;
    if (absl::Status s = seat(board.black_player_id(), place); !s.ok()) {
      return s;
    }
    pairing.boards.push_back({board.red_player_id(), board.black_player_id()});
  }
  if (round.bye_player_id != 0) {
    if (absl::Status s = seat(round.bye_player_id, "the bye"); !s.ok()) {
      return s;
    }
    pairing.bye = round.bye_player_id;
  }
  for (const PlayerRecord& record : *records) {
    if (seats[record.id] == 0) {
      return absl::FailedPreconditionError(
          absl::StrCat("R6: ", where, ": player ", record.id,
                       " is neither paired nor given the bye"));
    }
  }
  if ((must_play % 2 == 1) != (round.bye_player_id != 0)) {
    return absl::FailedPreconditionError(
        absl::StrCat("R6.4: ", where, " has ", must_play, " players: ",
                     must_play % 2 == 1 ? "an odd count needs a bye"
                                        : "an even count has no bye"));
  }

  if (!swiss) return std::vector<swiss::Violation>();
  const swiss::SwissConfig config = SwissConfigOf(state.config(), *section);
  absl::StatusOr<swiss::PairingCheck> check =
      swiss::CheckPairing(*records, round.round, config, pairing);
  if (!check.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("R6: ", where, ": ", check.status().message()));
  }
  return std::move(check->violations);
}

absl::Status WithViolations(absl::Status refusal, absl::string_view kind,
                            const std::string& section_id, int round,
                            const std::vector<swiss::Violation>& violations) {
  std::vector<std::string> encoded;
  for (const swiss::Violation& violation : violations) {
    encoded.push_back(absl::StrCat(violation.kind, "|", violation.colour, "|",
                                   absl::StrJoin(violation.players, ",")));
  }
  return base::WithRefusal(std::move(refusal), kind,
                           {{"section", section_id},
                            {"round", absl::StrCat(round)},
                            {"violations", absl::StrJoin(encoded, ";")}});
}

std::string JoinViolations(const std::vector<swiss::Violation>& violations) {
  std::vector<std::string> messages;
  for (const swiss::Violation& violation : violations) {
    messages.push_back(violation.message);
  }
  return absl::StrJoin(messages, "; ");
}

}  // namespace qiwang::rules::tournament
