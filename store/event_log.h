// The durable, append-only event log of Qiwang on RocksDB. It knows nothing of
// chess: an event is opaque bytes that belong to a named stream.
//
// Guarantees (all of them tested in tests/store):
// - Global positions are a dense sequence 1, 2, 3, ... with no gaps; a stream's
//   versions are 1, 2, 3, ... within the stream (version 0: no stream yet).
// - The events of one Append are atomic and durable (synced) before it returns.
// - Appends are checked against the expected stream version and written as
//   one step; concurrent appends share synced writes (group commit).
// - The same command_id with the same fingerprint returns the original result
//   and writes nothing; with another fingerprint it fails with ALREADY_EXISTS.
// - Every record carries a checksum; a corrupt one is DATA_LOSS, never skipped.
// - Subscribers see only durable events, in position order, with no gap or
//   duplicate between catch-up and live delivery, and bounded memory each.
#ifndef QIWANG_STORE_EVENT_LOG_H_
#define QIWANG_STORE_EVENT_LOG_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace qiwang::store {

// What the caller believes the stream's version to be before its append.
struct ExpectedVersion {
  enum class Kind { kAny, kNoStream, kExact };
  Kind kind = Kind::kAny;
  uint64_t version = 0;  // only for kExact

  static ExpectedVersion Any() { return {Kind::kAny, 0}; }
  static ExpectedVersion NoStream() { return {Kind::kNoStream, 0}; }
  static ExpectedVersion Exact(uint64_t v) { return {Kind::kExact, v}; }
};

// One entry of the person-key family, written with an append (below).
struct KeyWrite {
  std::string name;
  std::string value;
};

struct AppendRequest {
  std::string stream;
  ExpectedVersion expected;
  // Idempotency key from the client; empty means no idempotency.
  std::string command_id;
  // Identity of the command's content for the idempotency check. Empty means
  // "the concatenated event bytes". Callers whose events carry server-made
  // fields (time, ids) pass the client's request bytes here instead.
  std::string fingerprint;
  std::vector<std::string> events;  // opaque bytes, at least one
  // At most Options::max_events_per_bulk_append events instead of
  // max_events_per_append: for the one caller that must land a whole file
  // as one command (the TRF import). Still one WriteBatch: all or nothing.
  bool bulk = false;
  // Written to the log's person-key family (PersonKeyStore) in the events'
  // own WriteBatch, so that a new person's data key is durable exactly when
  // the first event sealed with it is. Not part of the command's identity;
  // not written when the command is answered from the command index.
  std::vector<KeyWrite> key_writes;
};

struct AppendResult {
  uint64_t first_position = 0;
  uint64_t last_position = 0;
  uint64_t stream_version = 0;  // the stream's version after the append
  bool replayed = false;        // true when answered from the command index
};

// How AppendBatch places a batch.
struct BatchOptions {
  // If set, the batch is written only if its first request's first event
  // lands at exactly this global position; otherwise every request answers
  // FAILED_PRECONDITION and nothing is written. For a caller that decided
  // later requests knowing the positions of earlier ones.
  std::optional<uint64_t> at_position;
};

// One stored event as read back.
struct Record {
  uint64_t position = 0;
  std::string stream;
  uint64_t stream_version = 0;
  std::string command_id;
  std::string data;
};

enum class Direction { kForward, kBackward };

struct ReadRequest {
  // For `from`: start a backward read at the last event.
  static constexpr uint64_t kEnd = UINT64_MAX;

  std::string stream;  // empty: the whole log ("all")
  // A global position (all) or a stream version. Forward reads start at the
  // first event at or after it, backward reads at the last at or before it.
  uint64_t from = 1;
  size_t limit = 1000;  // at most this many records
  Direction direction = Direction::kForward;
};

struct Options {
  size_t max_event_bytes = 1 << 20;
  size_t max_stream_name_bytes = 200;
  size_t max_command_id_bytes = 200;
  size_t max_events_per_append = 10000;
  // For an AppendRequest marked bulk. The default takes any TRF file the
  // reader accepts (4 MiB: at most about 211,000 events, a result per 20
  // bytes of round columns).
  size_t max_events_per_bulk_append = 220000;
  size_t subscriber_buffer = 1024;  // events held in memory per subscriber
  bool sync = true;                 // false only in benchmarks that say so
  // Snappy on the log's own families. false: none, so that a scan of the
  // files for a value (e.g. an ID number, issue 18) cannot miss it because it
  // was compressed. Applies to files written from then on.
  bool compression = true;
};

// A live feed of the log from a position on. Not thread-compatible: one
// consumer thread calls Next/Poll; Cancel may be called from any thread.
class Subscription {
 public:
  struct Item {
    enum class Kind { kEvent, kCaughtUp };
    Kind kind = Kind::kEvent;
    Record record;          // for kEvent
    uint64_t position = 0;  // for kCaughtUp: the last durable position then
  };
  virtual ~Subscription() = default;

  // Blocks until the next item or the deadline (DEADLINE_EXCEEDED), or until
  // Cancel (CANCELLED). DATA_LOSS if a record is corrupt.
  virtual absl::StatusOr<Item> Next(absl::Time deadline) = 0;
  // Non-blocking: the next item if one is ready, std::nullopt otherwise. After
  // it returns nullopt, `on_ready` (set below) is called once, from an
  // arbitrary thread, when an item may be ready. It often runs on the thread
  // of the append that made the event durable, so it should only schedule
  // work (e.g. start a gRPC write), not do it. It never runs after the
  // Subscription is destroyed.
  virtual absl::StatusOr<std::optional<Item>> Poll() = 0;
  virtual void SetOnReady(std::function<void()> on_ready) = 0;
  // Next/Poll then answer CANCELLED; a pending on_ready is called.
  virtual void Cancel() = 0;
  // Events read ahead and held in memory now; never more than
  // Options::subscriber_buffer.
  virtual size_t BufferedEvents() const { return 0; }
};

// REQUIRES: one EventLog per data folder per process (RocksDB's lock).
// Thread-safe: every method may be called from any thread.
class EventLog {
 public:
  virtual ~EventLog() = default;

  static absl::StatusOr<std::unique_ptr<EventLog>> Open(
      const std::string& dir, const Options& options = Options());
  // A read-only follower of a log another process has open (RocksDB secondary
  // instance); Refresh() catches up with the primary. Append fails.
  static absl::StatusOr<std::unique_ptr<EventLog>> OpenReadOnly(
      const std::string& dir, const std::string& scratch_dir,
      const Options& options = Options());

  // INVALID_ARGUMENT for malformed input, ABORTED for a wrong expected
  // version, ALREADY_EXISTS for a reused command id with other content,
  // UNIMPLEMENTED on a read-only instance; nothing is written then.
  virtual absl::StatusOr<AppendResult> Append(const AppendRequest& request) = 0;
  // Appends several requests in one synced write, checked in order (each
  // against its expected version and command id, seeing the ones before it);
  // answers one result per request, as Append would have. A refused request
  // writes nothing and the others still land; the accepted ones take
  // consecutive positions in request order.
  virtual std::vector<absl::StatusOr<AppendResult>> AppendBatch(
      const std::vector<AppendRequest>& requests,
      const BatchOptions& options = BatchOptions()) = 0;
  virtual absl::StatusOr<std::vector<Record>> Read(
      const ReadRequest& request) const = 0;
  // Positions of the original append of `command_id`, if any.
  virtual absl::StatusOr<std::optional<AppendResult>> LookupCommand(
      const std::string& command_id) const = 0;
  // Answers `retry` as Append answers a known command id, writing nothing:
  // the original's positions (replayed=true), or ALREADY_EXISTS if the id
  // was used with other content (stream, fingerprint or events). NOT_FOUND
  // if the id is unknown; `retry.expected` is not checked.
  virtual absl::StatusOr<AppendResult> LookupRetry(
      const AppendRequest& retry) const = 0;

  // The last durable position, 0 if none. A successful Append returns only
  // once this covers its events.
  virtual uint64_t LastPosition() const = 0;
  // Whether LastPosition is this process's own head, cheap to ask and never
  // behind a write another process acknowledged. A remote log's answer is a
  // network call that may lag or fail, so a reader cannot tell "beyond the
  // head" from "not reached yet" with it.
  virtual bool HeadIsLocal() const { return true; }
  virtual absl::StatusOr<uint64_t> StreamVersion(
      const std::string& stream) const = 0;

  // `from`: the first global position wanted (1 = the whole log). The
  // subscription keeps the data folder open until it is destroyed.
  virtual std::unique_ptr<Subscription> Subscribe(uint64_t from) = 0;

  // Online backup into `dir` (must not exist); answers the last position the
  // backup holds. The backup opens with Open() like any log.
  virtual absl::StatusOr<uint64_t> Backup(const std::string& dir) = 0;
  // Read-only instances: catch up with the primary.
  virtual absl::Status Refresh() = 0;
};

}  // namespace qiwang::store

#endif  // QIWANG_STORE_EVENT_LOG_H_
