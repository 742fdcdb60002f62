// Issue 24: the log and its backups hold private fields, so qiwangd keeps
// them its user's alone: the data folder 0700 (also one made open before),
// and no file in it or in a backup readable or writable by group or others.
#include <grpcpp/grpcpp.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "tests/faults/faults_fixture.h"

namespace qiwang::faults {
namespace {

namespace fs = std::filesystem;

mode_t ModeOf(const fs::path& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 ? (info.st_mode & 07777) : 07777;
}

// `dir` 0700, and nothing under it open to group or others.
void ExpectPrivate(const std::string& dir) {
  EXPECT_EQ(ModeOf(dir), 0700u) << dir;
  int entries = 0;
  for (const fs::directory_entry& entry :
       fs::recursive_directory_iterator(dir)) {
    ++entries;
    EXPECT_EQ(ModeOf(entry.path()) & 077, 0u)
        << entry.path() << " is open to group or others: mode " << std::oct
        << ModeOf(entry.path());
  }
  EXPECT_GT(entries, 0) << dir << " is empty";
}

class DataPermissionsTest : public FaultsTest {
 protected:
  std::string DataDir() const { return temp_dir_ + "/log"; }
};

TEST_F(DataPermissionsTest, FreshFolderAndBackupAreTheOwnersAlone) {
  ASSERT_NO_FATAL_FAILURE(Start());
  ASSERT_NO_FATAL_FAILURE(CreateEvent(1));
  v1::BackupRequest request;
  request.set_name("b1");
  v1::BackupResponse backup;
  const grpc::Status status =
      v1::AdminService::NewStub(NewChannel())
          ->Backup(Call(kOrganiserToken).get(), request, &backup);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(StopServer(), 0);

  ExpectPrivate(DataDir());
  ExpectPrivate(backup.dir());
  ExpectPrivate(DataDir() + "-backups");
}

TEST_F(DataPermissionsTest, FolderOpenToOthersIsMadePrivateAtStart) {
  fs::create_directories(DataDir());
  fs::permissions(DataDir(), fs::perms::owner_all | fs::perms::group_read |
                                 fs::perms::group_exec |
                                 fs::perms::others_read |
                                 fs::perms::others_exec);
  ASSERT_NO_FATAL_FAILURE(Start());

  EXPECT_EQ(ModeOf(DataDir()), 0700u);
}

}  // namespace
}  // namespace qiwang::faults
