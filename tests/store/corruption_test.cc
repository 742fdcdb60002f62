// A damaged record is DATA_LOSS naming its position, never skipped (R9.5:
// nothing is rewritten unnoticed). The damage is done through raw RocksDB.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "rocksdb/db.h"
#include "store/disk_format.h"
#include "store/rocks_event_log.h"
#include "tests/store/log_test_support.h"

namespace qiwang::store {
namespace {

using ::qiwang::store::testing::MakeAppend;
using ::qiwang::store::testing::OpenLog;
using ::qiwang::store::testing::TempDir;

class CorruptionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int i = 0; i < 5; ++i) {
      ASSERT_TRUE(log_->Append(MakeAppend("t1", ExpectedVersion::Any(),
                                          {absl::StrCat("event ", i)}))
                      .ok());
    }
  }

  LogStorage& storage() {
    return static_cast<RocksEventLog&>(*log_).storage_for_testing();
  }

  // Flips one byte of the stored value at `position`.
  void FlipAByteAt(uint64_t position) {
    std::string value;
    const std::string key = disk::PositionKey(position);
    ASSERT_TRUE(
        storage()
            .raw_db()
            ->Get(rocksdb::ReadOptions(), storage().log_family(), key, &value)
            .ok());
    value[value.size() - 2] ^= 0x20;
    ASSERT_TRUE(
        storage()
            .raw_db()
            ->Put(rocksdb::WriteOptions(), storage().log_family(), key, value)
            .ok());
  }

  void Delete(uint64_t position) {
    ASSERT_TRUE(storage()
                    .raw_db()
                    ->Delete(rocksdb::WriteOptions(), storage().log_family(),
                             disk::PositionKey(position))
                    .ok());
  }

  static void ExpectDataLossAt(const absl::Status& status,
                               const std::string& position) {
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss) << status;
    EXPECT_NE(status.message().find(absl::StrCat("position ", position)),
              std::string::npos)
        << status;
  }

  TempDir dir_;
  std::unique_ptr<EventLog> log_ = OpenLog(dir_.path());
};

TEST_F(CorruptionTest, ReadOfAllReportsTheCorruptPosition) {
  FlipAByteAt(3);
  ReadRequest all;
  ExpectDataLossAt(log_->Read(all).status(), "3");
  all.from = 4;  // past the damage, reads go on
  EXPECT_TRUE(log_->Read(all).ok());
}

TEST_F(CorruptionTest, ReadOfAStreamReportsTheCorruptPosition) {
  FlipAByteAt(2);
  ReadRequest stream;
  stream.stream = "t1";
  ExpectDataLossAt(log_->Read(stream).status(), "2");
}

TEST_F(CorruptionTest, SubscriberStopsAtTheCorruptPosition) {
  FlipAByteAt(4);
  std::unique_ptr<Subscription> subscription = log_->Subscribe(1);
  // The chunk holding position 4 is refused whole: nothing past a bad record
  // is delivered.
  absl::StatusOr<Subscription::Item> item =
      subscription->Next(absl::Now() + absl::Seconds(30));
  ExpectDataLossAt(item.status(), "4");
  ExpectDataLossAt(subscription->Next(absl::Now()).status(), "4");
}

TEST_F(CorruptionTest, AMissingPositionIsDataLossNotASkip) {
  Delete(2);
  ReadRequest all;
  ExpectDataLossAt(log_->Read(all).status(), "2");
  ReadRequest backward;
  backward.from = ReadRequest::kEnd;
  backward.direction = Direction::kBackward;
  ExpectDataLossAt(log_->Read(backward).status(), "2");
}

TEST_F(CorruptionTest, ARecordMovedToAnotherPositionIsDetected) {
  std::string value;
  ASSERT_TRUE(storage()
                  .raw_db()
                  ->Get(rocksdb::ReadOptions(), storage().log_family(),
                        disk::PositionKey(1), &value)
                  .ok());
  ASSERT_TRUE(storage()
                  .raw_db()
                  ->Put(rocksdb::WriteOptions(), storage().log_family(),
                        disk::PositionKey(5), value)
                  .ok());
  ReadRequest all;
  ExpectDataLossAt(log_->Read(all).status(), "5");
}

}  // namespace
}  // namespace qiwang::store
