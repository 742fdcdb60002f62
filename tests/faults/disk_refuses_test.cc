// Issue 7, the disk refusing writes, two ways: qiwangd under a file-size
// limit (RLIMIT_FSIZE, as `ulimit -f`: the kernel answers EFBIG), and its log
// on a tmpfs that a ballast file fills up (ENOSPC; needs mount, so root;
// skipped where mounting is not allowed). A read-only
// folder cannot serve: root ignores its mode. Commands then fail with
// UNAVAILABLE naming the disk, reads go on, nothing half-written reaches the
// log, and once there is room again and qiwangd is restarted it takes writes
// with every earlier answer intact.
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/statvfs.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "tests/faults/faults_fixture.h"

namespace qiwang::faults {
namespace {

using ::testing::HasSubstr;

constexpr int kFillerPlayers = 400;
// Each file may grow to this many KiB: room to reopen the log (RocksDB
// writes a fresh write-ahead file and info log) and for some entries, far
// less than kFillerPlayers entries need.
constexpr int kFileSizeLimitKib = 96;
// The tmpfs holding the log, and the room a ballast file leaves on it once
// qiwangd has reopened the log: some entries' worth, far less than
// kFillerPlayers entries need. (Sizing the tmpfs itself cannot be made exact:
// what RocksDB writes on opening a log varies.)
constexpr char kTmpfs[] = "size=16m";
constexpr int64_t kRoomLeftKib = 48;

class DiskRefusesTest : public FaultsTest {
 protected:
  grpc::Status Register(int index, v1::RegisterPlayerResponse& response) {
    return v1::TournamentService::NewStub(NewChannel())
        ->RegisterPlayer(Call(kRegistrarToken).get(),
                         Registration(index, absl::StrCat("r-", index)),
                         &response);
  }
  int ListedPlayers() {
    v1::ListPlayersRequest request;
    request.set_tournament_id(kTournamentId);
    v1::ListPlayersResponse response;
    const grpc::Status status =
        v1::TournamentService::NewStub(NewChannel())
            ->ListPlayers(Call(kRegistrarToken).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.players_size();
  }

  // The event created, qiwangd restarted by `start_refusing` on a disk that
  // refuses to grow the log, entries sent until it refuses, then stopped,
  // `make_room` called, and restarted as usual.
  void RefuseThenRecover(const std::function<void()>& start_refusing,
                         const std::function<void()>& make_room);
};

void DiskRefusesTest::RefuseThenRecover(
    const std::function<void()>& start_refusing,
    const std::function<void()>& make_room) {
  ASSERT_NO_FATAL_FAILURE(Start());
  ASSERT_NO_FATAL_FAILURE(CreateEvent(kFillerPlayers));
  ASSERT_EQ(StopServer(SIGTERM), 0);

  // Entries are answered until the disk refuses, then every write is
  // refused (the log takes none until it is reopened).
  ASSERT_NO_FATAL_FAILURE(start_refusing());
  std::map<int, v1::RegisterPlayerResponse> answered;
  int refused_at = -1;
  grpc::Status refusal;
  for (int i = 0; i < kFillerPlayers; ++i) {
    v1::RegisterPlayerResponse response;
    refusal = Register(i, response);
    if (!refusal.ok()) {
      refused_at = i;
      break;
    }
    answered[i] = response;
  }
  ASSERT_GE(refused_at, 0) << "the disk never refused";
  EXPECT_GT(answered.size(), 0u) << "the limit left no room at all";
  EXPECT_EQ(refusal.error_code(), grpc::StatusCode::UNAVAILABLE)
      << refusal.error_message();
  EXPECT_THAT(refusal.error_message(), HasSubstr("disk"));
  v1::RegisterPlayerResponse ignored;
  const grpc::Status next = Register(refused_at + 1, ignored);
  EXPECT_EQ(next.error_code(), grpc::StatusCode::UNAVAILABLE)
      << next.error_message();

  // Reads still work and show exactly the answered entries.
  int exit_code = 0;
  ASSERT_FALSE(server_->HasExited(exit_code))
      << "qiwangd died of the refusal: " << exit_code;
  EXPECT_EQ(ListedPlayers(), static_cast<int>(answered.size()));
  const std::vector<v1::Event> during = ReadLog();
  ASSERT_NO_FATAL_FAILURE(ExpectDense(during));
  EXPECT_EQ(during.size(), 2 + answered.size());
  ASSERT_EQ(StopServer(SIGTERM), 0);
  ASSERT_NO_FATAL_FAILURE(make_room());

  // Room again: the log holds every answered entry at its position,
  // none of the refused ones, every record whole, and takes writes again.
  ASSERT_NO_FATAL_FAILURE(Start());
  const std::vector<v1::Event> after = ReadLog();
  ASSERT_NO_FATAL_FAILURE(ExpectDense(after));
  ASSERT_EQ(after.size(), during.size());
  for (const auto& [index, response] : answered) {
    const v1::Event& event = after[response.result().first_position() - 1];
    EXPECT_EQ(event.command_id(), absl::StrCat("r-", index));
    EXPECT_EQ(event.player_registered().player_id(), response.player_id());
  }
  const rules::tournament::TournamentState fold = Fold(after);
  EXPECT_EQ(fold.ListPlayers("", true).players_size(),
            static_cast<int>(answered.size()));
  v1::RegisterPlayerResponse retried;
  const grpc::Status again = Register(refused_at, retried);
  ASSERT_TRUE(again.ok()) << again.error_message();
  EXPECT_FALSE(retried.result().replayed())
      << "a refused command had been written";
  EXPECT_EQ(retried.result().first_position(), after.size() + 1);
  for (int i = refused_at + 1; i < kFillerPlayers; ++i) {
    v1::RegisterPlayerResponse response;
    const grpc::Status status = Register(i, response);
    ASSERT_TRUE(status.ok()) << i << ": " << status.error_message();
  }
  EXPECT_EQ(ListedPlayers(), kFillerPlayers);
}

TEST_F(DiskRefusesTest, FileSizeLimitRefusesWritesUntilLifted) {
  RefuseThenRecover(
      [this] { StartWithFileSizeLimit(kFileSizeLimitKib * 1024); }, [] {});
}

// The log's folder is a tmpfs mount; unmounted before the fixture removes
// the folder.
class FullDiskTest : public DiskRefusesTest {
 protected:
  void TearDown() override {
    server_.reset();
    if (mounted_) umount2(DataDir().c_str(), MNT_DETACH);
    DiskRefusesTest::TearDown();
  }
  std::string DataDir() const { return temp_dir_ + "/log"; }
  std::string Ballast() const { return DataDir() + "/ballast"; }

  // Fills the tmpfs with a ballast file (a name RocksDB ignores) until
  // `room` bytes are left.
  void FillLeaving(int64_t room) {
    struct statvfs disk;
    ASSERT_EQ(statvfs(DataDir().c_str(), &disk), 0) << std::strerror(errno);
    const int64_t free_bytes = static_cast<int64_t>(disk.f_bavail) *
                               static_cast<int64_t>(disk.f_frsize);
    ASSERT_GT(free_bytes, room);
    std::ofstream ballast(Ballast(), std::ios::binary);
    const std::string block(64 * 1024, 'x');
    for (int64_t left = free_bytes - room; left > 0;) {
      const int64_t n = std::min<int64_t>(left, block.size());
      ballast.write(block.data(), n);
      left -= n;
    }
    ballast.close();
    ASSERT_TRUE(ballast.good()) << "could not write the ballast";
  }

  bool mounted_ = false;
};

TEST_F(FullDiskTest, FullFilesystemRefusesWritesUntilRoomReturns) {
  std::filesystem::create_directory(DataDir());
  if (mount("tmpfs", DataDir().c_str(), "tmpfs", 0, kTmpfs) != 0) {
    GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
  }
  mounted_ = true;
  RefuseThenRecover(
      [this] {
        Start();
        FillLeaving(kRoomLeftKib * 1024);
      },
      [this] { ASSERT_TRUE(std::filesystem::remove(Ballast())); });
}

}  // namespace
}  // namespace qiwang::faults
