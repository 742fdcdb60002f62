// Master-key rotation (issue 24, qiwangd --rotate_data_key_to) on a real
// RocksDB data folder holding persons as issue 18 wrote them: sealed, with
// identity hashes under the subkey "idhash01" of the master key in the
// immutable log. Rotation makes the old key unnecessary, so that destroying
// it leaves nothing that leads back to a forgotten person; persons not
// forgotten read the same and are still matched (R3).
#include "services/keys/master_key_rotation.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/civil_time.h"
#include "base/deterministic_bytes.h"
#include "crypto/identity_hash.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event.pb.h"
#include "services/keys/master_key_hashes.h"
#include "services/keys/person_keyring.h"
#include "services/keys/private_fields.h"
#include "services/keys/sealing_event_log.h"
#include "store/person_key_store.h"
#include "tests/faults/forget_attack.h"
#include "tests/store/log_test_support.h"

namespace qiwang::keys {
namespace {

using ::qiwang::faults::ChineseIdNumber;
using ::qiwang::faults::RecoverPerson;
using ::qiwang::store::testing::TempDir;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

const std::string kOldKey(32, '\x0a');
const std::string kNewKey(32, '\x0b');
constexpr char kTournament[] = "cup";
constexpr char kAreaCode[] = "510104";  // Chengdu, Jinjiang district

// The player issue 24 forgets, and one who stays.
constexpr char kForgottenName[] = "柳大华";
const absl::CivilDay kForgottenBorn(1985, 6, 15);
constexpr char kKeptName[] = "王天一";
const absl::CivilDay kKeptBorn(1990, 3, 7);

std::string ForgottenId() {
  return ChineseIdNumber(kAreaCode, kForgottenBorn, 123);
}
std::string KeptId() { return ChineseIdNumber(kAreaCode, kKeptBorn, 456); }

v1::Person InClear(const std::string& name, const std::string& id_number,
                   absl::CivilDay born) {
  v1::Person person;
  person.set_name(name);
  person.set_id_number(id_number);
  person.mutable_birth_date()->set_year(static_cast<int32_t>(born.year()));
  person.mutable_birth_date()->set_month(born.month());
  person.mutable_birth_date()->set_day(born.day());
  return person;
}

v1::Event Registration(int64_t player_id, const v1::Person& person) {
  v1::Event event;
  event.mutable_player_registered()->set_player_id(player_id);
  *event.mutable_player_registered()->mutable_person() = person;
  return event;
}

v1::Event StationEntry(const v1::Person& person) {
  v1::Event event;
  event.mutable_station_results_recorded()->mutable_station()->set_id(
      "chengdu");
  *event.mutable_station_results_recorded()->add_ranking() = person;
  return event;
}

// Sets the hashes issue 18 wrote: BLAKE2b of the ID number, and of the name
// and birth date, keyed by the master key's subkey "idhash01".
absl::Status SetIssue18Hashes(absl::string_view master_key,
                              v1::Person& person) {
  absl::StatusOr<std::string> subkey =
      crypto::DeriveSubkey(master_key, "idhash01");
  if (!subkey.ok()) return subkey.status();
  absl::StatusOr<std::string> identity =
      crypto::IdentityHash(*subkey, person.id_number());
  if (!identity.ok()) return identity.status();
  const v1::Date& born = person.birth_date();
  absl::StatusOr<std::string> name_birth = crypto::IdentityHash(
      *subkey, absl::StrFormat("name:%s|born:%04d-%02d-%02d", person.name(),
                               born.year(), born.month(), born.day()));
  if (!name_birth.ok()) return name_birth.status();
  person.set_identity_hash(*identity);
  person.set_name_birth_hash(*name_birth);
  return absl::OkStatus();
}

// A master key file of `hex` with `mode`, in `dir`.
std::string KeyFile(const TempDir& dir, const std::string& name,
                    const std::string& hex, mode_t mode = 0600) {
  const std::string path = dir.Sub(name);
  std::ofstream(path) << hex << "\n";
  ::chmod(path.c_str(), mode);
  return path;
}

std::string Hex(const std::string& key) { return absl::BytesToHexString(key); }

// `value` is ok and equal to `expected` (the status or the value otherwise).
template <typename T>
::testing::AssertionResult OkAndEqual(const absl::StatusOr<T>& value,
                                      const T& expected) {
  if (!value.ok()) return ::testing::AssertionFailure() << value.status();
  if (*value != expected) {
    return ::testing::AssertionFailure() << *value << " != " << expected;
  }
  return ::testing::AssertionSuccess();
}

class MasterKeyRotationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    old_key_file_ = KeyFile(dir_, "old.key", Hex(kOldKey));
    new_key_file_ = KeyFile(dir_, "new.key", Hex(kNewKey));
  }

  std::string DataDir() const { return dir_.Sub("log"); }

  MasterKeyRotation Rotation() const {
    MasterKeyRotation rotation;
    rotation.data_dir = DataDir();
    rotation.key_file = old_key_file_;
    rotation.new_key_file = new_key_file_;
    return rotation;
  }

  // The ledger's log and keyring under `master_key`, as qiwangd opens them.
  void OpenLedger(const std::string& master_key) {
    log_ = store::testing::OpenLog(DataDir());
    absl::StatusOr<std::unique_ptr<PersonKeyring>> ring =
        PersonKeyring::Open(*log_, master_key, "data.key");
    ASSERT_TRUE(ring.ok()) << ring.status();
    ring_ = *std::move(ring);
    sealing_ = std::make_unique<SealingEventLog>(*log_, *ring_);
  }
  void CloseLedger() {
    sealing_.reset();
    ring_.reset();
    log_.reset();
  }

  // Appends `event` as issue 18 wrote it: each person sealed under a data
  // key of their own, their hashes under the old master key's subkey.
  // REQUIRES: the ledger is open under kOldKey and nothing was appended
  // through sealing_ yet (it would not see this append).
  void AppendAsIssue18(v1::Event event, const std::string& command_id) {
    std::vector<store::KeyWrite> key_writes;
    const PersonKeyId new_key_with_hashes =
        [](v1::Person& person) -> absl::StatusOr<std::string> {
      if (absl::Status hashed = SetIssue18Hashes(kOldKey, person);
          !hashed.ok()) {
        return hashed;
      }
      return NewKeyId();
    };
    const PlayerKeyId no_player =
        [](int64_t player_id) -> absl::StatusOr<std::string> {
      return absl::NotFoundError(absl::StrCat("no player ", player_id));
    };
    absl::StatusOr<bool> sealed = SealPrivateFields(
        kTournament, *ring_, new_key_with_hashes, no_player, event, key_writes);
    ASSERT_TRUE(sealed.ok() && *sealed) << sealed.status();
    store::AppendRequest request = store::testing::MakeAppend(
        kTournament, store::ExpectedVersion::Any(),
        {base::SerializeDeterministically(event)}, command_id);
    request.key_writes = key_writes;
    ASSERT_TRUE(log_->Append(request).ok());
    ring_->KeysWritten(key_writes);
  }

  void Append(const v1::Event& event, const std::string& command_id) {
    absl::StatusOr<store::AppendResult> appended =
        sealing_->Append(store::testing::MakeAppend(
            kTournament, store::ExpectedVersion::Any(),
            {base::SerializeDeterministically(event)}, command_id));
    ASSERT_TRUE(appended.ok()) << appended.status();
  }

  // The event at `position` as the ledger reads it (private fields opened).
  v1::Event LedgerEventAt(uint64_t position) const {
    store::ReadRequest request;
    request.from = position;
    request.limit = 1;
    absl::StatusOr<std::vector<store::Record>> records =
        sealing_->Read(request);
    v1::Event event;
    EXPECT_TRUE(records.ok() && records->size() == 1);
    if (records.ok() && records->size() == 1) {
      EXPECT_TRUE(event.ParseFromString(records->front().data));
    }
    return event;
  }

  // The kept person's station entry (position 1) and the forgotten player's
  // registration (position 2) as issue 18 wrote them; then the forgetting.
  void WriteIssue18LogAndForget() {
    ASSERT_NO_FATAL_FAILURE(OpenLedger(kOldKey));
    ASSERT_NO_FATAL_FAILURE(AppendAsIssue18(
        StationEntry(InClear(kKeptName, KeptId(), kKeptBorn)), "station"));
    ASSERT_NO_FATAL_FAILURE(AppendAsIssue18(
        Registration(1, InClear(kForgottenName, ForgottenId(), kForgottenBorn)),
        "register-1"));
    sealing_ = std::make_unique<SealingEventLog>(*log_, *ring_);
    v1::Event forgotten;
    forgotten.mutable_person_forgotten()->set_player_id(1);
    ASSERT_NO_FATAL_FAILURE(Append(forgotten, "forget-1"));
  }

  // A refused rotation changed nothing: the old key still opens the data
  // folder and the kept person's ID number.
  void ExpectOldKeyStillOpensTheKeptPerson() {
    ASSERT_NO_FATAL_FAILURE(OpenLedger(kOldKey));
    EXPECT_EQ(
        LedgerEventAt(1).station_results_recorded().ranking(0).id_number(),
        KeptId());
    CloseLedger();
  }

  void ExpectRefused(const MasterKeyRotation& rotation, absl::StatusCode code,
                     const std::vector<std::string>& named) {
    absl::StatusOr<std::string> rotated = RotateMasterKey(rotation);
    ASSERT_FALSE(rotated.ok()) << *rotated;
    EXPECT_EQ(rotated.status().code(), code) << rotated.status();
    for (const std::string& name : named) {
      EXPECT_THAT(rotated.status().message(), HasSubstr(name));
    }
  }

  TempDir dir_;
  std::string old_key_file_;
  std::string new_key_file_;
  std::unique_ptr<store::EventLog> log_;
  std::unique_ptr<PersonKeyring> ring_;
  std::unique_ptr<SealingEventLog> sealing_;
};

// Issue 24 §1.6: a log written before 0.12.0 keeps a forgotten person's
// hashes under the master key's subkey, so the old key and 366 + ~44,000
// tries give their birth date and ID number back. After rotation the key in
// use finds nothing, and the old one no longer opens the data folder.
TEST_F(MasterKeyRotationTest,
       Issue24_AfterRotationTheKeyInUseLeadsBackToNoForgottenIssue18Person) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  CloseLedger();
  absl::StatusOr<faults::Recovered> with_old_key =
      RecoverPerson(DataDir(), kOldKey, kForgottenName,
                    static_cast<int>(kForgottenBorn.year()), kAreaCode);
  ASSERT_TRUE(with_old_key.ok()) << with_old_key.status();
  ASSERT_THAT(with_old_key->id_numbers, ::testing::Contains(ForgottenId()))
      << "the brute force must find what the old key reveals";
  ASSERT_THAT(with_old_key->birth_dates, ::testing::Contains("1985-06-15"));

  absl::StatusOr<std::string> rotated = RotateMasterKey(Rotation());
  ASSERT_TRUE(rotated.ok()) << rotated.status();

  absl::StatusOr<faults::Recovered> with_new_key =
      RecoverPerson(DataDir(), kNewKey, kForgottenName,
                    static_cast<int>(kForgottenBorn.year()), kAreaCode);
  ASSERT_TRUE(with_new_key.ok()) << with_new_key.status();
  EXPECT_THAT(with_new_key->id_numbers, IsEmpty());
  EXPECT_THAT(with_new_key->birth_dates, IsEmpty());
  std::unique_ptr<store::EventLog> log = store::testing::OpenLog(DataDir());
  absl::StatusOr<std::unique_ptr<PersonKeyring>> old_ring =
      PersonKeyring::Open(*log, kOldKey, old_key_file_);
  ASSERT_FALSE(old_ring.ok()) << "the old key still opens the data folder";
  EXPECT_THAT(old_ring.status().message(), HasSubstr(old_key_file_));
}

TEST_F(MasterKeyRotationTest, TheLineSaysHowManyKeysAndThatTheOldFileMayGo) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  CloseLedger();

  absl::StatusOr<std::string> rotated = RotateMasterKey(Rotation());

  ASSERT_TRUE(rotated.ok()) << rotated.status();
  EXPECT_THAT(*rotated, HasSubstr("re-wrapped 1 personal-data keys"));
  EXPECT_THAT(*rotated,
              HasSubstr(absl::StrCat(old_key_file_, " may now be destroyed")));
  EXPECT_EQ(rotated->find('\n'), std::string::npos);
}

// R3: a person not forgotten reads the same after rotation, under the new
// key, and a new registration with their ID number is still the same person
// (the same data key and match token as their issue-18 entry).
TEST_F(MasterKeyRotationTest,
       R3_APersonNotForgottenReadsTheSameAndStillMatchesAfterRotation) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  const v1::Person before =
      LedgerEventAt(1).station_results_recorded().ranking(0);
  ASSERT_EQ(before.id_number(), KeptId());
  CloseLedger();

  absl::StatusOr<std::string> rotated = RotateMasterKey(Rotation());
  ASSERT_TRUE(rotated.ok()) << rotated.status();

  ASSERT_NO_FATAL_FAILURE(OpenLedger(kNewKey));
  const v1::Person after =
      LedgerEventAt(1).station_results_recorded().ranking(0);
  EXPECT_EQ(base::SerializeDeterministically(after),
            base::SerializeDeterministically(before));
  ASSERT_NO_FATAL_FAILURE(Append(
      Registration(2, InClear(kKeptName, KeptId(), kKeptBorn)), "register-2"));
  const v1::Person registered =
      LedgerEventAt(log_->LastPosition()).player_registered().person();
  EXPECT_EQ(registered.sealed().key_id(), before.sealed().key_id());
  EXPECT_EQ(registered.identity_hash(), before.identity_hash());
  EXPECT_EQ(registered.id_number(), KeptId());
}

// qiwangd tells, at start, a log that still needs rotating: the entry of the
// person not forgotten carries hashes under the key in use (the forgotten
// one cannot be opened, so is not counted). After rotation the new key leads
// to none, and qiwangd says nothing.
TEST_F(MasterKeyRotationTest,
       Issue24_TheKeyInUseTellsALogThatStillNeedsRotatingUntilRotated) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());

  absl::StatusOr<size_t> before = CountHashedUnderMasterKey(*sealing_, kOldKey);

  ASSERT_TRUE(before.ok()) << before.status();
  EXPECT_EQ(*before, 1u);
  const std::string warning =
      HashedUnderMasterKeyWarning(*before, old_key_file_);
  EXPECT_THAT(warning, HasSubstr("1 person entries"));
  EXPECT_THAT(warning, HasSubstr("--data_key_file=" + old_key_file_));
  EXPECT_THAT(warning, HasSubstr("--rotate_data_key_to=NEW"));
  CloseLedger();
  absl::StatusOr<std::string> rotated = RotateMasterKey(Rotation());
  ASSERT_TRUE(rotated.ok()) << rotated.status();

  ASSERT_NO_FATAL_FAILURE(OpenLedger(kNewKey));
  absl::StatusOr<size_t> after = CountHashedUnderMasterKey(*sealing_, kNewKey);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(*after, 0u);
  EXPECT_EQ(HashedUnderMasterKeyWarning(*after, new_key_file_), "");
}

// A log written since 0.12.0 carries random match tokens only: nothing to
// rotate, even for a person registered with ID number and birth date.
TEST_F(MasterKeyRotationTest, ALogOfMatchTokensNeedsNoRotation) {
  ASSERT_NO_FATAL_FAILURE(OpenLedger(kOldKey));
  ASSERT_NO_FATAL_FAILURE(
      Append(StationEntry(InClear(kKeptName, KeptId(), kKeptBorn)), "station"));
  ASSERT_NO_FATAL_FAILURE(Append(
      Registration(1, InClear(kKeptName, KeptId(), kKeptBorn)), "register-1"));
  ASSERT_FALSE(
      LedgerEventAt(2).player_registered().person().identity_hash().empty());

  absl::StatusOr<size_t> count = CountHashedUnderMasterKey(*sealing_, kOldKey);

  ASSERT_TRUE(count.ok()) << count.status();
  EXPECT_EQ(*count, 0u);
}

// The start's check reads the whole log only until one read finds nothing:
// the finding is noted in the key family, and a later start under the same
// key answers without reading (shown here by an entry that a full read would
// count, appended behind the note's back).
TEST_F(MasterKeyRotationTest,
       Issue24_AStartThatFindsNoHashesNotesItAndLaterStartsSkipTheRead) {
  ASSERT_NO_FATAL_FAILURE(OpenLedger(kOldKey));
  ASSERT_NO_FATAL_FAILURE(
      Append(StationEntry(InClear(kKeptName, KeptId(), kKeptBorn)), "station"));

  absl::StatusOr<size_t> first =
      CountHashedUnderMasterKeyOnce(*sealing_, *ring_, kOldKey);

  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(*first, 0u);
  CloseLedger();
  ASSERT_NO_FATAL_FAILURE(OpenLedger(kOldKey));
  EXPECT_TRUE(OkAndEqual<bool>(ring_->NoHashesUnderMasterKeyRecorded(), true));
  ASSERT_NO_FATAL_FAILURE(AppendAsIssue18(
      Registration(1, InClear(kForgottenName, ForgottenId(), kForgottenBorn)),
      "register-1"));
  ASSERT_TRUE(
      OkAndEqual<size_t>(CountHashedUnderMasterKey(*sealing_, kOldKey), 1u));
  EXPECT_TRUE(OkAndEqual<size_t>(
      CountHashedUnderMasterKeyOnce(*sealing_, *ring_, kOldKey), 0u));
}

// A log that still carries hashes is read, and warned of, at every start
// until the key is rotated; the new key's first start notes that it found
// none.
TEST_F(MasterKeyRotationTest,
       Issue24_ALogWithHashesIsReadAtEveryStartUntilTheKeyIsRotated) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());

  EXPECT_TRUE(OkAndEqual<size_t>(
      CountHashedUnderMasterKeyOnce(*sealing_, *ring_, kOldKey), 1u));
  EXPECT_TRUE(OkAndEqual<bool>(ring_->NoHashesUnderMasterKeyRecorded(), false));
  EXPECT_TRUE(OkAndEqual<size_t>(
      CountHashedUnderMasterKeyOnce(*sealing_, *ring_, kOldKey), 1u));
  CloseLedger();
  ASSERT_TRUE(RotateMasterKey(Rotation()).ok());
  ASSERT_NO_FATAL_FAILURE(OpenLedger(kNewKey));
  EXPECT_TRUE(OkAndEqual<bool>(ring_->NoHashesUnderMasterKeyRecorded(), false));

  EXPECT_TRUE(OkAndEqual<size_t>(
      CountHashedUnderMasterKeyOnce(*sealing_, *ring_, kNewKey), 0u));
  EXPECT_TRUE(OkAndEqual<bool>(ring_->NoHashesUnderMasterKeyRecorded(), true));
}

TEST_F(MasterKeyRotationTest, WithoutTheKeyInUseIsRefusedNamingTheFlag) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  CloseLedger();
  MasterKeyRotation rotation = Rotation();
  rotation.key_file.clear();

  ExpectRefused(rotation, absl::StatusCode::kInvalidArgument,
                {"--rotate_data_key_to", "--data_key_file"});
  ExpectOldKeyStillOpensTheKeptPerson();
}

TEST_F(MasterKeyRotationTest, AMissingNewKeyFileIsRefusedNamingIt) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  CloseLedger();
  MasterKeyRotation rotation = Rotation();
  rotation.new_key_file = dir_.Sub("absent.key");

  ExpectRefused(rotation, absl::StatusCode::kNotFound,
                {"--rotate_data_key_to", rotation.new_key_file});
  ExpectOldKeyStillOpensTheKeptPerson();
}

TEST_F(MasterKeyRotationTest, ANewKeyFileThatIsNoKeyIsRefusedNamingIt) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  CloseLedger();
  MasterKeyRotation rotation = Rotation();
  rotation.new_key_file = KeyFile(dir_, "short.key", "0123456789abcdef");

  ExpectRefused(rotation, absl::StatusCode::kInvalidArgument,
                {"--rotate_data_key_to", rotation.new_key_file, "64"});
  ExpectOldKeyStillOpensTheKeptPerson();
}

TEST_F(MasterKeyRotationTest, ANewKeyFileOthersCanReadIsRefusedNamingIt) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  CloseLedger();
  MasterKeyRotation rotation = Rotation();
  rotation.new_key_file =
      KeyFile(dir_, "shared.key", Hex(std::string(32, '\x0c')), 0644);

  ExpectRefused(rotation, absl::StatusCode::kFailedPrecondition,
                {"--rotate_data_key_to", rotation.new_key_file, "chmod 600"});
  ExpectOldKeyStillOpensTheKeptPerson();
}

TEST_F(MasterKeyRotationTest, ANewKeyEqualToTheOldIsRefusedNamingBoth) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  CloseLedger();
  MasterKeyRotation rotation = Rotation();
  rotation.new_key_file = KeyFile(dir_, "copy.key", Hex(kOldKey));

  ExpectRefused(rotation, absl::StatusCode::kInvalidArgument,
                {"--rotate_data_key_to", rotation.new_key_file, old_key_file_,
                 "same key"});
  ExpectOldKeyStillOpensTheKeptPerson();
}

TEST_F(MasterKeyRotationTest, AKeyThatIsNotTheDataFoldersIsRefusedNamingIt) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());
  CloseLedger();
  MasterKeyRotation rotation = Rotation();
  rotation.key_file = KeyFile(dir_, "other.key", Hex(std::string(32, '\x0d')));

  ExpectRefused(rotation, absl::StatusCode::kFailedPrecondition,
                {"--data_key_file", rotation.key_file, "not the master key"});
  ExpectOldKeyStillOpensTheKeptPerson();
}

TEST_F(MasterKeyRotationTest, ADataFolderInUseIsRefusedNamingIt) {
  ASSERT_NO_FATAL_FAILURE(WriteIssue18LogAndForget());

  ExpectRefused(Rotation(), absl::StatusCode::kFailedPrecondition, {DataDir()});
  CloseLedger();
  ExpectOldKeyStillOpensTheKeptPerson();
}

TEST_F(MasterKeyRotationTest, AMissingDataFolderIsRefusedAndNotCreated) {
  MasterKeyRotation rotation = Rotation();
  rotation.data_dir = dir_.Sub("nowhere");

  ExpectRefused(rotation, absl::StatusCode::kNotFound,
                {"--data_dir", rotation.data_dir});
  EXPECT_FALSE(std::filesystem::exists(rotation.data_dir));
}

TEST_F(MasterKeyRotationTest, ADataFolderNoMasterKeyWroteToIsRefused) {
  store::testing::OpenLog(DataDir()).reset();

  ExpectRefused(Rotation(), absl::StatusCode::kFailedPrecondition,
                {"--data_dir", "nothing to rotate"});
  std::unique_ptr<store::EventLog> log = store::testing::OpenLog(DataDir());
  absl::StatusOr<std::unique_ptr<store::PersonKeyStore>> keys =
      store::PersonKeyStore::InLog(*log);
  ASSERT_TRUE(keys.ok()) << keys.status();
  absl::StatusOr<std::vector<std::string>> names = (*keys)->NamesWithPrefix("");
  ASSERT_TRUE(names.ok()) << names.status();
  EXPECT_THAT(*names, IsEmpty()) << "a refused rotation wrote a key";
}

}  // namespace
}  // namespace qiwang::keys
