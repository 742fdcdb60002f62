#include "services/keys/person_keyring.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "store/person_key_store.h"
#include "tests/store/log_test_support.h"

namespace qiwang::keys {
namespace {

using ::qiwang::store::testing::FilesContaining;
using ::qiwang::store::testing::TempDir;
using ::testing::HasSubstr;
using ::testing::Optional;

const std::string kMaster(32, 'k');
constexpr char kIdNumber[] = "510104199001011234";

// A log in a folder and the keyring in it, closed together.
struct Ring {
  std::unique_ptr<store::EventLog> log;
  std::unique_ptr<PersonKeyring> ring;
  PersonKeyring* operator->() const { return ring.get(); }
};

Ring OpenRing(const std::string& dir, const std::string& master = kMaster) {
  Ring opened{store::testing::OpenLog(dir), nullptr};
  absl::StatusOr<std::unique_ptr<PersonKeyring>> ring =
      PersonKeyring::Open(*opened.log, master, "/etc/qiwang/data.key");
  EXPECT_TRUE(ring.ok()) << ring.status();
  if (ring.ok()) opened.ring = *std::move(ring);
  return opened;
}

// The stored (wrapped) key of `person`, read behind the keyring's back.
std::string WrappedKey(const std::string& dir, const std::string& person) {
  std::unique_ptr<store::EventLog> log = store::testing::OpenLog(dir);
  auto keys = store::PersonKeyStore::InLog(*log);
  EXPECT_TRUE(keys.ok()) << keys.status();
  auto value = (*keys)->Get(absl::StrCat("person-key/", person));
  EXPECT_TRUE(value.ok() && value->has_value());
  return value.ok() && value->has_value() ? **value : "";
}

TEST(PersonKeyringTest, SealedFieldsOpenAfterReopeningAndHideTheNumber) {
  TempDir dir;
  std::string sealed;
  {
    auto ring = OpenRing(dir.path());
    sealed = *ring->SealField("t/7", "id_number", kIdNumber);
  }
  EXPECT_EQ(sealed.find(kIdNumber), std::string::npos);
  EXPECT_EQ(FilesContaining(dir.path(), kIdNumber), 0);
  auto ring = OpenRing(dir.path());
  EXPECT_THAT(*ring->OpenField("t/7", "id_number", sealed),
              Optional(std::string(kIdNumber)));
  ASSERT_TRUE(ring->SealField("t/8", "id_number", "110101198001015678").ok());
  EXPECT_EQ(ring->OpenField("t/8", "id_number", sealed).status().code(),
            absl::StatusCode::kDataLoss);
  EXPECT_EQ(ring->OpenField("t/7", "birth_date", sealed).status().code(),
            absl::StatusCode::kDataLoss);
}

TEST(PersonKeyringTest, AWrongMasterKeyIsRefusedNamingTheFile) {
  TempDir dir;
  { OpenRing(dir.path()); }
  std::unique_ptr<store::EventLog> log = store::testing::OpenLog(dir.path());
  absl::StatusOr<std::unique_ptr<PersonKeyring>> wrong =
      PersonKeyring::Open(*log, std::string(32, 'x'), "/etc/qiwang/data.key");
  EXPECT_EQ(wrong.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(wrong.status().message(), HasSubstr("/etc/qiwang/data.key"));
}

TEST(PersonKeyringTest, ForgettingShredsTheKeyFromEveryFileAndOnlyThatKey) {
  TempDir dir;
  std::string sealed_7, sealed_8;
  {
    auto ring = OpenRing(dir.path());
    sealed_7 = *ring->SealField("t/7", "id_number", kIdNumber);
    sealed_8 = *ring->SealField("t/8", "id_number", "110101198001015678");
  }
  const std::string wrapped = WrappedKey(dir.path(), "t/7");
  ASSERT_GT(FilesContaining(dir.path(), wrapped), 0) << "the scan is vacuous";
  {
    auto ring = OpenRing(dir.path());
    ASSERT_TRUE(ring->Forget("t/7").ok());
    EXPECT_EQ(*ring->OpenField("t/7", "id_number", sealed_7), std::nullopt);
    EXPECT_EQ(FilesContaining(dir.path(), wrapped), 0);
  }
  auto ring = OpenRing(dir.path());
  EXPECT_EQ(*ring->OpenField("t/7", "id_number", sealed_7), std::nullopt);
  EXPECT_THAT(*ring->OpenField("t/8", "id_number", sealed_8),
              Optional(std::string("110101198001015678")));
  absl::Status again = ring->SealField("t/7", "id_number", kIdNumber).status();
  EXPECT_EQ(again.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.message(), HasSubstr("forgotten"));
  EXPECT_EQ(FilesContaining(dir.path(), wrapped), 0);
}

// A crash between the append of PersonForgotten and the key's destruction:
// the next start destroys the key when the forgetting command is in the log,
// and keeps it (and drops the mark) when it is not.
TEST(PersonKeyringTest, ForgettingBegunBeforeACrashFinishesOnlyIfLogged) {
  TempDir dir;
  std::string sealed_7, sealed_8;
  {
    auto ring = OpenRing(dir.path());
    sealed_7 = *ring->SealField("t/7", "id_number", kIdNumber);
    sealed_8 = *ring->SealField("t/8", "id_number", "110101198001015678");
    ASSERT_TRUE(ring->BeginForget("t/7", "forget-7").ok());
    ASSERT_TRUE(ring->BeginForget("t/8", "forget-8").ok());
    ASSERT_TRUE(
        ring.log
            ->Append(store::testing::MakeAppend(
                "t", store::ExpectedVersion::Any(), {"forgotten"}, "forget-7"))
            .ok());
  }
  const std::string wrapped_7 = WrappedKey(dir.path(), "t/7");
  auto ring = OpenRing(dir.path());
  ASSERT_TRUE(ring->FinishForgetting(*ring.log).ok());
  EXPECT_EQ(*ring->OpenField("t/7", "id_number", sealed_7), std::nullopt);
  EXPECT_EQ(FilesContaining(dir.path(), wrapped_7), 0);
  EXPECT_THAT(*ring->OpenField("t/8", "id_number", sealed_8),
              Optional(std::string("110101198001015678")));
  ASSERT_TRUE(ring->FinishForgetting(*ring.log).ok());
  EXPECT_THAT(*ring->OpenField("t/8", "id_number", sealed_8),
              Optional(std::string("110101198001015678")));
}

}  // namespace
}  // namespace qiwang::keys
