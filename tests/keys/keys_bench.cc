// What sealing a person's private fields costs a command (issue 18): a first
// seal creates and durably stores the person's key; later seals and official
// reads only run the cipher.
#include <cstdint>

#include "benchmark/benchmark.h"
#include "services/keys/person_keyring.h"
#include "tests/store/log_test_support.h"

namespace qiwang::keys {
namespace {

std::unique_ptr<PersonKeyring> OpenRing(const std::string& dir) {
  return *PersonKeyring::Open(dir, std::string(32, 'k'), "bench.key");
}

void BM_SealFirstFieldOfANewPerson(benchmark::State& state) {
  store::testing::TempDir dir;
  auto ring = OpenRing(dir.path());
  int64_t player_id = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        ring->SealField(++player_id, "id_number", "510104199001011234"));
  }
}
BENCHMARK(BM_SealFirstFieldOfANewPerson)->UseRealTime();

void BM_SealFieldOfAKnownPerson(benchmark::State& state) {
  store::testing::TempDir dir;
  auto ring = OpenRing(dir.path());
  (void)ring->SealField(1, "id_number", "510104199001011234");
  for (auto _ : state) {
    benchmark::DoNotOptimize(ring->SealField(1, "birth_date", "1990-01-01"));
  }
}
BENCHMARK(BM_SealFieldOfAKnownPerson);

void BM_OpenField(benchmark::State& state) {
  store::testing::TempDir dir;
  auto ring = OpenRing(dir.path());
  const std::string sealed =
      *ring->SealField(1, "id_number", "510104199001011234");
  for (auto _ : state) {
    benchmark::DoNotOptimize(ring->OpenField(1, "id_number", sealed));
  }
}
BENCHMARK(BM_OpenField);

void BM_IdentityHash(benchmark::State& state) {
  store::testing::TempDir dir;
  auto ring = OpenRing(dir.path());
  for (auto _ : state) {
    benchmark::DoNotOptimize(ring->IdentityHash("510104199001011234"));
  }
}
BENCHMARK(BM_IdentityHash);

}  // namespace
}  // namespace qiwang::keys

BENCHMARK_MAIN();
