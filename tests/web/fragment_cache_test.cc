#include "clients/web/fragment_cache.h"

#include "gtest/gtest.h"

namespace qiwang::web {
namespace {

TEST(FragmentCacheTest, AnswersOnlyTheSamePositionAndKeepsTheNewer) {
  FragmentCache cache;
  EXPECT_EQ(cache.Find("standings/open-men/zh", 5), nullptr);
  cache.Put("standings/open-men/zh", 5, "five");
  ASSERT_NE(cache.Find("standings/open-men/zh", 5), nullptr);
  EXPECT_EQ(*cache.Find("standings/open-men/zh", 5), "five");
  // A newer position of the log is a different page.
  EXPECT_EQ(cache.Find("standings/open-men/zh", 6), nullptr);
  EXPECT_EQ(cache.Find("standings/open-men/en", 5), nullptr);
  cache.Put("standings/open-men/zh", 7, "seven");
  cache.Put("standings/open-men/zh", 6, "six, rendered late");
  EXPECT_EQ(cache.Find("standings/open-men/zh", 6), nullptr);
  EXPECT_EQ(*cache.Find("standings/open-men/zh", 7), "seven");
}

}  // namespace
}  // namespace qiwang::web
