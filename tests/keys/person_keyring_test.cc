#include "services/keys/person_keyring.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "store/person_key_store.h"
#include "tests/store/log_test_support.h"

namespace qiwang::keys {
namespace {

using ::qiwang::store::testing::TempDir;
using ::testing::HasSubstr;
using ::testing::Optional;

const std::string kMaster(32, 'k');
constexpr char kIdNumber[] = "510104199001011234";

std::unique_ptr<PersonKeyring> OpenRing(const std::string& dir,
                                        const std::string& master = kMaster) {
  absl::StatusOr<std::unique_ptr<PersonKeyring>> ring =
      PersonKeyring::Open(dir, master, "/etc/qiwang/data.key");
  EXPECT_TRUE(ring.ok()) << ring.status();
  return ring.ok() ? *std::move(ring) : nullptr;
}

// The stored (wrapped) key of `player_id`, read behind the keyring's back.
std::string WrappedKey(const std::string& dir, int64_t player_id) {
  auto keys = store::PersonKeyStore::Open(dir);
  EXPECT_TRUE(keys.ok()) << keys.status();
  auto value = (*keys)->Get(absl::StrCat("person-key/", player_id));
  EXPECT_TRUE(value.ok() && value->has_value());
  return value.ok() && value->has_value() ? **value : "";
}

// How many files under `dir` contain `bytes`.
int FilesContaining(const std::string& dir, const std::string& bytes) {
  int found = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().find(bytes) != std::string::npos) ++found;
  }
  return found;
}

TEST(PersonKeyringTest, SealedFieldsOpenAfterReopeningAndHideTheNumber) {
  TempDir dir;
  std::string sealed;
  {
    auto ring = OpenRing(dir.path());
    sealed = *ring->SealField(7, "id_number", kIdNumber);
  }
  EXPECT_EQ(sealed.find(kIdNumber), std::string::npos);
  EXPECT_EQ(FilesContaining(dir.path(), kIdNumber), 0);
  auto ring = OpenRing(dir.path());
  EXPECT_THAT(*ring->OpenField(7, "id_number", sealed),
              Optional(std::string(kIdNumber)));
  ASSERT_TRUE(ring->SealField(8, "id_number", "110101198001015678").ok());
  EXPECT_EQ(ring->OpenField(8, "id_number", sealed).status().code(),
            absl::StatusCode::kDataLoss);
  EXPECT_EQ(ring->OpenField(7, "birth_date", sealed).status().code(),
            absl::StatusCode::kDataLoss);
}

TEST(PersonKeyringTest, AWrongMasterKeyIsRefusedNamingTheFile) {
  TempDir dir;
  { OpenRing(dir.path()); }
  absl::StatusOr<std::unique_ptr<PersonKeyring>> wrong = PersonKeyring::Open(
      dir.path(), std::string(32, 'x'), "/etc/qiwang/data.key");
  EXPECT_EQ(wrong.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(wrong.status().message(), HasSubstr("/etc/qiwang/data.key"));
}

TEST(PersonKeyringTest, ForgettingShredsTheKeyFromEveryFileAndOnlyThatKey) {
  TempDir dir;
  std::string sealed_7, sealed_8;
  {
    auto ring = OpenRing(dir.path());
    sealed_7 = *ring->SealField(7, "id_number", kIdNumber);
    sealed_8 = *ring->SealField(8, "id_number", "110101198001015678");
  }
  const std::string wrapped = WrappedKey(dir.path(), 7);
  ASSERT_GT(FilesContaining(dir.path(), wrapped), 0) << "the scan is vacuous";
  {
    auto ring = OpenRing(dir.path());
    ASSERT_TRUE(ring->Forget(7).ok());
    EXPECT_EQ(*ring->OpenField(7, "id_number", sealed_7), std::nullopt);
    EXPECT_EQ(FilesContaining(dir.path(), wrapped), 0);
  }
  auto ring = OpenRing(dir.path());
  EXPECT_EQ(*ring->OpenField(7, "id_number", sealed_7), std::nullopt);
  EXPECT_THAT(*ring->OpenField(8, "id_number", sealed_8),
              Optional(std::string("110101198001015678")));
  absl::Status again = ring->SealField(7, "id_number", kIdNumber).status();
  EXPECT_EQ(again.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.message(), HasSubstr("forgotten"));
  EXPECT_EQ(FilesContaining(dir.path(), wrapped), 0);
}

TEST(PersonKeyringTest, IdentityHashIsStableAcrossOpensAndKeyedByTheMaster) {
  TempDir dir, other_dir;
  std::string hash;
  {
    auto ring = OpenRing(dir.path());
    hash = *ring->IdentityHash(kIdNumber);
  }
  EXPECT_EQ(*OpenRing(dir.path())->IdentityHash(kIdNumber), hash);
  EXPECT_NE(*OpenRing(other_dir.path(), std::string(32, 'o'))
                 ->IdentityHash(kIdNumber),
            hash);
}

}  // namespace
}  // namespace qiwang::keys
