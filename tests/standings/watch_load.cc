#include "tests/standings/watch_load.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <utility>

#include "absl/base/thread_annotations.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::standings {
namespace {

// Every message the watcher received: the position it reflects and when.
class Watcher {
 public:
  explicit Watcher(std::shared_ptr<grpc::Channel> channel)
      : stub_(v1::StandingsService::NewStub(std::move(channel))) {
    v1::WatchStandingsRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_ranking_id("open-men");
    reader_ = stub_->WatchStandings(&call_, request);
    thread_ = std::thread([this] { Run(); });
  }

  // Waits until a message covers `position` (or 30 s), then ends the watch.
  void StopAfter(uint64_t position) {
    {
      absl::MutexLock lock(&mutex_);
      auto covered = [this, position]() ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
        return !seen_.empty() && seen_.back().first >= position;
      };
      mutex_.AwaitWithTimeout(absl::Condition(&covered), absl::Seconds(30));
    }
    call_.TryCancel();
    thread_.join();
  }

  // When the first message covering `position` arrived; InfiniteFuture if
  // none did.
  absl::Time SeenAt(uint64_t position) const {
    absl::MutexLock lock(&mutex_);
    auto it = std::lower_bound(seen_.begin(), seen_.end(), position,
                               [](const std::pair<uint64_t, absl::Time>& seen,
                                  uint64_t p) { return seen.first < p; });
    return it == seen_.end() ? absl::InfiniteFuture() : it->second;
  }

  int messages() const {
    absl::MutexLock lock(&mutex_);
    return static_cast<int>(seen_.size());
  }

 private:
  void Run() {
    v1::WatchStandingsResponse standings;
    while (reader_->Read(&standings)) {
      const absl::Time now = absl::Now();
      absl::MutexLock lock(&mutex_);
      seen_.emplace_back(standings.as_of_position(), now);
    }
    // Only StopAfter may end a watch; a refused one (a watch limit, say)
    // would pass for missed messages.
    const grpc::Status status = reader_->Finish();
    if (status.error_code() != grpc::StatusCode::CANCELLED) {
      Check(status, "watch standings");
    }
  }

  std::unique_ptr<v1::StandingsService::Stub> stub_;
  grpc::ClientContext call_;
  std::unique_ptr<grpc::ClientReader<v1::WatchStandingsResponse>> reader_;
  mutable absl::Mutex mutex_;
  std::vector<std::pair<uint64_t, absl::Time>> seen_ ABSL_GUARDED_BY(mutex_);
  std::thread thread_;
};

struct Recorded {
  uint64_t position = 0;
  absl::Time sent;
  absl::Time acknowledged;
};

void PairRound(const LoadTarget& target, int round) {
  auto pairing = v1::PairingService::NewStub(target.WriteChannel(-1));
  v1::PairRoundResponse response;
  Check(pairing->PairRound(NewCall(kPairingOfficer).get(), OpenMenRound(round),
                           &response),
        absl::StrCat("pair round ", round));
}

}  // namespace

void Check(const grpc::Status& status, const std::string& what) {
  if (status.ok()) return;
  fprintf(stderr, "%s: %s\n", what.c_str(), status.error_message().c_str());
  abort();
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t index = std::min(
      values.size() - 1, static_cast<size_t>(p * (values.size() - 1) + 0.5));
  return values[index];
}

double ProcessMemoryMb(const std::string& field,
                       const std::string& status_path) {
  std::ifstream status(status_path);
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field, 0) == 0) {
      return std::strtod(line.c_str() + field.size(), nullptr) / 1024.0;
    }
  }
  return 0;
}

void RaiseOpenFileLimit() {
  rlimit limit;
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  if (limit.rlim_cur >= limit.rlim_max) return;
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
}

void RunWatchLoad(benchmark::State& state, const LoadTarget& target) {
  RaiseOpenFileLimit();
  std::vector<std::unique_ptr<v1::PlayService::Stub>> arbiters;
  for (int i = 0; i < kLoadClients; ++i) {
    arbiters.push_back(v1::PlayService::NewStub(target.WriteChannel(i)));
  }
  std::vector<std::unique_ptr<Watcher>> watchers;
  for (int w = 0; w < state.range(0); ++w) {
    watchers.push_back(
        std::make_unique<Watcher>(target.ReadChannel(kLoadClients + w)));
  }
  state.ResumeTiming();

  std::vector<Recorded> recorded(kLoadRounds * kLoadClients);
  const absl::Time start = absl::Now();
  for (int round = 1; round <= kLoadRounds; ++round) {
    PairRound(target, round);
    std::vector<std::thread> clients;
    for (int i = 0; i < kLoadClients; ++i) {
      clients.emplace_back([&, round, i] {
        static constexpr v1::GameResult kResults[] = {
            v1::GAME_RESULT_RED_WIN, v1::GAME_RESULT_DRAW,
            v1::GAME_RESULT_BLACK_WIN};
        v1::RecordResultRequest request;
        request.set_command_id(absl::StrCat("r", round, "-", i));
        request.set_tournament_id(kTournamentId);
        request.set_section_id("open-men");
        request.set_round(round);
        request.set_board(i + 1);
        request.set_result(kResults[(round + i) % 3]);
        v1::RecordResultResponse response;
        Recorded& mine = recorded[(round - 1) * kLoadClients + i];
        mine.sent = absl::Now();
        Check(arbiters[i]->RecordResult(NewCall(kArbiter).get(), request,
                                        &response),
              "record result");
        mine.acknowledged = absl::Now();
        mine.position = response.result().last_position();
      });
    }
    for (std::thread& client : clients) client.join();
  }
  const absl::Duration recording = absl::Now() - start;
  uint64_t last = 0;
  for (const Recorded& r : recorded) last = std::max(last, r.position);
  for (auto& watcher : watchers) watcher->StopAfter(last);

  std::vector<double> lag_ms, from_send_ms, latency_ms;
  int missed = 0;
  int messages = 0;
  for (const Recorded& r : recorded) {
    latency_ms.push_back(absl::ToDoubleMilliseconds(r.acknowledged - r.sent));
  }
  for (const auto& watcher : watchers) {
    messages += watcher->messages();
    for (const Recorded& r : recorded) {
      const absl::Time seen = watcher->SeenAt(r.position);
      if (seen == absl::InfiniteFuture()) {
        ++missed;
        continue;
      }
      lag_ms.push_back(
          std::max(0.0, absl::ToDoubleMilliseconds(seen - r.acknowledged)));
      from_send_ms.push_back(absl::ToDoubleMilliseconds(seen - r.sent));
    }
  }
  state.counters["results"] = static_cast<double>(recorded.size());
  state.counters["results_per_s"] =
      recorded.size() / absl::ToDoubleSeconds(recording);
  state.counters["watchers"] = static_cast<double>(watchers.size());
  state.counters["watch_messages"] = messages;
  state.counters["missed"] = missed;
  state.counters["lag_p50_ms"] = Percentile(lag_ms, 0.50);
  state.counters["lag_p99_ms"] = Percentile(lag_ms, 0.99);
  state.counters["lag_max_ms"] = Percentile(lag_ms, 1.0);
  state.counters["from_send_p50_ms"] = Percentile(from_send_ms, 0.50);
  state.counters["from_send_p99_ms"] = Percentile(from_send_ms, 0.99);
  state.counters["record_p50_ms"] = Percentile(latency_ms, 0.50);
  state.counters["record_p99_ms"] = Percentile(latency_ms, 0.99);

  // What one view costs a watch: a GetStandings of the final standings
  // (projection read, ranking, gRPC), timed on its own. min_position: a
  // read process must have applied the last result (read-your-writes).
  auto reader = v1::StandingsService::NewStub(target.ReadChannel(-2));
  std::vector<double> get_ms;
  for (int i = 0; i < 50; ++i) {
    v1::GetStandingsRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_ranking_id("open-men");
    request.mutable_read()->set_min_position(last);
    v1::GetStandingsResponse response;
    const absl::Time sent = absl::Now();
    Check(reader->GetStandings(NewCall().get(), request, &response),
          "get standings");
    get_ms.push_back(absl::ToDoubleMilliseconds(absl::Now() - sent));
  }
  state.counters["get_standings_p50_ms"] = Percentile(get_ms, 0.50);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

void WriteSecretFile(const std::string& path, const std::string& contents) {
  std::ofstream(path, std::ios::trunc) << contents;
  std::filesystem::permissions(path, std::filesystem::perms::owner_read |
                                         std::filesystem::perms::owner_write);
}

double ProcessCpuSeconds(const std::string& pid) {
  const std::string stat = ReadFile(absl::StrCat("/proc/", pid, "/stat"));
  const size_t paren = stat.rfind(')');
  if (paren == std::string::npos) return 0;
  // After "pid (comm) ": utime and stime are fields 14 and 15 of the line.
  std::vector<std::string> fields = absl::StrSplit(stat.substr(paren + 2), ' ');
  double user = 0;
  double system = 0;
  if (fields.size() < 13 || !absl::SimpleAtod(fields[11], &user) ||
      !absl::SimpleAtod(fields[12], &system)) {
    return 0;
  }
  return (user + system) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace qiwang::standings
