// Watch streams over the projection (WatchPairings, WatchStandings): a view
// of a tournament sent when it changes, coalesced so that a slow client costs
// at most one message in flight and a flag, never a queue. The streams are
// raw (grpc::ByteBuffer): a view is serialized once per position and every
// watch of it sends the same reference-counted bytes.
#ifndef QIWANG_SERVICES_SERVER_WATCH_REACTOR_H_
#define QIWANG_SERVICES_SERVER_WATCH_REACTOR_H_

#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/slice.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "base/annotated_lock.h"
#include "base/deterministic_bytes.h"
#include "base/grpc_status.h"
#include "base/happens_before.h"
#include "services/projection/tournament_projection.h"
#include "services/server/watch_limiter.h"

namespace qiwang::server {

// What a watch sends for a tournament's state; a status ends the watch with
// it (e.g. NOT_FOUND for an unknown section). The watch sets the response's
// as_of_position itself.
template <typename Response>
using WatchView = std::function<absl::StatusOr<Response>(
    const rules::tournament::TournamentState&)>;

// A view computed once for every watch of the same view at one position:
// the response (as_of_position unset) or the status that ends the watches,
// its deterministic bytes, which tell a watch whether it changed, and the
// message every watch sends (as_of_position set), serialized once.
template <typename Response>
struct ComputedView {
  absl::StatusOr<Response> view;
  std::string key;
  grpc::ByteBuffer wire;
  // The position of the tournament's last event in the state it came from.
  uint64_t state_position = 0;
};

// The type-independent face of one watch call, driven by its WatchHub.
class WatchCall {
 public:
  virtual ~WatchCall() = default;
  // Computes the view and sends it if it changed. Runs on the hub's worker
  // thread only, one call at a time.
  virtual void Refresh() = 0;
  // Ends the stream with `status` once the write in flight, if any, is done.
  virtual void Stop(const grpc::Status& status) = 0;
};

// The watches of one service and the worker thread that computes their views
// (the projection's follower only schedules work here, so a slow view never
// delays the projection). A watch waiting for a refresh is queued once,
// however many events arrive meanwhile. The worker refreshes in rounds at
// least kRoundInterval apart: a change after a quiet spell goes out at once,
// and a burst of changes (a hall's results coming in together) costs each
// watch at most one view per interval, the newest, rather than one per
// event. Thread-safe.
// REQUIRES: the projection outlives the hub; the hub outlives every watch it
// started (destroy it after the gRPC server has shut down).
class WatchHub {
 public:
  // At most this many views a second per watch: 20.
  static constexpr absl::Duration kRoundInterval = absl::Milliseconds(50);

  // `limiter` counts this hub's streams with those of the server's other
  // hubs. REQUIRES: it outlives the hub.
  WatchHub(projection::TournamentProjection& projection, WatchLimiter& limiter);
  ~WatchHub();

  // A new watch of `tournament_id`: sends view(state) at once if the
  // tournament changed after `after_position`, then after each event of the
  // tournament that changes the view; ends with OK when the client cancels.
  // gRPC owns the reactor until OnDone.
  // `peer` is the caller's address (CallbackServerContext::peer()); a
  // client over its limit of open watches gets RESOURCE_EXHAUSTED at once.
  // `view_key` names what `view` computes (e.g. the ranking), whoever asks:
  // watches with the same key share one computation per position.
  template <typename Response>
  grpc::ServerWriteReactor<grpc::ByteBuffer>* Start(
      const std::string& peer, const std::string& tournament_id,
      const std::string& view_key, uint64_t after_position,
      WatchView<Response> view);

  // Ends every current and future watch with `status` (UNAVAILABLE at
  // shutdown: watches never end by themselves).
  void EndAll(const grpc::Status& status);

  // For the watch calls. Add answers false after EndAll or with `client`
  // over its limit (the call must end at once with `stopped`); Remove waits
  // until no refresh of `call` runs.
  bool Add(WatchCall* call, const std::string& client, grpc::Status& stopped);
  void Schedule(WatchCall* call);
  void Remove(WatchCall* call);
  projection::TournamentProjection& projection() { return projection_; }

  // The view a watch of `view_key` computed at `position`, if the last one
  // computed for that key was at that position; worker thread only.
  template <typename Response>
  std::shared_ptr<const ComputedView<Response>> SharedView(
      const std::string& view_key, uint64_t position) const {
    auto it = shared_views_.find(view_key);
    if (it == shared_views_.end() || it->second.position != position) {
      return nullptr;
    }
    return std::static_pointer_cast<const ComputedView<Response>>(
        it->second.view);
  }
  template <typename Response>
  void ShareView(const std::string& view_key, uint64_t position,
                 std::shared_ptr<const ComputedView<Response>> view) {
    shared_views_[view_key] = {position, std::move(view)};
  }

 private:
  struct SharedViewEntry {
    uint64_t position = 0;
    std::shared_ptr<const void> view;  // ComputedView<Response>
  };

  void Work();

  projection::TournamentProjection& projection_;
  WatchLimiter& limiter_;
  absl::Mutex mutex_;
  // Each live call and its client (for the limiter).
  absl::flat_hash_map<WatchCall*, std::string> live_ ABSL_GUARDED_BY(mutex_);
  std::deque<WatchCall*> queue_ ABSL_GUARDED_BY(mutex_);
  absl::flat_hash_set<WatchCall*> queued_ ABSL_GUARDED_BY(mutex_);
  WatchCall* refreshing_ ABSL_GUARDED_BY(mutex_) = nullptr;
  std::optional<grpc::Status> stopped_ ABSL_GUARDED_BY(mutex_);
  bool quit_ ABSL_GUARDED_BY(mutex_) = false;
  // The last view computed per view key; touched by the worker thread only
  // (Refresh), so 1,000 watches of one ranking cost one view per event.
  absl::flat_hash_map<std::string, SharedViewEntry> shared_views_;
  std::thread worker_;  // last: starts once the rest exists
};

// One watch call. Holds at most the message in flight; a change seen while
// it is in flight only sets a flag, and the view is computed afresh (the
// latest state) once the write is done. Created by WatchHub::Start.
template <typename Response>
class WatchReactor final : public grpc::ServerWriteReactor<grpc::ByteBuffer>,
                           public WatchCall {
 public:
  WatchReactor(WatchHub& hub, const std::string& client,
               const std::string& tournament_id, const std::string& view_key,
               uint64_t after_position, WatchView<Response> view)
      : hub_(hub),
        tournament_id_(tournament_id),
        view_key_(tournament_id + '\x1f' + view_key),
        after_position_(after_position),
        view_(std::move(view)) {
    handle_ = hub_.projection().Watch(
        tournament_id_,
        [hub = &hub_, this](uint64_t /*position*/) { hub->Schedule(this); });
    grpc::Status stopped;
    if (hub_.Add(this, client, stopped)) {
      hub_.Schedule(this);
    } else {
      Stop(stopped);
    }
    // gRPC runs the reactions (OnCancel) on its threads once Start returns.
    base::HappensBefore(this);
  }

  void Refresh() override {
    {
      base::AnnotatedLock lock(&mutex_);
      if (stop_status_.has_value()) return;
      if (write_in_flight_) {
        dirty_ = true;
        return;
      }
    }
    // When another watch of this view already computed it at the position
    // the projection is at, this one takes it without copying the state: a
    // change watched by 1,000 clients costs one read and one view.
    uint64_t as_of = hub_.projection().applied_position();
    std::shared_ptr<const ComputedView<Response>> shared =
        hub_.SharedView<Response>(view_key_, as_of);
    if (shared == nullptr) {
      absl::StatusOr<projection::ProjectedState> read = hub_.projection().Read(
          tournament_id_, v1::ReadOptions(), absl::Now() + kReadWait);
      if (!read.ok()) {
        Stop(base::ToGrpcStatus(read.status()));
        return;
      }
      as_of = read->as_of_position;
      shared = hub_.SharedView<Response>(view_key_, as_of);
      if (shared == nullptr) {
        auto computed = std::make_shared<ComputedView<Response>>();
        computed->view = view_(*read->state);
        computed->state_position = read->state->position();
        if (computed->view.ok()) {
          computed->view->clear_as_of_position();
          computed->key = base::SerializeDeterministically(*computed->view);
          computed->view->set_as_of_position(as_of);
          grpc::Slice bytes(base::SerializeDeterministically(*computed->view));
          computed->view->clear_as_of_position();
          computed->wire = grpc::ByteBuffer(&bytes, 1);
        }
        shared = computed;
        // A refusal (e.g. an unknown ranking) ends the watch and is not
        // kept: only views of what exists are shared, so the map stays as
        // small as the tournaments' rankings and sections, whatever clients
        // ask for.
        if (computed->view.ok()) {
          hub_.ShareView<Response>(view_key_, as_of, shared);
        }
      }
    }
    if (!shared->view.ok()) {
      Stop(base::ToGrpcStatus(shared->view.status()));
      return;
    }
    const bool send =
        shared->key != last_key_ && shared->state_position > after_position_;
    last_key_ = shared->key;
    if (!send) return;
    {
      base::AnnotatedLock lock(&mutex_);
      if (stop_status_.has_value()) return;
      message_ = shared->wire;  // shares the bytes, copies none
      write_in_flight_ = true;
    }
    base::HappensBefore(this);
    this->StartWrite(&message_);
  }

  void Stop(const grpc::Status& status) override {
    {
      base::AnnotatedLock lock(&mutex_);
      if (stop_status_.has_value()) return;
      stop_status_ = status;
      if (write_in_flight_) return;
    }
    base::HappensBefore(this);
    this->Finish(status);
  }

  void OnWriteDone(bool ok) override {
    base::HappensAfter(this);
    std::optional<grpc::Status> end;
    bool again = false;
    {
      base::AnnotatedLock lock(&mutex_);
      write_in_flight_ = false;
      if (!ok && !stop_status_.has_value()) {
        stop_status_ =
            grpc::Status(grpc::StatusCode::CANCELLED, "the stream was closed");
      }
      if (stop_status_.has_value()) {
        end = stop_status_;
      } else {
        again = dirty_;
        dirty_ = false;
      }
    }
    if (end.has_value()) {
      base::HappensBefore(this);
      this->Finish(*end);
    } else if (again) {
      hub_.Schedule(this);
    }
    base::HappensBefore(this);  // OnDone, elsewhere, follows every reaction
  }

  void OnCancel() override {
    base::HappensAfter(this);
    Stop(grpc::Status::OK);
    base::HappensBefore(this);  // OnDone, elsewhere, follows every reaction
  }

  void OnDone() override {
    base::HappensAfter(this);
    handle_.reset();  // no projection callback after this
    hub_.Remove(this);
    delete this;
  }

 private:
  // A read waits this long for the projection after a restart.
  static constexpr absl::Duration kReadWait = absl::Seconds(30);

  WatchHub& hub_;
  const std::string tournament_id_;
  const std::string view_key_;
  const uint64_t after_position_;
  const WatchView<Response> view_;
  std::unique_ptr<projection::WatchHandle> handle_;
  // The last view computed (none yet: an empty one counts as new); worker
  // thread only.
  std::optional<std::string> last_key_;

  absl::Mutex mutex_;
  grpc::ByteBuffer message_;  // owned by the write in flight
  bool write_in_flight_ ABSL_GUARDED_BY(mutex_) = false;
  bool dirty_ ABSL_GUARDED_BY(mutex_) = false;
  std::optional<grpc::Status> stop_status_ ABSL_GUARDED_BY(mutex_);
};

template <typename Response>
grpc::ServerWriteReactor<grpc::ByteBuffer>* WatchHub::Start(
    const std::string& peer, const std::string& tournament_id,
    const std::string& view_key, uint64_t after_position,
    WatchView<Response> view) {
  return new WatchReactor<Response>(*this, WatchLimiter::ClientOf(peer),
                                    tournament_id, view_key, after_position,
                                    std::move(view));
}

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_WATCH_REACTOR_H_
