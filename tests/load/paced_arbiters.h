// The soak's arbiters: `arbiters` threads, each on a gRPC channel of its
// own, taking the boards of the open-men section one after another at a
// paced total rate. A round's boards are handed out once it is paired, and
// the next round is paired when every board of it is answered, up to the
// last round (or the last one a small section can pair, R6.3); after it the
// chief arbiter's corrections of that round's boards, pass after pass, keep
// the log growing for as long as the soak runs. Every `retry_every`th
// command is sent again with the same command id and must be answered
// replayed, appending nothing. Runs from construction until `until`,
// `max_commands` or Stop; every accessor is thread-safe.
#ifndef QIWANG_TESTS_LOAD_PACED_ARBITERS_H_
#define QIWANG_TESTS_LOAD_PACED_ARBITERS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "tests/load/watch_log.h"

namespace qiwang::load {

class PacedArbiters {
 public:
  struct Options {
    std::string address;  // qiwangd's gRPC
    int arbiters = 64;
    int boards = 64;
    int rounds = 11;
    double per_second = 20;
    absl::Time until;
    int64_t max_commands = 0;
    int retry_every = 50;
  };
  explicit PacedArbiters(const Options& options);
  ~PacedArbiters();
  PacedArbiters(const PacedArbiters&) = delete;
  PacedArbiters& operator=(const PacedArbiters&) = delete;

  // Ends the commands (one in flight is answered first) and joins.
  void Stop();

  // The answers of the appending commands since the previous call.
  std::vector<Recorded> TakeRecorded();
  // What the arbiters did so far.
  struct Tally {
    // RecordResult and CorrectResult commands that appended their event.
    int64_t results = 0;
    int64_t corrections = 0;
    // Retries answered replayed with the first answer's position.
    int64_t replays = 0;
    // Refused or failed commands and pairings, and retries not replayed.
    int64_t errors = 0;
    std::string first_error;
    int rounds_paired = 0;
    // Why pairing ended before the last round ("": it did not).
    std::string rounds_ended;
    // The greatest position an appending command was answered.
    uint64_t last_position = 0;
  };
  Tally tally() const;

 private:
  struct Job {
    int pass = 0;  // 1..rounds paired: the round; after: a correction pass
    int round = 0;
    bool correct = false;  // a correction of the last round paired
    int board = 0;
    bool retry = false;
  };
  void Coordinate();
  void Arbitrate(int arbiter);
  // Sends `job`'s command on `stub` (twice for a retry); answers the
  // position of its event, 0 if it was refused.
  uint64_t Send(v1::PlayService::Stub& stub, const Job& job);
  void Fail(const std::string& what);

  const Options options_;
  std::unique_ptr<v1::PairingService::Stub> pairing_;
  std::vector<std::unique_ptr<v1::PlayService::Stub>> play_;
  mutable absl::Mutex mutex_;
  int pass_ ABSL_GUARDED_BY(mutex_) = 0;  // 0: nothing handed out yet
  int next_board_ ABSL_GUARDED_BY(mutex_) = 0;
  int answered_ ABSL_GUARDED_BY(mutex_) = 0;
  int64_t commands_ ABSL_GUARDED_BY(mutex_) = 0;
  bool stopping_ ABSL_GUARDED_BY(mutex_) = false;
  std::vector<Recorded> recorded_ ABSL_GUARDED_BY(mutex_);
  Tally tally_ ABSL_GUARDED_BY(mutex_);
  std::vector<std::thread> threads_;
};

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_PACED_ARBITERS_H_
