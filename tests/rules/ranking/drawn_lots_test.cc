// Drawn lots (R6): a logged seed redoes the same draw on any platform.
#include "services/rules/roundrobin/drawn_lots.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/roundrobin/split_mix64.h"

namespace qiwang::rules {
namespace {

using ::testing::ElementsAre;
using ::testing::UnorderedElementsAreArray;

// R6: the generator is SplitMix64 exactly. Reference values: the first five
// outputs for seed 1234567 published with the Rosetta Code task
// "Pseudo-random numbers/Splitmix64".
TEST(SplitMix64Test, MatchesThePublishedReferenceOutputs) {
  SplitMix64 generator(1234567);
  EXPECT_EQ(generator.Next(), 6457827717110365317ULL);
  EXPECT_EQ(generator.Next(), 3203168211198807973ULL);
  EXPECT_EQ(generator.Next(), 9817491932198370423ULL);
  EXPECT_EQ(generator.Next(), 4593380528125082431ULL);
  EXPECT_EQ(generator.Next(), 16408922859458223821ULL);
}

// R6: bounded draws stay in range and reach every value: a biased or
// off-by-one draw would leave a value out or go past the bound.
TEST(SplitMix64Test, UniformBelowCoversExactlyTheRange) {
  SplitMix64 generator(42);
  std::vector<int> seen(7, 0);
  for (int i = 0; i < 7000; ++i) {
    const uint64_t draw = generator.UniformBelow(7);
    ASSERT_LT(draw, 7u);
    ++seen[draw];
  }
  for (int count : seen) {
    EXPECT_GT(count, 850);
    EXPECT_LT(count, 1150);
  }
  EXPECT_EQ(generator.UniformBelow(1), 0u);
}

// R6: Fisher-Yates over ascending ids with SplitMix64(seed 1234567): the
// swap partners are the reference outputs above modulo 4, 3, 2, i.e.
// 6457827717110365317 % 4 = 1, 3203168211198807973 % 3 = 1 and
// 9817491932198370423 % 2 = 1 (none falls in a rejected tail, which is
// shorter than the bound). Starting from [11, 22, 33, 44]:
// swap positions 3 and 1 -> [11, 44, 33, 22]; swap 2 and 1 ->
// [11, 33, 44, 22]; swap 1 and 1 -> unchanged.
TEST(DrawnLotsTest, DrawIsFisherYatesOverSplitMix64) {
  absl::StatusOr<std::vector<PlayerId>> order =
      DrawPairingNumbers({44, 22, 11, 33}, 1234567);
  ASSERT_TRUE(order.ok()) << order.status();
  EXPECT_THAT(*order, ElementsAre(11, 33, 44, 22));
}

// R6: the draw depends on the set of entrants and the seed, not on the
// order the registrar typed them in; it is a permutation of them.
TEST(DrawnLotsTest, SameSeedSameDrawWhateverTheInputOrder) {
  const std::vector<PlayerId> entrants = {5, 9, 2, 14, 7, 30, 11};
  std::vector<PlayerId> reversed(entrants.rbegin(), entrants.rend());
  absl::StatusOr<std::vector<PlayerId>> first =
      DrawPairingNumbers(entrants, 20161014);
  absl::StatusOr<std::vector<PlayerId>> second =
      DrawPairingNumbers(reversed, 20161014);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(*first, *second);
  EXPECT_THAT(*first, UnorderedElementsAreArray(entrants));
  absl::StatusOr<std::vector<PlayerId>> other_seed =
      DrawPairingNumbers(entrants, 20161015);
  ASSERT_TRUE(other_seed.ok());
  EXPECT_NE(*first, *other_seed);
}

// R6: malformed entrant lists are refused with the offending id.
TEST(DrawnLotsTest, RefusesRepeatedOrInvalidIds) {
  absl::Status repeated = DrawPairingNumbers({3, 8, 3}, 1).status();
  EXPECT_EQ(repeated.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(repeated.message(), ::testing::HasSubstr("3 is listed twice"));
  EXPECT_EQ(DrawPairingNumbers({0, 4}, 1).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(DrawPairingNumbers({}, 1).status().code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace qiwang::rules
