// What a read waits for before it may be answered: its ReadOptions'
// min_position applied by the source it reads. Two sources: the projection
// (the pairing, standings, audit and export services), which follows the log
// and may be a little behind it, and the ledger (TournamentService), which
// writes the log and so is never behind: a position it has not written is
// beyond the head, refused at once. Thread-safe.
#ifndef QIWANG_SERVICES_SERVER_READ_GATE_H_
#define QIWANG_SERVICES_SERVER_READ_GATE_H_

#include <cstdint>
#include <functional>
#include <memory>

#include "absl/status/status.h"
#include "services/ledger/ledger.h"
#include "services/projection/tournament_projection.h"

namespace qiwang::server {

class ReadGate {
 public:
  virtual ~ReadGate() = default;
  // OK: answer now; UNAVAILABLE: wait (NotifyWhenReady); anything else is
  // the answer (OUT_OF_RANGE beyond the head, a stopped projection).
  virtual absl::Status Readiness(uint64_t min_position) const = 0;
  // As TournamentProjection::NotifyWhenReady.
  virtual std::unique_ptr<projection::WatchHandle> NotifyWhenReady(
      uint64_t min_position, std::function<void()> ready) = 0;
  // The DEADLINE_EXCEEDED of a wait that ended first, in the source's words.
  virtual absl::Status WaitExpired(uint64_t min_position) const = 0;
};

// Reads of the projection.
class ProjectionGate : public ReadGate {
 public:
  explicit ProjectionGate(projection::TournamentProjection& projection)
      : projection_(projection) {}
  absl::Status Readiness(uint64_t min_position) const override {
    return projection_.Readiness(min_position);
  }
  std::unique_ptr<projection::WatchHandle> NotifyWhenReady(
      uint64_t min_position, std::function<void()> ready) override {
    return projection_.NotifyWhenReady(min_position, std::move(ready));
  }
  absl::Status WaitExpired(uint64_t min_position) const override {
    return projection_.WaitExpired(min_position);
  }

 private:
  projection::TournamentProjection& projection_;
};

// Reads of the ledger's own state: never waits.
class LedgerGate : public ReadGate {
 public:
  explicit LedgerGate(const ledger::Ledger& ledger) : ledger_(ledger) {}
  absl::Status Readiness(uint64_t min_position) const override {
    return ledger_.Readiness(min_position);
  }
  std::unique_ptr<projection::WatchHandle> NotifyWhenReady(
      uint64_t, std::function<void()> ready) override {
    ready();
    return nullptr;
  }
  absl::Status WaitExpired(uint64_t min_position) const override {
    return ledger_.Readiness(min_position);
  }

 private:
  const ledger::Ledger& ledger_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_READ_GATE_H_
