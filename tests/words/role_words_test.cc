// Issue 25 §1: the roles of R1.2 are read by their words, never by the
// canonical names the tokens and WhoAmI carry.
#include "words/role_words.h"

#include <string>

#include "gtest/gtest.h"
#include "services/rules/core/roles.h"

namespace qiwang::words {
namespace {

TEST(RoleWordsTest, EveryRoleHasWordsInBothLanguages) {
  for (rules::Role role : rules::kAllRoles) {
    const std::string name(rules::RoleName(role));
    EXPECT_NE(RoleText(name, Lang::kZh), name);
    EXPECT_NE(RoleText(name, Lang::kEn), name);
    EXPECT_NE(RoleText(name, Lang::kZh), RoleText(name, Lang::kEn)) << name;
  }
  EXPECT_EQ(RoleNames(Lang::kZh).size(), rules::kAllRoles.size());
}

TEST(RoleWordsTest, AnUnknownRoleIsShownAsItIs) {
  EXPECT_EQ(RoleText("timekeeper", Lang::kZh), "timekeeper");
}

}  // namespace
}  // namespace qiwang::words
