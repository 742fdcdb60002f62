// SplitMix64 (Steele, Lea and Flood, OOPSLA 2014; Vigna's public-domain
// reference splitmix64.c): a 64-bit generator whose output depends only on the
// seed, on every platform and compiler, forever. Used wherever the rules need
// a reproducible draw (R6 drawn lots); the seed is an argument, logged by the
// caller, so the same draw can be redone.
#ifndef QIWANG_SERVICES_RULES_ROUNDROBIN_SPLIT_MIX64_H_
#define QIWANG_SERVICES_RULES_ROUNDROBIN_SPLIT_MIX64_H_

#include <cstdint>

namespace qiwang::rules {

// Not thread-safe; one instance per draw. Any seed, including 0, is valid.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  uint64_t Next();

  // A uniform value in [0, bound) without modulo bias: draws below
  // 2^64 mod bound are rejected and redrawn. REQUIRES: bound > 0.
  uint64_t UniformBelow(uint64_t bound);

 private:
  uint64_t state_;
};

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_ROUNDROBIN_SPLIT_MIX64_H_
