// Issue 24: master-key rotation through the real qiwangd, as an operator
// runs it. `qiwangd --rotate_data_key_to=NEW` is refused while a qiwangd
// serves the data folder; once it is stopped, rotation re-wraps the keys and
// exits without serving; qiwangd then refuses to start with the old key file,
// naming it, and starts with the new one, whose officials read the personal
// data registered before.
#include <sys/stat.h>

#include <fstream>
#include <string>

#include "absl/strings/escaping.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "tests/faults/faults_fixture.h"
#include "tests/faults/forget_attack.h"
#include "tests/test_paths.h"

namespace qiwang::faults {
namespace {

using ::testing::HasSubstr;

// Person(0)'s: born 1960-01-01.
std::string RotatedIdNumber() {
  return ChineseIdNumber("510104", absl::CivilDay(1960, 1, 1), 123);
}

class RotateDataKeyTest : public FaultsTest {
 protected:
  void SetUp() override {
    FaultsTest::SetUp();
    old_key_file_ = WriteKeyFile("old.key", std::string(32, '\x01'));
    new_key_file_ = WriteKeyFile("new.key", std::string(32, '\x02'));
    ledger_flags_ = {"--data_key_file=" + old_key_file_};
  }

  std::string WriteKeyFile(const std::string& name, const std::string& key) {
    const std::string path = temp_dir_ + "/" + name;
    std::ofstream(path) << absl::BytesToHexString(key) << "\n";
    ::chmod(path.c_str(), 0600);
    return path;
  }

  std::string DataDir() const { return temp_dir_ + "/log"; }

  e2e::ProcessResult Rotate() const {
    return e2e::RunProcess({test_paths::kQiwangd, "--data_dir=" + DataDir(),
                            "--data_key_file=" + old_key_file_,
                            "--rotate_data_key_to=" + new_key_file_});
  }

  std::string RegisteredIdNumber() {
    v1::GetPlayerRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_player_id(1);
    v1::GetPlayerResponse response;
    const grpc::Status status =
        v1::TournamentService::NewStub(NewChannel())
            ->GetPlayer(Call(kRegistrarToken, absl::Seconds(30),
                             /*wait_for_ready=*/true)
                            .get(),
                        request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.player().id_number();
  }

  std::string old_key_file_;
  std::string new_key_file_;
};

TEST_F(RotateDataKeyTest,
       Issue24_RotatedOfflineTheOldKeyIsRefusedAndTheNewOneServes) {
  ASSERT_NO_FATAL_FAILURE(Start());
  ASSERT_NO_FATAL_FAILURE(CreateEvent(2));
  v1::RegisterPlayerRequest registration = Registration(0, "register-0");
  registration.mutable_person()->set_id_number(RotatedIdNumber());
  v1::RegisterPlayerResponse registered;
  ASSERT_TRUE(v1::TournamentService::NewStub(NewChannel())
                  ->RegisterPlayer(Call(kRegistrarToken).get(), registration,
                                   &registered)
                  .ok());

  const e2e::ProcessResult while_serving = Rotate();
  EXPECT_NE(while_serving.exit_code, 0);
  EXPECT_THAT(while_serving.err, HasSubstr(DataDir()));
  EXPECT_THAT(while_serving.err, HasSubstr("another process"));
  ASSERT_EQ(StopServer(), 0);

  const e2e::ProcessResult rotated = Rotate();
  ASSERT_EQ(rotated.exit_code, 0) << rotated.err;
  // The two station entries' keys; the registration shares the first's.
  EXPECT_THAT(rotated.out, HasSubstr("re-wrapped 2 personal-data keys"));
  EXPECT_THAT(rotated.out, HasSubstr(old_key_file_ + " may now be destroyed"));

  const e2e::ProcessResult with_old_key =
      e2e::RunProcess({test_paths::kQiwangd, "--data_dir=" + DataDir(),
                       "--data_key_file=" + old_key_file_,
                       "--tokens=" + TokensFile(), "--listen=127.0.0.1:0"},
                      {}, e2e::kStartupTimeout);
  EXPECT_FALSE(with_old_key.timed_out) << "qiwangd served with the old key";
  EXPECT_NE(with_old_key.exit_code, 0);
  EXPECT_THAT(with_old_key.err, HasSubstr(old_key_file_));
  EXPECT_THAT(with_old_key.err, HasSubstr("not the master key"));

  ledger_flags_ = {"--data_key_file=" + new_key_file_};
  ASSERT_NO_FATAL_FAILURE(Start(port_));
  EXPECT_EQ(RegisteredIdNumber(), RotatedIdNumber());
}

// The operator finds the one-shot mode where they look first.
TEST(QiwangdHelpTest, ListsTheRotationFlagAndItsCommand) {
  const e2e::ProcessResult help =
      e2e::RunProcess({test_paths::kQiwangd, "--help"});

  EXPECT_THAT(help.out, HasSubstr("--rotate_data_key_to (A new master key"));
  EXPECT_THAT(help.out, HasSubstr("qiwangd --data_dir=DIR --data_key_file=OLD "
                                  "--rotate_data_key_to=NEW"));
}

}  // namespace
}  // namespace qiwang::faults
