// R1.2 and issue 7: tokens are secrets. They are compared in constant time
// (what can be tested: a prefix, an extension or a one-byte change of a token
// is refused), replaced at once when qiwangd reloads its token file, and
// never echoed in a status, even from a token file with a column mixed up.
#include <grpcpp/create_channel.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "services/server/auth/constant_time.h"
#include "services/server/auth/token_file.h"
#include "services/server/server.h"

namespace qiwang::server {
namespace {

using rules::Role;

TEST(ConstantTimeEqualsTest, OnlyTheWholeSecretMatches) {
  const std::string secret = "0f3a9c2b77e14d05";
  EXPECT_TRUE(ConstantTimeEquals(secret, "0f3a9c2b77e14d05"));
  EXPECT_FALSE(ConstantTimeEquals(secret, "0f3a9c2b77e14d0"));    // prefix
  EXPECT_FALSE(ConstantTimeEquals(secret, "0f3a9c2b77e14d05x"));  // longer
  EXPECT_FALSE(ConstantTimeEquals(secret, "1f3a9c2b77e14d05"));   // first byte
  EXPECT_FALSE(ConstantTimeEquals(secret, "0f3a9c2b77e14d06"));   // last byte
  EXPECT_FALSE(ConstantTimeEquals(secret, ""));
  EXPECT_FALSE(ConstantTimeEquals("", "x"));
  // Past the end of a shorter guess the secret is compared with zeros; a
  // guess that is the secret's bytes then zeros still differs in length.
  EXPECT_FALSE(ConstantTimeEquals(std::string("ab\0", 3), "ab"));
}

TEST(TokenFileSecrecyTest, TokenInTheRoleColumnIsNotEchoed) {
  const absl::StatusOr<std::vector<TokenEntry>> entries =
      ParseTokens("olive organiser 0f3a9c2b77e14d05\n", "tokens");
  ASSERT_EQ(entries.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string message(entries.status().message());
  EXPECT_TRUE(absl::StrContains(message, "tokens:1: unknown role")) << message;
  EXPECT_FALSE(absl::StrContains(message, "0f3a9c2b77e14d05")) << message;
}

class TokenReloadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-reload-XXXXXX")
            .string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    ServerOptions options;
    options.data_dir = temp_dir_ + "/log";
    options.tokens = {{"old-secret", "olive", {Role::kOrganiser}}};
    absl::StatusOr<std::unique_ptr<Server>> server = Server::Start(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    stub_ = v1::AdminService::NewStub(grpc::CreateChannel(
        server_->address(), grpc::InsecureChannelCredentials()));
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(temp_dir_);
  }

  // SetClock, organiser only: on the system clock an admitted caller gets
  // FAILED_PRECONDITION, an unknown token UNAUTHENTICATED.
  grpc::Status SetClockAs(const std::string& token) {
    grpc::ClientContext call;
    call.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(10)));
    call.AddMetadata("authorization", absl::StrCat("Bearer ", token));
    v1::SetClockRequest request;
    request.mutable_time()->set_seconds(2000000000);
    v1::SetClockResponse response;
    return stub_->SetClock(&call, request, &response);
  }

  std::string temp_dir_;
  std::unique_ptr<Server> server_;
  std::unique_ptr<v1::AdminService::Stub> stub_;
};

TEST_F(TokenReloadTest, ReplacedTokensTakeEffectAtOnceAndTheOldOneIsRefused) {
  EXPECT_EQ(SetClockAs("old-secret").error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(SetClockAs("new-secret").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);

  server_->ReplaceTokens({{"new-secret", "olive", {Role::kOrganiser}}});

  EXPECT_EQ(SetClockAs("new-secret").error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
  const grpc::Status old = SetClockAs("old-secret");
  EXPECT_EQ(old.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_FALSE(absl::StrContains(old.error_message(), "old-secret"))
      << old.error_message();
}

TEST_F(TokenReloadTest, EmptiedTokenListRefusesEveryWriteAndSaysSo) {
  server_->ReplaceTokens({});
  const grpc::Status status = SetClockAs("old-secret");
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_TRUE(absl::StrContains(status.error_message(), "without --tokens"))
      << status.error_message();
}

}  // namespace
}  // namespace qiwang::server
