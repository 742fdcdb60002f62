#include "services/rules/tournament/decide_support.h"

#include "absl/strings/str_cat.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {

absl::Status RequireTournament(const TournamentState& state,
                               const std::string& tournament_id) {
  if (tournament_id.empty()) {
    return RequiredFieldError("tournament_id");
  }
  if (!state.exists()) {
    return absl::NotFoundError(
        absl::StrCat("R1.1: tournament '", tournament_id, "' does not exist"));
  }
  if (tournament_id != state.config().id()) {
    return absl::InvalidArgumentError(
        absl::StrCat("tournament_id: '", tournament_id,
                     "' is not this tournament ('", state.config().id(), "')"));
  }
  return absl::OkStatus();
}

absl::StatusOr<const PlayerEntry*> RequirePlayer(
    const TournamentState& state, const std::string& tournament_id,
    int64_t player_id) {
  if (absl::Status status = RequireTournament(state, tournament_id);
      !status.ok()) {
    return status;
  }
  const PlayerEntry* player = state.FindPlayer(player_id);
  if (player == nullptr) {
    return absl::NotFoundError(absl::StrCat("player_id: no player ", player_id,
                                            " in tournament '",
                                            state.config().id(), "'"));
  }
  return player;
}

v1::Event EventWithReason(const std::string& reason) {
  v1::Event event;
  event.set_reason(reason);
  return event;
}

}  // namespace qiwang::rules::tournament
