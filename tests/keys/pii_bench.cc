// What sealing personal data costs the commands a registrar runs and the
// fold (issue 18), each against the same work without a data key, in one
// run: RegisterPlayer and CheckInPlayer through a ledger over a synced log,
// plain vs through the SealingEventLog (a new person's key written in the
// same synced write as the event), and a cold fold of the registrations,
// plain vs opening every sealed person; and the start's check for hashes
// under the master key, reading the log vs answering from its note.
#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "benchmark/benchmark.h"
#include "services/keys/master_key_hashes.h"
#include "services/keys/person_keyring.h"
#include "services/keys/sealing_event_log.h"
#include "services/ledger/ledger.h"
#include "tests/ledger/ledger_fixture.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::keys {
namespace {

namespace tournament = rules::tournament;
using ledger::CommandOutcome;
using ledger::kTournament;

constexpr char kMasterKey[] = "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk";  // 32 bytes

// A ledger over a synced log in a temporary folder, sealing or not.
class Rig {
 public:
  explicit Rig(bool sealed) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "pii-bench-XXXXXX").string();
    dir_ = mkdtemp(pattern.data());
    log_ = *store::EventLog::Open(dir_);
    store::EventLog* ledger_log = log_.get();
    if (sealed) {
      ring_ = *PersonKeyring::Open(*log_, kMasterKey, "bench.key");
      sealing_ = std::make_unique<SealingEventLog>(*log_, *ring_);
      ledger_log = sealing_.get();
    }
    clock_ = std::make_unique<ledger::ManualClock>(
        tournament::Beijing(2016, 9, 1, 10, 0));
    ledger_ = std::make_unique<ledger::Ledger>(*ledger_log, *clock_);
    v1::CreateTournamentRequest create;
    create.set_command_id("create");
    *create.mutable_config() = tournament::Sichuan2016();
    (void)ledger::ExecuteCommand(*ledger_, "CreateTournament", create,
                                 &tournament::DecideCreate,
                                 rules::Role::kOrganiser);
  }
  ~Rig() {
    ledger_.reset();
    sealing_.reset();
    ring_.reset();
    log_.reset();
    std::filesystem::remove_all(dir_);
  }

  absl::StatusOr<CommandOutcome> Register(int n) {
    const std::string name = absl::StrCat("P", n);
    return ledger::ExecuteCommand(
        *ledger_, "RegisterPlayer",
        ledger::ProfessionalEntry(name, name, 1 + n % 28),
        &tournament::DecideRegister, rules::Role::kRegistrar);
  }

  absl::StatusOr<CommandOutcome> CheckIn(int player_id) {
    v1::CheckInPlayerRequest request;
    request.set_command_id(absl::StrCat("check-in-", player_id));
    request.set_tournament_id(kTournament);
    request.set_player_id(player_id);
    request.add_documents(v1::CHECK_IN_DOCUMENT_IDENTITY_COPY);
    request.add_documents(v1::CHECK_IN_DOCUMENT_INSURANCE);
    return ledger::ExecuteCommand(*ledger_, "CheckInPlayer", request,
                                  &tournament::DecideCheckIn,
                                  rules::Role::kRegistrar);
  }

  // A fresh ledger's first read: the cold fold of the stream.
  void ColdFold() {
    store::EventLog& log =
        sealing_ != nullptr ? static_cast<store::EventLog&>(*sealing_) : *log_;
    ledger::Ledger fresh(log, *clock_);
    benchmark::DoNotOptimize(fresh.Read(kTournament, {}));
  }

  // qiwangd's check at start (sealed rigs only): the whole log read, or
  // the note of an earlier read that found none.
  absl::StatusOr<size_t> ReadForHashes() const {
    return CountHashedUnderMasterKey(*sealing_, kMasterKey);
  }
  absl::StatusOr<size_t> StartCheck() {
    return CountHashedUnderMasterKeyOnce(*sealing_, *ring_, kMasterKey);
  }

  ledger::ManualClock& clock() { return *clock_; }

 private:
  std::string dir_;
  std::unique_ptr<store::EventLog> log_;
  std::unique_ptr<PersonKeyring> ring_;
  std::unique_ptr<SealingEventLog> sealing_;
  std::unique_ptr<ledger::ManualClock> clock_;
  std::unique_ptr<ledger::Ledger> ledger_;
};

void Report(benchmark::State& state, const char* name, absl::Duration sealed,
            absl::Duration plain) {
  const double iterations = static_cast<double>(state.iterations());
  state.counters[std::string(name) + "_plain_us"] =
      absl::ToDoubleMicroseconds(plain) / iterations;
  state.counters[std::string(name) + "_sealed_us"] =
      absl::ToDoubleMicroseconds(sealed) / iterations;
  state.counters[std::string(name) + "_ratio"] =
      absl::ToDoubleMicroseconds(sealed) / absl::ToDoubleMicroseconds(plain);
}

template <typename Step>
bool Timed(benchmark::State& state, Step step, absl::Duration& total) {
  const absl::Time start = absl::Now();
  absl::StatusOr<CommandOutcome> outcome = step();
  total += absl::Now() - start;
  if (!outcome.ok()) {
    state.SkipWithError(std::string(outcome.status().message()).c_str());
    return false;
  }
  return true;
}

// Each iteration registers a new person (a new data key) in both ledgers,
// then checks them in, alternating which goes first.
void BM_RegisterAndCheckInSealedVersusPlain(benchmark::State& state) {
  Rig plain(/*sealed=*/false);
  Rig sealed(/*sealed=*/true);
  int n = 0;
  absl::Duration register_plain, register_sealed;
  for (auto _ : state) {
    ++n;
    Rig* first = n % 2 == 0 ? &plain : &sealed;
    Rig* second = first == &plain ? &sealed : &plain;
    for (Rig* rig : {first, second}) {
      if (!Timed(
              state, [&] { return rig->Register(n); },
              rig == &plain ? register_plain : register_sealed)) {
        return;
      }
    }
  }
  Report(state, "register", register_sealed, register_plain);
  (void)plain.clock().Set(tournament::Beijing(2016, 10, 13, 15, 0));
  (void)sealed.clock().Set(tournament::Beijing(2016, 10, 13, 15, 0));
  absl::Duration check_in_plain, check_in_sealed;
  for (int player = 1; player <= n; ++player) {
    Rig* first = player % 2 == 0 ? &plain : &sealed;
    Rig* second = first == &plain ? &sealed : &plain;
    for (Rig* rig : {first, second}) {
      if (!Timed(
              state, [&] { return rig->CheckIn(player); },
              rig == &plain ? check_in_plain : check_in_sealed)) {
        return;
      }
    }
  }
  Report(state, "check_in", check_in_sealed, check_in_plain);
}
BENCHMARK(BM_RegisterAndCheckInSealedVersusPlain)->Iterations(500);

// A fresh ledger folding state.range(0) registrations: plain events vs
// sealed ones opened with their keys.
void BM_ColdFoldSealedVersusPlain(benchmark::State& state) {
  Rig plain(/*sealed=*/false);
  Rig sealed(/*sealed=*/true);
  for (int n = 1; n <= state.range(0); ++n) {
    (void)plain.Register(n);
    (void)sealed.Register(n);
  }
  absl::Duration plain_time, sealed_time;
  for (auto _ : state) {
    absl::Time start = absl::Now();
    plain.ColdFold();
    plain_time += absl::Now() - start;
    start = absl::Now();
    sealed.ColdFold();
    sealed_time += absl::Now() - start;
  }
  Report(state, "fold", sealed_time, plain_time);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_ColdFoldSealedVersusPlain)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond);

// qiwangd's start on a log of state.range(0) sealed registrations: the first
// start reads the whole log for hashes under the master key (and notes that
// it found none); later starts read the note.
void BM_StartCheckReadVersusNoted(benchmark::State& state) {
  Rig sealed(/*sealed=*/true);
  for (int n = 1; n <= state.range(0); ++n) (void)sealed.Register(n);
  if (absl::StatusOr<size_t> noted = sealed.StartCheck(); !noted.ok()) {
    state.SkipWithError(std::string(noted.status().message()).c_str());
    return;
  }
  absl::Duration read_time, noted_time;
  for (auto _ : state) {
    absl::Time start = absl::Now();
    benchmark::DoNotOptimize(sealed.ReadForHashes());
    read_time += absl::Now() - start;
    start = absl::Now();
    benchmark::DoNotOptimize(sealed.StartCheck());
    noted_time += absl::Now() - start;
  }
  const double iterations = static_cast<double>(state.iterations());
  state.counters["read_ms"] =
      absl::ToDoubleMilliseconds(read_time) / iterations;
  state.counters["noted_ms"] =
      absl::ToDoubleMilliseconds(noted_time) / iterations;
  state.counters["read_over_noted"] = absl::ToDoubleMicroseconds(read_time) /
                                      absl::ToDoubleMicroseconds(noted_time);
}
BENCHMARK(BM_StartCheckReadVersusNoted)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace qiwang::keys

BENCHMARK_MAIN();
