#include "crypto/field_cipher.h"

#include "crypto/identity_hash.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace qiwang::crypto {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(FieldCipherTest, OpensWhatItSealedAndHidesThePlaintext) {
  const std::string key = *NewRandomKey();
  const std::string sealed = *Seal(key, "510104199001011234", "player 7 id");
  EXPECT_THAT(sealed, Not(HasSubstr("510104199001011234")));
  EXPECT_EQ(*Open(key, sealed, "player 7 id"), "510104199001011234");
}

TEST(FieldCipherTest, RefusesAnotherKeyOrAnotherPlace) {
  const std::string key = *NewRandomKey();
  const std::string sealed = *Seal(key, "1990-01-01", "player 7 birth");
  EXPECT_EQ(Open(*NewRandomKey(), sealed, "player 7 birth").status().code(),
            absl::StatusCode::kDataLoss);
  EXPECT_EQ(Open(key, sealed, "player 8 birth").status().code(),
            absl::StatusCode::kDataLoss);
  std::string tampered = sealed;
  tampered.back() ^= 1;
  EXPECT_EQ(Open(key, tampered, "player 7 birth").status().code(),
            absl::StatusCode::kDataLoss);
}

TEST(FieldCipherTest, RefusesAKeyOfTheWrongLength) {
  EXPECT_EQ(Seal("short", "x", "").status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(IdentityHashTest, SameNumberSameHashUnderOneSecretOnly) {
  const std::string secret = *DeriveSubkey(std::string(32, 'm'), "idhash01");
  const std::string other = *DeriveSubkey(std::string(32, 'n'), "idhash01");
  const std::string hash = *IdentityHash(secret, "510104199001011234");
  EXPECT_EQ(hash.size(), 64u);
  EXPECT_EQ(*IdentityHash(secret, "510104199001011234"), hash);
  EXPECT_NE(*IdentityHash(secret, "510104199001011235"), hash);
  EXPECT_NE(*IdentityHash(other, "510104199001011234"), hash);
  EXPECT_THAT(hash, Not(HasSubstr("510104199001011234")));
}

}  // namespace
}  // namespace qiwang::crypto
