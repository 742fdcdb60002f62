// The demo's own seeded randomness: SplitMix64 (Steele, Lea, Flood 2014),
// so a demo run with the same seed enters the same people and results on
// every platform. Not thread-safe per instance; the demo derives one
// generator per decision from (seed, what is decided) instead of sharing.
#ifndef QIWANG_CLIENTS_CLI_DEMO_RANDOM_H_
#define QIWANG_CLIENTS_CLI_DEMO_RANDOM_H_

#include <cstdint>
#include <string_view>

namespace qiwang::cli {

class DemoRandom {
 public:
  explicit DemoRandom(uint64_t seed) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1).
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }
  // Uniform in [low, high].
  int64_t Between(int64_t low, int64_t high) {
    return low +
           static_cast<int64_t>(Next() % static_cast<uint64_t>(high - low + 1));
  }

 private:
  uint64_t state_;
};

// A seed for one decision: `seed` mixed with a text key (FNV-1a) and up to
// three numbers.
inline uint64_t DemoSeed(uint64_t seed, std::string_view key, int64_t a = 0,
                         int64_t b = 0, int64_t c = 0) {
  uint64_t hash = 0xCBF29CE484222325ull;
  for (char ch : key) {
    hash = (hash ^ static_cast<unsigned char>(ch)) * 0x100000001B3ull;
  }
  DemoRandom mix(seed ^ hash);
  uint64_t out = mix.Next();
  for (int64_t value : {a, b, c}) {
    DemoRandom step(out ^ static_cast<uint64_t>(value));
    out = step.Next();
  }
  return out;
}

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_DEMO_RANDOM_H_
