// A read model of every tournament, kept by following the event log: the
// pairing and standings services answer from it (DESIGN.md "Data flow"). It
// never writes the log.
#ifndef QIWANG_SERVICES_PROJECTION_TOURNAMENT_PROJECTION_H_
#define QIWANG_SERVICES_PROJECTION_TOURNAMENT_PROJECTION_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/rules/tournament/tournament_state.h"
#include "store/event_log.h"

namespace qiwang::projection {

// One tournament's folded state, shared and immutable, and the log position
// the read reflects: reads between two of the tournament's events share one
// copy (TournamentProjection::Read), so a read costs a reference, not a copy
// of a state that grows with the log.
struct ProjectedState {
  std::shared_ptr<const rules::tournament::TournamentState> state;
  uint64_t as_of_position = 0;
};

// Ends a watch when destroyed; after its destructor returns the callback
// never runs again.
class WatchHandle {
 public:
  virtual ~WatchHandle() = default;
};

// `log` may be the RocksDB log or another process's (services/remote).
// Guarantees: applies the log's events in position order, each once, to the
// state of its stream (notes/ streams are skipped); the state of a
// tournament at applied position P equals a fresh fold of the log up to P,
// byte for byte (TournamentState::Snapshot). The events of one append (a
// command's, e.g. a whole TRF import) are applied under one lock hold, so
// a read or a watch never sees a command in part (over a remote log, within
// what one chunk of the stream brings). A corrupt or unfoldable event
// stops the projection and every later read answers that status.
// Thread-safe: a follower thread applies events; any thread reads.
// REQUIRES: `log` outlives the projection.
class TournamentProjection {
 public:
  // Starts following `log` from position 1.
  explicit TournamentProjection(store::EventLog& log);
  ~TournamentProjection();  // stops the follower; watches end first

  // The tournament's state: now; after waiting until `options.min_position`
  // is applied (DEADLINE_EXCEEDED at `deadline`); or as of
  // `options.at_position` (R7.5, folded from the log up to it). Every read
  // first waits until the projection has caught up with the log once (its
  // subscription's first caught-up marker), so a projection just started,
  // or following a ledger not yet reachable, never answers an older state.
  // NOT_FOUND when the tournament does not exist (at that position).
  absl::StatusOr<ProjectedState> Read(const std::string& tournament_id,
                                      const v1::ReadOptions& options,
                                      absl::Time deadline) const;

  // The last position applied (0 before the first event).
  uint64_t applied_position() const;

  // Waits until `deadline` for the projection to catch up with the log once
  // (what every read waits for first): OK once it has, DEADLINE_EXCEEDED
  // while it has not, the failure that stopped it.
  absl::Status AwaitCaughtUp(absl::Time deadline) const;

  // Without waiting: whether a read with `min_position` may be answered now.
  // OK when it may (caught up once, `min_position` applied); UNAVAILABLE
  // while it must wait; OUT_OF_RANGE, naming the head, when `min_position`
  // is beyond the log's last position (no write has made it, so waiting
  // would only hold the caller) and the log is this process's own (a read
  // process over a remote log waits instead: its ledger may be ahead); the
  // failure that stopped the projection.
  absl::Status Readiness(uint64_t min_position) const;

  // Calls `ready` once, when Readiness(min_position) stops being
  // UNAVAILABLE: at once on this thread if it is not now, else from the
  // follower thread (it should only schedule work), unless the returned
  // handle is destroyed first. The handle may be destroyed from any thread,
  // `ready` included; `ready` may still run once if it was being called.
  std::unique_ptr<WatchHandle> NotifyWhenReady(uint64_t min_position,
                                               std::function<void()> ready);

  // The DEADLINE_EXCEEDED a read with `min_position` answers when its wait
  // ends before the projection got there, naming where it is.
  absl::Status WaitExpired(uint64_t min_position) const;

  // Calls `on_change(position)` after each event of the tournament applied
  // after this call, i.e. past applied_position() now (from the follower
  // thread: it should only schedule work), until the handle is destroyed.
  std::unique_ptr<WatchHandle> Watch(
      const std::string& tournament_id,
      std::function<void(uint64_t position)> on_change);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace qiwang::projection

#endif  // QIWANG_SERVICES_PROJECTION_TOURNAMENT_PROJECTION_H_
