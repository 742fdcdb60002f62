// WideInt, the matcher's value type when costs need more than 63 bits: its
// arithmetic must equal exact integer arithmetic, or LEMON's duals (and so
// the pairing and its optimality certificate) would be wrong. WideInt<2> is
// checked against __int128 on seeded values of every magnitude and sign,
// with the factors and divisors LEMON uses (powers of two take a shift
// path, others the general one).
#include "services/rules/swiss/matching/wide_int.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace qiwang::rules::swiss {
namespace {

using Wide = WideInt<2>;

Wide FromInt128(__int128 value) {
  const auto bits = static_cast<unsigned __int128>(value);
  return Wide::FromLimbs(
      {static_cast<uint64_t>(bits), static_cast<uint64_t>(bits >> 64)});
}

uint64_t Next(uint64_t& state) {
  state += 0x9e3779b97f4a7c15;
  uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

// A value of 0 to 124 bits with either sign, far from overflow.
__int128 RandomValue(uint64_t& state) {
  const int bits = static_cast<int>(Next(state) % 125);
  unsigned __int128 magnitude =
      (static_cast<unsigned __int128>(Next(state)) << 64) | Next(state);
  magnitude = bits == 0 ? 0 : magnitude >> (128 - bits);
  const auto value = static_cast<__int128>(magnitude);
  return Next(state) % 2 == 0 ? value : -value;
}

TEST(SwissWideInt, MatchesInt128) {
  uint64_t state = 2016;
  for (int i = 0; i < 100000; ++i) {
    const __int128 a = RandomValue(state);
    const __int128 b = RandomValue(state);
    const Wide x = FromInt128(a);
    const Wide y = FromInt128(b);
    ASSERT_TRUE(x + y == FromInt128(a + b)) << i;
    ASSERT_TRUE(x - y == FromInt128(a - b)) << i;
    ASSERT_TRUE(-x == FromInt128(-a)) << i;
    ASSERT_EQ(x < y, a < b) << i;
    for (const int k : {1, 2, 3, 4, 8, -2, -4}) {
      ASSERT_TRUE(x * k == FromInt128(a * k)) << i << " * " << k;
      ASSERT_TRUE(x / k == FromInt128(a / k)) << i << " / " << k;
    }
  }
}

TEST(SwissWideInt, HalvingTruncatesTowardZero) {
  EXPECT_TRUE(Wide(-3) / 2 == Wide(-1));
  EXPECT_TRUE(Wide(3) / 2 == Wide(1));
  EXPECT_TRUE(Wide(-1) / 4 == Wide(0));
  EXPECT_TRUE(Wide(-8) / 4 == Wide(-2));
}

}  // namespace
}  // namespace qiwang::rules::swiss
