// Issue 7: the online backup. The organiser's AdminService.Backup writes a
// folder that opens as an event log holding every event up to the position it
// reports; anyone else, and any name that is not one plain folder name, gets
// nothing written.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "store/event_log.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

class BackupTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    admin_ = v1::AdminService::NewStub(channel_);
  }

  grpc::Status Backup(const std::string& name, v1::BackupResponse* response,
                      const std::string& token = kOrganiserToken) {
    grpc::ClientContext call;
    call.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
    call.AddMetadata("authorization", absl::StrCat("Bearer ", token));
    v1::BackupRequest request;
    request.set_name(name);
    return admin_->Backup(&call, request, response);
  }

  std::string BackupRoot() const { return temp_dir_ + "/log-backups"; }

  std::unique_ptr<v1::AdminService::Stub> admin_;
};

TEST_F(BackupTest, BackupOpensAsALogWithEveryEventUpToItsPosition) {
  MustAppend(NotesRequest("notes/hall", NoStream(), {"opening", "round 1"}));
  MustAppend(NotesRequest("notes/hall", ExactVersion(2), {"round 2"}));
  v1::BackupResponse response;
  const grpc::Status status = Backup("2016-10-14-night", &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.dir(), BackupRoot() + "/2016-10-14-night");
  EXPECT_EQ(response.last_position(), 3u);
  // Written after the backup: not in it.
  MustAppend(NotesRequest("notes/hall", ExactVersion(3), {"round 3"}));

  absl::StatusOr<std::unique_ptr<store::EventLog>> restored =
      store::EventLog::Open(response.dir());
  ASSERT_TRUE(restored.ok()) << restored.status();
  EXPECT_EQ((*restored)->LastPosition(), response.last_position());
  absl::StatusOr<uint64_t> version = (*restored)->StreamVersion("notes/hall");
  ASSERT_TRUE(version.ok()) << version.status();
  EXPECT_EQ(*version, 3u);
  EXPECT_EQ(std::filesystem::status(BackupRoot()).permissions() &
                (std::filesystem::perms::group_all |
                 std::filesystem::perms::others_all),
            std::filesystem::perms::none);
}

TEST_F(BackupTest, SameNameTwiceIsRefusedAndTheFirstKept) {
  MustAppend(NotesRequest("notes/hall", NoStream(), {"opening"}));
  v1::BackupResponse first;
  ASSERT_TRUE(Backup("nightly", &first).ok());
  MustAppend(NotesRequest("notes/hall", ExactVersion(1), {"later"}));
  v1::BackupResponse second;
  const grpc::Status status = Backup("nightly", &second);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_TRUE(absl::StrContains(status.error_message(), "nightly"))
      << status.error_message();
  absl::StatusOr<std::unique_ptr<store::EventLog>> kept =
      store::EventLog::Open(first.dir());
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ((*kept)->LastPosition(), 1u);
}

TEST_F(BackupTest, NameThatIsNotOnePlainFolderIsRefusedWritingNothing) {
  for (const std::string name :
       {"", "../escape", "a/b", ".hidden", "/tmp/x", "..", "名字"}) {
    SCOPED_TRACE(name);
    v1::BackupResponse response;
    const grpc::Status status = Backup(name, &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_TRUE(absl::StrContains(status.error_message(), "name:"))
        << status.error_message();
  }
  EXPECT_FALSE(std::filesystem::exists(BackupRoot()));
  EXPECT_FALSE(std::filesystem::exists(temp_dir_ + "/escape"));
}

TEST_F(BackupTest, OnlyTheOrganiserMayBackUp) {
  server_->ReplaceTokens(
      {{kOrganiserToken, "olive", {rules::Role::kOrganiser}},
       {"arbiter-secret", "arthur", {rules::Role::kArbiter}}});
  v1::BackupResponse response;
  const grpc::Status arbiter = Backup("by-arbiter", &response, "arbiter-secret");
  EXPECT_EQ(arbiter.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(absl::StrContains(arbiter.error_message(), "R1.2"))
      << arbiter.error_message();
  const grpc::Status unknown = Backup("by-nobody", &response, "not-a-token");
  EXPECT_EQ(unknown.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_FALSE(std::filesystem::exists(BackupRoot()));
}

}  // namespace
}  // namespace qiwang::server
