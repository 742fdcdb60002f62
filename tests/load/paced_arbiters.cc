#include "tests/load/paced_arbiters.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "tests/load/qiwangd_child.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::load {
namespace {

using standings::NewCall;

constexpr absl::Duration kCallTimeout = absl::Seconds(10);
constexpr v1::GameResult kResults[] = {
    v1::GAME_RESULT_RED_WIN, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_BLACK_WIN};

// A command on open-men's `board` of `round` for pass `pass`, its id made
// of `prefix`, the pass and the board.
template <typename Request>
Request BoardCommand(const std::string& prefix, int pass, int round,
                     int board) {
  Request request;
  request.set_command_id(absl::StrCat(prefix, pass, "-b", board));
  request.set_tournament_id(standings::kTournamentId);
  request.set_section_id("open-men");
  request.set_round(round);
  request.set_board(board);
  request.set_result(kResults[(pass + board) % 3]);
  return request;
}

// One call of `method` with `token`, twice when `retry`: the second must be
// answered replayed at the first's position. Answers that position, or the
// refusal in `error`.
template <typename Request, typename Response>
uint64_t Call(v1::PlayService::Stub& stub,
              grpc::Status (v1::PlayService::Stub::*method)(
                  grpc::ClientContext*, const Request&, Response*),
              const std::string& token, const Request& request, bool retry,
              std::string& error, bool& replayed) {
  Response response;
  grpc::Status status =
      (stub.*method)(NewCall(token, kCallTimeout).get(), request, &response);
  if (!status.ok()) {
    error = absl::StrCat(request.command_id(), ": ", status.error_code(), " ",
                         status.error_message());
    return 0;
  }
  const uint64_t position = response.result().last_position();
  if (!retry) return position;
  Response again;
  status = (stub.*method)(NewCall(token, kCallTimeout).get(), request, &again);
  replayed = status.ok() && again.result().replayed() &&
             again.result().last_position() == position;
  if (!replayed) {
    error =
        absl::StrCat(request.command_id(),
                     ": a retry was not replayed: ", status.error_message());
  }
  return position;
}

}  // namespace

PacedArbiters::PacedArbiters(const Options& options)
    : options_(options),
      pairing_(v1::PairingService::NewStub(NewChannel(options.address, -1))) {
  for (int i = 0; i < options_.arbiters; ++i) {
    play_.push_back(v1::PlayService::NewStub(NewChannel(options.address, i)));
  }
  threads_.emplace_back([this] { Coordinate(); });
  for (int i = 0; i < options_.arbiters; ++i) {
    threads_.emplace_back([this, i] { Arbitrate(i); });
  }
}

PacedArbiters::~PacedArbiters() { Stop(); }

void PacedArbiters::Stop() {
  {
    absl::MutexLock lock(&mutex_);
    stopping_ = true;
  }
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

void PacedArbiters::Coordinate() {
  bool pairing = true;
  for (int pass = 1;; ++pass) {
    pairing = pairing && pass <= options_.rounds;
    if (pairing) {
      v1::PairRoundResponse paired;
      const grpc::Status status =
          pairing_->PairRound(NewCall(standings::kPairingOfficer).get(),
                              standings::OpenMenRound(pass), &paired);
      // A small section may run out of legal pairings (R6.3) before the
      // last round: its corrections go on from the last round paired.
      if (status.error_code() == grpc::StatusCode::FAILED_PRECONDITION &&
          pass > 1) {
        pairing = false;
        absl::MutexLock lock(&mutex_);
        tally_.rounds_ended = status.error_message();
      } else if (!status.ok()) {
        Fail(absl::StrCat("pair round ", pass, ": ", status.error_message()));
        break;
      }
    }
    absl::MutexLock lock(&mutex_);
    if (pairing) ++tally_.rounds_paired;
    pass_ = pass;
    next_board_ = 0;
    answered_ = 0;
    auto done = [this]() ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
      return stopping_ || answered_ == options_.boards;
    };
    if (!mutex_.AwaitWithDeadline(absl::Condition(&done), options_.until) ||
        stopping_) {
      break;
    }
  }
  absl::MutexLock lock(&mutex_);
  stopping_ = true;
}

void PacedArbiters::Arbitrate(int arbiter) {
  const absl::Duration interval =
      absl::Seconds(options_.arbiters / options_.per_second);
  absl::Time next = absl::Now() + interval * arbiter / options_.arbiters;
  while (true) {
    Job job;
    {
      absl::MutexLock lock(&mutex_);
      // Paced: wait for the arbiter's next turn, unless the soak ends.
      auto stopping = [this]() ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
        return stopping_;
      };
      mutex_.AwaitWithDeadline(absl::Condition(&stopping),
                               std::min(next, options_.until));
      auto has_job = [this]() ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
        return stopping_ || commands_ >= options_.max_commands ||
               (pass_ > 0 && next_board_ < options_.boards);
      };
      if (!mutex_.AwaitWithDeadline(absl::Condition(&has_job),
                                    options_.until) ||
          stopping_ || commands_ >= options_.max_commands ||
          absl::Now() >= options_.until) {
        return;
      }
      job.pass = pass_;
      job.correct = pass_ > tally_.rounds_paired;
      job.round = job.correct ? tally_.rounds_paired : pass_;
      job.board = ++next_board_;
      job.retry = ++commands_ % options_.retry_every == 0;
    }
    // A wait for the next round does not earn a burst afterwards.
    next = std::max(next + interval, absl::Now());
    const uint64_t position = Send(*play_[arbiter], job);
    const absl::Time answered = absl::Now();
    absl::MutexLock lock(&mutex_);
    ++answered_;
    if (position == 0) continue;
    recorded_.push_back({position, answered});
    tally_.last_position = std::max(tally_.last_position, position);
    ++(job.correct ? tally_.corrections : tally_.results);
  }
}

uint64_t PacedArbiters::Send(v1::PlayService::Stub& stub, const Job& job) {
  std::string error;
  bool replayed = false;
  uint64_t position = 0;
  // Pass p sets result (p + board) % 3: each round's own up to the last
  // round, then at each correction pass one other than the pass before.
  if (!job.correct) {
    auto request = BoardCommand<v1::RecordResultRequest>("soak-r", job.pass,
                                                         job.round, job.board);
    position = Call(stub, &v1::PlayService::Stub::RecordResult,
                    standings::kArbiter, request, job.retry, error, replayed);
  } else {
    auto request = BoardCommand<v1::CorrectResultRequest>("soak-c", job.pass,
                                                          job.round, job.board);
    request.set_reason(absl::StrCat("soak: correction pass ", job.pass));
    position = Call(stub, &v1::PlayService::Stub::CorrectResult,
                    standings::kChief, request, job.retry, error, replayed);
  }
  if (replayed) {
    absl::MutexLock lock(&mutex_);
    ++tally_.replays;
  }
  if (!error.empty()) Fail(error);
  return position;
}

void PacedArbiters::Fail(const std::string& what) {
  absl::MutexLock lock(&mutex_);
  ++tally_.errors;
  if (tally_.first_error.empty()) tally_.first_error = what;
}

std::vector<Recorded> PacedArbiters::TakeRecorded() {
  std::vector<Recorded> taken;
  absl::MutexLock lock(&mutex_);
  taken.swap(recorded_);
  return taken;
}

PacedArbiters::Tally PacedArbiters::tally() const {
  absl::MutexLock lock(&mutex_);
  return tally_;
}

}  // namespace qiwang::load
