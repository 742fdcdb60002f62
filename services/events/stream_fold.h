// Folds one tournament's stream from the log into a TournamentState: how the
// ledger catches up and how the projection answers reads of the past (R7.5).
// Pure over the log; any thread.
#ifndef QIWANG_SERVICES_EVENTS_STREAM_FOLD_H_
#define QIWANG_SERVICES_EVENTS_STREAM_FOLD_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "services/rules/tournament/tournament_state.h"
#include "store/event_log.h"

namespace qiwang::events {

// Decodes `record` and applies it to `state`, the state of its stream.
// DATA_LOSS naming the position if it is not an event or does not fold.
absl::Status ApplyRecord(const store::Record& record,
                         rules::tournament::TournamentState& state);

// Applies the events of `stream` after state.version() whose global position
// is at most `up_to`. DATA_LOSS naming the position if one does not fold.
absl::Status FoldStream(const store::EventLog& log, const std::string& stream,
                        uint64_t up_to,
                        rules::tournament::TournamentState& state);

}  // namespace qiwang::events

#endif  // QIWANG_SERVICES_EVENTS_STREAM_FOLD_H_
