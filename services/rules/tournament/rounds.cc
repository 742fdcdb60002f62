#include "services/rules/tournament/rounds.h"

namespace qiwang::rules::tournament {

int NextUnpairedRound(const TournamentState& state,
                      const std::string& section_id) {
  const SectionPlay* play = state.FindSectionPlay(section_id);
  return play == nullptr ? 1 : play->rounds_published() + 1;
}

}  // namespace qiwang::rules::tournament
