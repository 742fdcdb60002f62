// The match tokens R3 compares in the log (issue 24): equal values of persons
// not forgotten share a token, a token is no function of its value, and a
// value whose every holder is forgotten has no token any more.
#include "services/keys/match_tokens.h"

#include "gtest/gtest.h"

namespace qiwang::keys {
namespace {

v1::Person InClear(const std::string& name, const std::string& id_number,
                   int day = 1) {
  v1::Person person;
  person.set_name(name);
  person.set_id_number(id_number);
  person.mutable_birth_date()->set_year(1990);
  person.mutable_birth_date()->set_month(1);
  person.mutable_birth_date()->set_day(day);
  return person;
}

// Assigns the person's tokens and notes them under `key_id`.
v1::Person Tokened(MatchTokens& tokens, v1::Person person,
                   const std::string& key_id) {
  EXPECT_TRUE(tokens.Assign(person).ok());
  EXPECT_TRUE(tokens.Note(person, key_id).ok());
  return person;
}

TEST(MatchTokensTest, EqualValuesShareATokenAndOthersDoNot) {
  MatchTokens tokens;
  const v1::Person a = Tokened(tokens, InClear("王天一", "A"), "k1");
  const v1::Person again = Tokened(tokens, InClear("王天一", "A"), "k1");
  const v1::Person namesake = Tokened(tokens, InClear("王天一", "B"), "k2");
  const v1::Person other_day = Tokened(tokens, InClear("王天一", "", 2), "k3");
  EXPECT_EQ(a.identity_hash().size(), 64u);
  EXPECT_EQ(again.identity_hash(), a.identity_hash());
  EXPECT_EQ(again.name_birth_hash(), a.name_birth_hash());
  EXPECT_NE(namesake.identity_hash(), a.identity_hash());
  EXPECT_EQ(namesake.name_birth_hash(), a.name_birth_hash());
  EXPECT_NE(other_day.name_birth_hash(), a.name_birth_hash());
  EXPECT_EQ(other_day.identity_hash(), "");
}

TEST(MatchTokensTest, TokensAreRandomNotAFunctionOfTheValue) {
  MatchTokens one, two;
  EXPECT_NE(Tokened(one, InClear("王天一", "A"), "k").identity_hash(),
            Tokened(two, InClear("王天一", "A"), "k").identity_hash());
}

TEST(MatchTokensTest, AForgottenValueLosesItsTokenUnlessAnotherKeyHoldsIt) {
  MatchTokens tokens;
  const v1::Person forgotten = Tokened(tokens, InClear("王天一", "A"), "k1");
  const v1::Person namesake = Tokened(tokens, InClear("王天一", "B"), "k2");
  tokens.Forget("k1");
  v1::Person again = InClear("王天一", "A");
  ASSERT_TRUE(tokens.Assign(again).ok());
  EXPECT_NE(again.identity_hash(), forgotten.identity_hash());
  // The name and birth date is still the namesake's, who is not forgotten.
  EXPECT_EQ(again.name_birth_hash(), namesake.name_birth_hash());
  tokens.Forget("k2");
  ASSERT_TRUE(tokens.Assign(again).ok());
  EXPECT_NE(again.name_birth_hash(), namesake.name_birth_hash());
}

// An old log's events carry hashes under the master key (issue 18): noted
// first, they stay the tokens of their values.
TEST(MatchTokensTest, ATokenNotedFromTheLogIsKept) {
  MatchTokens tokens;
  v1::Person old = InClear("王天一", "A");
  old.set_identity_hash("old-identity-hash");
  old.set_name_birth_hash("old-name-birth-hash");
  ASSERT_TRUE(tokens.Note(old, "k1").ok());
  v1::Person again = InClear("王天一", "A");
  ASSERT_TRUE(tokens.Assign(again).ok());
  EXPECT_EQ(again.identity_hash(), "old-identity-hash");
  EXPECT_EQ(again.name_birth_hash(), "old-name-birth-hash");
}

}  // namespace
}  // namespace qiwang::keys
