// A small seeded pseudo-random source (SplitMix64) with its own integer and
// probability helpers, so simulations give the same numbers on every
// platform and standard library. Not thread-safe; one per simulation.
#ifndef QIWANG_SERVICES_RULES_SIM_RANDOM_SOURCE_H_
#define QIWANG_SERVICES_RULES_SIM_RANDOM_SOURCE_H_

#include <cstdint>
#include <utility>
#include <vector>

namespace qiwang::rules::sim {

class RandomSource {
 public:
  explicit RandomSource(uint64_t seed) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound); REQUIRES: bound > 0.
  uint64_t Below(uint64_t bound) { return Next() % bound; }
  // True with probability parts_per_million / 10^6.
  bool Chance(int parts_per_million) {
    return static_cast<int>(Below(1000000)) < parts_per_million;
  }
  template <typename T>
  void Shuffle(std::vector<T>& items) {
    for (size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[Below(i)]);
    }
  }

 private:
  uint64_t state_;
};

}  // namespace qiwang::rules::sim

#endif  // QIWANG_SERVICES_RULES_SIM_RANDOM_SOURCE_H_
