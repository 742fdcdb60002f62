#include "services/rules/roundrobin/split_mix64.h"

namespace qiwang::rules {

uint64_t SplitMix64::Next() {
  state_ += 0x9e3779b97f4a7c15ULL;
  uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t SplitMix64::UniformBelow(uint64_t bound) {
  // (2^64 - bound) % bound == 2^64 % bound: the size of the biased tail.
  const uint64_t rejected_below = (0 - bound) % bound;
  uint64_t draw = Next();
  while (draw < rejected_below) draw = Next();
  return draw % bound;
}

}  // namespace qiwang::rules
