// R1.2: the token file qiwangd trusts: secret (mode 0600) and well-formed.
#include "services/server/auth/token_file.h"

#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace qiwang::server {
namespace {

class TokenFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-tokens-XXXXXX")
            .string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Write(const std::string& text, mode_t mode) {
    const std::string path = dir_ + "/tokens";
    std::ofstream(path) << text;
    chmod(path.c_str(), mode);
    return path;
  }

  std::string dir_;
};

TEST_F(TokenFileTest, ReadsUsersAndRolesSkippingComments) {
  const std::string path = Write(
      "# desk tokens\n\ns3cret-a  olive organiser\n"
      "s3cret-b dora chief_arbiter,registrar\n",
      0600);
  absl::StatusOr<std::vector<TokenEntry>> entries = LoadTokenFile(path);
  ASSERT_TRUE(entries.ok()) << entries.status();
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_EQ((*entries)[0].user, "olive");
  EXPECT_EQ((*entries)[1].user, "dora");
  // In kAllRoles order, whatever order the file lists them in.
  EXPECT_EQ((*entries)[1].roles,
            (std::vector<rules::Role>{rules::Role::kRegistrar,
                                      rules::Role::kChiefArbiter}));
}

TEST_F(TokenFileTest, GroupOrOtherReadableFileIsRefused) {
  for (mode_t mode : {0640, 0604, 0660}) {
    const std::string path = Write("s3cret olive organiser\n", mode);
    absl::StatusOr<std::vector<TokenEntry>> entries = LoadTokenFile(path);
    EXPECT_EQ(entries.status().code(), absl::StatusCode::kFailedPrecondition)
        << mode;
    EXPECT_TRUE(absl::StrContains(entries.status().message(), "chmod 600"));
  }
}

TEST_F(TokenFileTest, MalformedLineIsNamedWithoutTheToken) {
  struct Case {
    std::string text;
    std::string line;  // "tokens:N"
    std::string says;
  };
  const Case cases[] = {
      {"tok_ok olive organiser\ntok_lonely olive\n", "tokens:2", "fields"},
      {"# c\ntok_bad olive wizard\n", "tokens:2", "unknown role 'wizard'"},
      {"tok_pub olive public\n", "tokens:1", "unknown role 'public'"},
      {"tok_dup a organiser\ntok_dup b arbiter\n", "tokens:2", "twice"},
  };
  for (const Case& bad : cases) {
    const std::string path = Write(bad.text, 0600);
    absl::StatusOr<std::vector<TokenEntry>> entries = LoadTokenFile(path);
    ASSERT_EQ(entries.status().code(), absl::StatusCode::kInvalidArgument)
        << bad.text;
    const std::string message(entries.status().message());
    EXPECT_TRUE(absl::StrContains(message, bad.line)) << message;
    EXPECT_TRUE(absl::StrContains(message, bad.says)) << message;
    EXPECT_FALSE(absl::StrContains(message, "tok_")) << message;
  }
}

}  // namespace
}  // namespace qiwang::server
