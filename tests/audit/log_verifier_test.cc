// VerifyLog (R9.5) on real RocksDB logs: two copies of one log give one
// digest, one event more changes it, and a record damaged in a copy through
// raw RocksDB is reported with its position while the others still count.
#include "services/audit/log_verifier.h"

#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rocksdb/db.h"
#include "store/disk_format.h"
#include "store/rocks_event_log.h"
#include "tests/store/log_test_support.h"

namespace qiwang::audit {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using store::ExpectedVersion;
using store::testing::MakeAppend;
using store::testing::OpenLog;
using store::testing::TempDir;

class LogVerifierTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Two streams interleaved, so stream versions differ from positions.
    for (int i = 0; i < 3; ++i) {
      Append("sichuan-2016", absl::StrCat("event ", i));
      Append("notes/hall", absl::StrCat("note ", i));
    }
  }

  void Append(const std::string& stream, const std::string& data) {
    ASSERT_TRUE(
        log_->Append(MakeAppend(stream, ExpectedVersion::Any(), {data})).ok());
  }

  static v1::VerifyLogResponse Verify(const store::EventLog& log) {
    absl::StatusOr<v1::VerifyLogResponse> verified = VerifyLog(log);
    EXPECT_TRUE(verified.ok()) << verified.status();
    return verified.value_or(v1::VerifyLogResponse());
  }

  TempDir dir_;
  std::unique_ptr<store::EventLog> log_ = OpenLog(dir_.Sub("live"));
};

TEST_F(LogVerifierTest, R9_5_AnIntactLogIsOkWithEveryEventCounted) {
  const v1::VerifyLogResponse verified = Verify(*log_);
  EXPECT_TRUE(verified.ok());
  EXPECT_EQ(verified.events_checked(), 6u);
  EXPECT_EQ(verified.last_position(), 6u);
  EXPECT_THAT(verified.problems(), ElementsAre());
  EXPECT_EQ(verified.digest_sha256().size(), 64u);  // hex SHA-256
}

TEST_F(LogVerifierTest, R9_5_AnEmptyLogHasTheDigestOfNothing) {
  TempDir empty_dir;
  std::unique_ptr<store::EventLog> empty = OpenLog(empty_dir.path());
  const v1::VerifyLogResponse verified = Verify(*empty);
  EXPECT_TRUE(verified.ok());
  EXPECT_EQ(verified.events_checked(), 0u);
  // SHA-256 of zero bytes (FIPS 180-4 test vector).
  EXPECT_EQ(verified.digest_sha256(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_F(LogVerifierTest, R9_5_ABackupOpenedReadOnlyHasTheSameDigest) {
  ASSERT_TRUE(log_->Backup(dir_.Sub("backup")).ok());
  absl::StatusOr<std::unique_ptr<store::EventLog>> copy =
      store::EventLog::OpenReadOnly(dir_.Sub("backup"), dir_.Sub("scratch"));
  ASSERT_TRUE(copy.ok()) << copy.status();
  const v1::VerifyLogResponse live = Verify(*log_);
  const v1::VerifyLogResponse backup = Verify(**copy);
  EXPECT_TRUE(backup.ok());
  EXPECT_EQ(backup.events_checked(), live.events_checked());
  EXPECT_EQ(backup.digest_sha256(), live.digest_sha256());

  Append("sichuan-2016", "one more");
  const v1::VerifyLogResponse grown = Verify(*log_);
  EXPECT_TRUE(grown.ok());
  EXPECT_EQ(grown.events_checked(), 7u);
  EXPECT_NE(grown.digest_sha256(), backup.digest_sha256());
}

TEST_F(LogVerifierTest, R9_5_TheSameEventsInAnotherOrderGiveAnotherDigest) {
  TempDir other_dir;
  std::unique_ptr<store::EventLog> other = OpenLog(other_dir.path());
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(other->Append(MakeAppend("notes/hall", ExpectedVersion::Any(),
                                         {absl::StrCat("note ", i)}))
                    .ok());
    ASSERT_TRUE(other->Append(MakeAppend("sichuan-2016",
                                         ExpectedVersion::Any(),
                                         {absl::StrCat("event ", i)}))
                    .ok());
  }
  EXPECT_NE(Verify(*other).digest_sha256(), Verify(*log_).digest_sha256());
}

TEST_F(LogVerifierTest, R9_5_ADamagedRecordInACopyIsReportedWithItsPosition) {
  ASSERT_TRUE(log_->Backup(dir_.Sub("copy")).ok());
  std::unique_ptr<store::EventLog> copy = OpenLog(dir_.Sub("copy"));
  store::LogStorage& storage =
      static_cast<store::RocksEventLog&>(*copy).storage_for_testing();
  ASSERT_TRUE(storage.raw_db()
                  ->Put(rocksdb::WriteOptions(), storage.log_family(),
                        store::disk::PositionKey(4), "garbage, not a record")
                  .ok());

  const v1::VerifyLogResponse verified = Verify(*copy);
  EXPECT_FALSE(verified.ok());
  EXPECT_EQ(verified.last_position(), 6u);
  EXPECT_EQ(verified.events_checked(), 5u);  // every record but position 4
  ASSERT_EQ(verified.problems_size(), 1);
  EXPECT_THAT(verified.problems(0), HasSubstr("position 4"));
  EXPECT_THAT(verified.problems(0), HasSubstr("corrupt"));
  // The live log is untouched and still verifies.
  EXPECT_TRUE(Verify(*log_).ok());
}

TEST_F(LogVerifierTest, R9_5_AMissingRecordIsReportedWithItsPosition) {
  store::LogStorage& storage =
      static_cast<store::RocksEventLog&>(*log_).storage_for_testing();
  ASSERT_TRUE(storage.raw_db()
                  ->Delete(rocksdb::WriteOptions(), storage.log_family(),
                           store::disk::PositionKey(2))
                  .ok());
  const v1::VerifyLogResponse verified = Verify(*log_);
  EXPECT_FALSE(verified.ok());
  EXPECT_EQ(verified.events_checked(), 5u);
  // Named once: the version it held in its stream is not a second problem.
  ASSERT_EQ(verified.problems_size(), 1);
  EXPECT_THAT(verified.problems(0), HasSubstr("position 2"));
  EXPECT_THAT(verified.problems(0), HasSubstr("missing"));
}

TEST_F(LogVerifierTest, R9_5_AStreamVersionOutOfPlaceIsReported) {
  // Position 3 rewritten, with a valid checksum, as version 5 of its stream.
  store::LogStorage& storage =
      static_cast<store::RocksEventLog&>(*log_).storage_for_testing();
  ASSERT_TRUE(storage.raw_db()
                  ->Put(rocksdb::WriteOptions(), storage.log_family(),
                        store::disk::PositionKey(3),
                        store::disk::EncodeRecord(3, "sichuan-2016", 5, "",
                                                  "event 1"))
                  .ok());
  const v1::VerifyLogResponse verified = Verify(*log_);
  EXPECT_FALSE(verified.ok());
  EXPECT_THAT(verified.problems(),
              ::testing::Contains(HasSubstr(
                  "position 3: stream 'sichuan-2016' has version 5 after "
                  "version 1")));
}

}  // namespace
}  // namespace qiwang::audit
