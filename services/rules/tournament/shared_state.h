// The one copy of a tournament's state that reads share (the ledger's and
// the projection's Read). Pure; callers hold the lock guarding both
// arguments.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_SHARED_STATE_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_SHARED_STATE_H_

#include <memory>

#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// Answers `shared`, first replacing it with a copy of `state` unless it is
// already at state's position. A state is the fold of its stream up to its
// position, so an equal position is an equal state: the copy is made once
// per position however many reads ask.
inline std::shared_ptr<const TournamentState> ShareAtPosition(
    const TournamentState& state,
    std::shared_ptr<const TournamentState>& shared) {
  if (shared == nullptr || shared->position() != state.position()) {
    shared = std::make_shared<const TournamentState>(state);
  }
  return shared;
}

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_SHARED_STATE_H_
