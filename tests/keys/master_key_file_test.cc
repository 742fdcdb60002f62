#include "crypto/master_key_file.h"

#include <sys/stat.h>

#include <fstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/store/log_test_support.h"

namespace qiwang::crypto {
namespace {

using ::qiwang::store::testing::TempDir;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kHexKey[] =
    "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

std::string WriteKeyFile(const TempDir& dir, const std::string& text,
                         mode_t mode) {
  const std::string path = dir.Sub("data.key");
  std::ofstream(path) << text;
  chmod(path.c_str(), mode);
  return path;
}

TEST(MasterKeyFileTest, LoadsThirtyTwoBytesFromAPrivateFile) {
  TempDir dir;
  absl::StatusOr<std::string> key =
      LoadMasterKeyFile(WriteKeyFile(dir, std::string(kHexKey) + "\n", 0600));
  ASSERT_TRUE(key.ok()) << key.status();
  EXPECT_EQ(key->size(), 32u);
  EXPECT_EQ((*key)[1], '\x11');
}

TEST(MasterKeyFileTest, RefusesAFileOthersCanReadNamingIt) {
  TempDir dir;
  const std::string path = WriteKeyFile(dir, kHexKey, 0644);
  absl::Status status = LoadMasterKeyFile(path).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(status.message(), HasSubstr(path));
  EXPECT_THAT(status.message(), HasSubstr("chmod 600"));
}

TEST(MasterKeyFileTest, RefusesMalformedKeysWithoutShowingThem) {
  TempDir dir;
  const std::string path = WriteKeyFile(dir, "00112233deadbeef", 0600);
  absl::Status status = LoadMasterKeyFile(path).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr(path));
  EXPECT_THAT(status.message(), Not(HasSubstr("deadbeef")));
}

TEST(MasterKeyFileTest, MissingFileIsNotFound) {
  TempDir dir;
  EXPECT_EQ(LoadMasterKeyFile(dir.Sub("absent")).status().code(),
            absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace qiwang::crypto
