// What sealing a person's private fields costs (issue 18): a first seal
// creates the person's key (written to the log's WAL, made durable by the
// event's own synced append); later seals and official reads only run the
// cipher. Commands end to end: pii_bench.
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "crypto/identity_hash.h"
#include "services/keys/person_keyring.h"
#include "tests/store/log_test_support.h"

namespace qiwang::keys {
namespace {

// A log in a temporary folder and its keyring.
struct Ring {
  store::testing::TempDir dir;
  std::unique_ptr<store::EventLog> log = store::testing::OpenLog(dir.path());
  std::unique_ptr<PersonKeyring> ring =
      *PersonKeyring::Open(*log, std::string(32, 'k'), "bench.key");
  PersonKeyring* operator->() const { return ring.get(); }
};

void BM_SealFirstFieldOfANewPerson(benchmark::State& state) {
  Ring ring;
  int64_t player_id = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ring->SealField(
        absl::StrCat("t/", ++player_id), "id_number", "510104199001011234"));
  }
}
BENCHMARK(BM_SealFirstFieldOfANewPerson)->UseRealTime();

void BM_SealFieldOfAKnownPerson(benchmark::State& state) {
  Ring ring;
  (void)ring->SealField("t/1", "id_number", "510104199001011234");
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        ring->SealField("t/1", "birth_date", "1990-01-01"));
  }
}
BENCHMARK(BM_SealFieldOfAKnownPerson);

void BM_OpenField(benchmark::State& state) {
  Ring ring;
  const std::string sealed =
      *ring->SealField("t/1", "id_number", "510104199001011234");
  for (auto _ : state) {
    benchmark::DoNotOptimize(ring->OpenField("t/1", "id_number", sealed));
  }
}
BENCHMARK(BM_OpenField);

void BM_IdentityHash(benchmark::State& state) {
  const std::string secret(32, 's');
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        crypto::IdentityHash(secret, "id:510104199001011234"));
  }
}
BENCHMARK(BM_IdentityHash);

}  // namespace
}  // namespace qiwang::keys

BENCHMARK_MAIN();
