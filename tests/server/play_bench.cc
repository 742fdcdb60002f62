// Benchmark (not a test): results entered by 64 concurrent gRPC clients on
// one tournament, against the honest baseline from the same 64 clients on the
// same channels in the same run: raw EventLogService.Append through gRPC (one
// note each to a notes/ stream of its own; same transport, no rules). Prints
// results/s and p50/p99 latency per round, raw gRPC appends/s and the ratio,
// with the process's CPU time (server and clients) per phase and the load
// average; and, for reference, raw synced appends to the store in-process.
//
// Usage: play_bench [players (default 2000)] [rounds (default 3)]
// The tournament: the 2016 configuration with the station quota raised to
// `players`, all checked in; each round is paired by the PairingService
// (Swiss, players/2 boards) and then entered by the 64 clients, each result
// once (a client takes every 64th board), as arbiters do.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "absl/time/clock.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/server/server.h"
#include "store/event_log.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang {
namespace {

using rules::Role;
using rules::tournament::Beijing;

constexpr int kClients = 64;
constexpr int kChannels = 8;
constexpr char kId[] = "sichuan-2016";

std::unique_ptr<grpc::ClientContext> Call(const std::string& token) {
  auto call = std::make_unique<grpc::ClientContext>();
  call->set_deadline(absl::ToChronoTime(absl::Now() + absl::Minutes(5)));
  call->AddMetadata("authorization", absl::StrCat("Bearer ", token));
  return call;
}

void Check(const grpc::Status& status, const std::string& what) {
  if (status.ok()) return;
  std::fprintf(stderr, "%s: %s\n", what.c_str(),
               status.error_message().c_str());
  std::exit(1);
}

struct Figures {
  double per_second = 0;
  double p50_ms = 0;
  double p99_ms = 0;
  size_t count = 0;
  double cpu_seconds = 0;  // user + system, the whole process
};

double CpuSeconds() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// The 1-minute load average (the machine may be shared).
std::string LoadAverage() {
  std::FILE* file = std::fopen("/proc/loadavg", "r");
  if (file == nullptr) return "?";
  char text[64] = {};
  const bool read = std::fgets(text, sizeof(text), file) != nullptr;
  std::fclose(file);
  if (!read) return "?";
  std::string load(text);
  return load.substr(0, load.find(' '));
}

Figures Summarise(std::vector<absl::Duration> latencies, absl::Duration wall) {
  std::sort(latencies.begin(), latencies.end());
  Figures figures;
  figures.count = latencies.size();
  if (latencies.empty()) return figures;
  figures.per_second = latencies.size() / absl::ToDoubleSeconds(wall);
  figures.p50_ms =
      absl::ToDoubleMilliseconds(latencies[latencies.size() * 50 / 100]);
  figures.p99_ms =
      absl::ToDoubleMilliseconds(latencies[latencies.size() * 99 / 100]);
  return figures;
}

// Runs `work(thread, latencies)` on kClients threads and summarises.
template <typename Work>
Figures RunClients(const Work& work) {
  std::vector<std::vector<absl::Duration>> latencies(kClients);
  std::vector<std::thread> threads;
  const double cpu_start = CpuSeconds();
  const absl::Time start = absl::Now();
  for (int t = 0; t < kClients; ++t) {
    threads.emplace_back([&, t] { work(t, latencies[t]); });
  }
  for (std::thread& thread : threads) thread.join();
  const absl::Duration wall = absl::Now() - start;
  std::vector<absl::Duration> all;
  for (const auto& mine : latencies)
    all.insert(all.end(), mine.begin(), mine.end());
  Figures figures = Summarise(std::move(all), wall);
  figures.cpu_seconds = CpuSeconds() - cpu_start;
  return figures;
}

// The baseline: `per_client` raw EventLogService.Append calls from each of
// the 64 clients on the benchmark's channels, one note each to a notes/
// stream of the client's own (raw appends go only there, from the
// organiser).
Figures RawGrpcAppends(
    const std::vector<std::shared_ptr<grpc::Channel>>& channels,
    int per_client) {
  const std::string text(120, 'x');  // about a ResultRecorded's size
  return RunClients([&](int t, std::vector<absl::Duration>& latencies) {
    auto log = v1::EventLogService::NewStub(channels[t % channels.size()]);
    for (int i = 0; i < per_client; ++i) {
      v1::AppendRequest request;
      request.set_stream(absl::StrCat("notes/bench-", t));
      request.mutable_expected_version()->set_kind(
          v1::ExpectedVersion::KIND_ANY);
      request.set_command_id(absl::StrCat("note-", t, "-", i));
      request.add_events()->mutable_log_note()->set_text(text);
      v1::AppendResponse response;
      const absl::Time begin = absl::Now();
      Check(log->Append(Call("organiser").get(), request, &response),
            "raw append");
      latencies.push_back(absl::Now() - begin);
    }
  });
}

// For reference: synced appends of one small event from 64 threads, each to
// its own stream, on a log of its own, in-process (no gRPC).
Figures RawStoreAppends(const std::string& dir, int per_thread) {
  absl::StatusOr<std::unique_ptr<store::EventLog>> log =
      store::EventLog::Open(dir);
  if (!log.ok()) {
    std::fprintf(stderr, "%s\n", log.status().ToString().c_str());
    std::exit(1);
  }
  const std::string payload(120, 'x');  // about a ResultRecorded's size
  return RunClients([&](int t, std::vector<absl::Duration>& latencies) {
    for (int i = 0; i < per_thread; ++i) {
      store::AppendRequest append;
      append.stream = absl::StrCat("raw-", t);
      append.command_id = absl::StrCat("raw-", t, "-", i);
      append.events = {payload};
      const absl::Time begin = absl::Now();
      if (!(*log)->Append(append).ok()) std::exit(1);
      latencies.push_back(absl::Now() - begin);
    }
  });
}

// Runs `call(i)` for i in [0, count) on 16 threads (setup only).
template <typename Call>
void Parallel(int count, const Call& call) {
  std::atomic<int> next = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 16; ++t) {
    threads.emplace_back([&] {
      for (int i = next++; i < count; i = next++) call(i);
    });
  }
  for (std::thread& thread : threads) thread.join();
}

void EnterPlayers(const std::shared_ptr<grpc::Channel>& channel,
                  ledger::ManualClock& clock, int players) {
  auto tournaments = v1::TournamentService::NewStub(channel);
  v1::CreateTournamentRequest create;
  create.set_command_id("create");
  *create.mutable_config() = rules::tournament::Sichuan2016();
  for (v1::StationQuota& quota :
       *create.mutable_config()->mutable_station_quotas()) {
    quota.set_qualifiers(players);
  }
  v1::CreateTournamentResponse created;
  Check(
      tournaments->CreateTournament(Call("organiser").get(), create, &created),
      "create");
  std::vector<v1::Person> people;
  for (int i = 0; i < players; ++i) {
    const absl::CivilDay born = absl::CivilDay(1960, 1, 1) + 3 * i;
    people.push_back(rules::tournament::MakePerson(
        absl::StrCat("P ", i + 1), static_cast<int>(born.year()), born.month(),
        born.day(), v1::GENDER_MALE));
  }
  v1::RecordStationResultsRequest station;
  station.set_command_id("station");
  station.set_tournament_id(kId);
  station.mutable_station()->set_id("chengdu");
  station.mutable_station()->set_kind(v1::STATION_KIND_CITY);
  station.mutable_station()->mutable_date()->set_year(2016);
  station.mutable_station()->mutable_date()->set_month(5);
  station.mutable_station()->mutable_date()->set_day(14);
  for (const v1::Person& person : people) *station.add_ranking() = person;
  v1::RecordStationResultsResponse recorded;
  Check(tournaments->RecordStationResults(Call("registrar").get(), station,
                                          &recorded),
        "station");
  Parallel(players, [&](int i) {
    v1::RegisterPlayerRequest entry;
    entry.set_command_id(absl::StrCat("register-", i));
    entry.set_tournament_id(kId);
    *entry.mutable_person() = people[i];
    entry.set_title(v1::TITLE_NONE);
    entry.set_residency(v1::RESIDENCY_NATIVE);
    entry.set_insurance_confirmed(true);
    v1::RegisterPlayerResponse registered;
    Check(tournaments->RegisterPlayer(Call("registrar").get(), entry,
                                      &registered),
          "register");
  });
  if (!clock.Set(Beijing(2016, 10, 13, 15, 0)).ok()) std::exit(1);
  Parallel(players, [&](int i) {
    v1::CheckInPlayerRequest check_in;
    check_in.set_command_id(absl::StrCat("check-in-", i + 1));
    check_in.set_tournament_id(kId);
    check_in.set_player_id(i + 1);
    check_in.add_documents(v1::CHECK_IN_DOCUMENT_IDENTITY_COPY);
    check_in.add_documents(v1::CHECK_IN_DOCUMENT_INSURANCE);
    v1::CheckInPlayerResponse checked_in;
    Check(tournaments->CheckInPlayer(Call("arbiter").get(), check_in,
                                     &checked_in),
          "check in");
  });
  if (!clock.Set(Beijing(2016, 10, 13, 18, 30)).ok()) std::exit(1);
  v1::CloseCheckInRequest close;
  close.set_command_id("close");
  close.set_tournament_id(kId);
  close.set_reason("window over");
  v1::CloseCheckInResponse closed;
  Check(tournaments->CloseCheckIn(Call("chief").get(), close, &closed),
        "close");
}

int PairRound(const std::shared_ptr<grpc::Channel>& channel, int round) {
  v1::PairRoundRequest request;
  request.set_command_id(absl::StrCat("pair-", round));
  request.set_tournament_id(kId);
  request.set_section_id("open-men");
  request.set_round(round);
  request.set_lots_seed(2016);
  v1::PairRoundResponse response;
  Check(v1::PairingService::NewStub(channel)->PairRound(Call("pairing").get(),
                                                        request, &response),
        absl::StrCat("pair round ", round));
  return response.rounds_size() == 0 ? 0 : response.rounds(0).boards_size();
}

int Main(int argc, char** argv) {
  const int players = argc > 1 ? std::atoi(argv[1]) : 2000;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  std::string dir =
      (std::filesystem::temp_directory_path() / "play_bench_XXXXXX").string();
  if (mkdtemp(dir.data()) == nullptr) return 1;

  server::ServerOptions options;
  options.data_dir = dir + "/log";
  options.tokens = {{"organiser", "olive", {Role::kOrganiser}},
                    {"registrar", "rita", {Role::kRegistrar}},
                    {"arbiter", "arthur", {Role::kArbiter}},
                    {"chief", "chen", {Role::kChiefArbiter}},
                    {"pairing", "pat", {Role::kPairingOfficer}}};
  auto clock =
      std::make_shared<ledger::ManualClock>(Beijing(2016, 9, 1, 10, 0));
  options.clock = clock;
  absl::StatusOr<std::unique_ptr<server::Server>> server =
      server::Server::Start(options);
  if (!server.ok()) {
    std::fprintf(stderr, "%s\n", server.status().ToString().c_str());
    return 1;
  }
  std::vector<std::shared_ptr<grpc::Channel>> channels;
  for (int c = 0; c < kChannels; ++c) {
    grpc::ChannelArguments arguments;
    arguments.SetInt("bench.channel", c);  // a connection per channel
    channels.push_back(grpc::CreateCustomChannel(
        (*server)->address(), grpc::InsecureChannelCredentials(), arguments));
  }
  const absl::Time setup = absl::Now();
  EnterPlayers(channels[0], *clock, players);
  std::printf("setup: %d players registered and checked in in %.1f s\n",
              players, absl::ToDoubleSeconds(absl::Now() - setup));

  std::printf("load average at start: %s\n", LoadAverage().c_str());
  absl::Duration wall;
  size_t results = 0;
  double results_cpu = 0;
  double worst_p99_ms = 0;
  for (int round = 1; round <= rounds; ++round) {
    const int boards = PairRound(channels[0], round);
    const Figures figures =
        RunClients([&](int t, std::vector<absl::Duration>& mine) {
          auto play = v1::PlayService::NewStub(channels[t % kChannels]);
          for (int board = 1 + t; board <= boards; board += kClients) {
            v1::RecordResultRequest request;
            request.set_command_id(absl::StrCat("r", round, "-b", board));
            request.set_tournament_id(kId);
            request.set_section_id("open-men");
            request.set_round(round);
            request.set_board(board);
            request.set_result(board % 3 == 0 ? v1::GAME_RESULT_DRAW
                                              : v1::GAME_RESULT_RED_WIN);
            v1::RecordResultResponse response;
            const absl::Time begin = absl::Now();
            Check(play->RecordResult(Call("arbiter").get(), request, &response),
                  "record result");
            mine.push_back(absl::Now() - begin);
          }
        });
    std::printf(
        "round %d: %d boards, %zu results in 64 clients: %.0f results/s, "
        "p50 %.2f ms, p99 %.2f ms, cpu %.2f s\n",
        round, boards, figures.count, figures.per_second, figures.p50_ms,
        figures.p99_ms, figures.cpu_seconds);
    results += figures.count;
    results_cpu += figures.cpu_seconds;
    worst_p99_ms = std::max(worst_p99_ms, figures.p99_ms);
    wall += absl::Seconds(figures.count / figures.per_second);
  }
  const int per_client = static_cast<int>((results + kClients - 1) / kClients);
  const Figures raw = RawGrpcAppends(channels, per_client);
  std::printf(
      "baseline: %zu raw gRPC EventLogService.Append from the same 64 "
      "clients: %.0f appends/s, p50 %.2f ms, p99 %.2f ms, cpu %.2f s\n",
      raw.count, raw.per_second, raw.p50_ms, raw.p99_ms, raw.cpu_seconds);
  const Figures store = RawStoreAppends(dir + "/raw", per_client);
  std::printf(
      "reference: %zu raw synced store appends in-process from 64 threads: "
      "%.0f appends/s, p50 %.2f ms, p99 %.2f ms\n",
      store.count, store.per_second, store.p50_ms, store.p99_ms);
  const double overall = results / absl::ToDoubleSeconds(wall);
  std::printf(
      "results overall: %.0f results/s = %.2f x raw gRPC appends/s "
      "(target >= 0.70), worst round p99 %.2f ms (target <= 20), "
      "cpu %.0f us per result vs %.0f us per raw append\n",
      overall, overall / raw.per_second, worst_p99_ms,
      1e6 * results_cpu / results, 1e6 * raw.cpu_seconds / raw.count);
  std::printf("load average at end: %s\n", LoadAverage().c_str());
  server->reset();
  std::filesystem::remove_all(dir);
  return 0;
}

}  // namespace
}  // namespace qiwang

int main(int argc, char** argv) { return qiwang::Main(argc, argv); }
