// A tournament as it would be with some events of its stream left out or
// one added (R9.4 what-if): the stream folded again into a fresh
// TournamentState, each event after a left-out one renumbered
// (stream_version = version()+1; global positions kept, so references to
// positions still hold). An event the state refuses once the others are
// gone (e.g. an appeal against a ruling left out) is skipped and listed;
// appeals after a skipped one are numbered on, as if it had never been
// filed.
// Deterministic; plain value, not thread-safe.
#ifndef QIWANG_SERVICES_AUDIT_WORLD_H_
#define QIWANG_SERVICES_AUDIT_WORLD_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/types/span.h"
#include "qiwang/v1/event.pb.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::audit {

struct World {
  rules::tournament::TournamentState state;
  // Event ids of events skipped because they no longer apply, in order.
  std::vector<std::string> skipped_event_ids;
};

// Folds `events` (a stream oldest first) but those whose event_id is in
// `left_out`.
World FoldWithout(absl::Span<const v1::Event> events,
                  const absl::flat_hash_set<std::string>& left_out);

// Applies `event` as the world's next event: stream_version version()+1 and
// the position after the last event applied. The state's refusal, changing
// nothing, when it does not fit.
absl::Status ApplyNext(World& world, v1::Event event);

}  // namespace qiwang::audit

#endif  // QIWANG_SERVICES_AUDIT_WORLD_H_
