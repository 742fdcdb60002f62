// Issue 7, the split form under SIGKILL: a read process (standings and
// audit) killed while the demo plays an event through the ledger, and again
// after it, comes back on its port, folds the ledger's log afresh and
// answers exactly what a read process that was never killed answers.
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/audit_service.pb.h"
#include "qiwang/v1/standings_service.pb.h"
#include "tests/e2e/e2e_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::e2e {
namespace {

using ::testing::HasSubstr;

constexpr char kSplitClock[] = "manual:2016-04-01T09:00:00+08:00";

class SplitEndToEndTest : public EndToEndTest {
 protected:
  void SetUp() override {
    EndToEndTest::SetUp();
    form_ = Form::kSplit;
    StartServer(kSplitClock);
    // A second standings-and-audit process that nobody kills: the reference.
    witness_port_ =
        StartProcess(FollowerArgs("standings,audit"), 0, "witness-port",
                     temp_dir_ + "/qiwangd-witness.log", witness_);
  }
  void TearDown() override {
    witness_.reset();
    EndToEndTest::TearDown();
  }

  std::string WitnessRoute() const {
    return absl::StrCat("pairing=127.0.0.1:", pairing_port_,
                        ",standings=127.0.0.1:", witness_port_,
                        ",audit=127.0.0.1:", witness_port_);
  }
  // SIGKILL, then the same command line on the same port.
  void KillAndRestartReads() {
    reads_server_->Signal(SIGKILL);
    ASSERT_NE(reads_server_->WaitForExit(absl::Seconds(30)), -1);
    const int port = reads_port_;
    reads_port_ = StartProcess(FollowerArgs("standings,audit"), port,
                               "reads-port", ReadsLog(), reads_server_);
    ASSERT_EQ(reads_port_, port);
  }
  // `args` (a read) as JSON from the process behind `route`.
  std::string ReadJson(const std::string& route,
                       std::vector<std::string> args) {
    args.insert(args.begin(), test_paths::kCli);
    args.push_back("--json");
    args.push_back("--server=" + address_);
    args.push_back("--route=" + route);
    const ProcessResult result = RunProcess(args, NeutralEnv());
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return Lines(result.out).empty() ? "{}" : Lines(result.out)[0];
  }

  int witness_port_ = 0;
  std::unique_ptr<BackgroundProcess> witness_;
};

TEST_F(SplitEndToEndTest, AKilledReadProcessComesBackWithTheSameState) {
  const std::vector<std::string> demo = {
      "demo",
      "--tokens=" + TokensFile(),
      "--config=" + test_paths::Sichuan2016Json(),
      "--sizes=open-men=24,professional=6",
      "--rounds=5",
      "--no-shows=0"};
  const ProcessResult first_round = Cli([&] {
    std::vector<std::string> args = demo;
    args.push_back("--stop-after-round=1");
    return args;
  }());
  ASSERT_EQ(first_round.exit_code, 0) << first_round.err;

  // The rest of the event, reading from the witness, while the other read
  // process is killed under it.
  std::vector<std::string> rest = demo;
  rest.insert(rest.begin(), test_paths::kCli);
  rest.push_back("--server=" + address_);
  rest.push_back("--route=" + WitnessRoute());
  BackgroundProcess playing(rest, temp_dir_ + "/demo.log", NeutralEnv());
  ASSERT_TRUE(playing.started());
  KillAndRestartReads();
  ASSERT_EQ(playing.WaitForExit(absl::Seconds(120)), 0)
      << ReadFile(temp_dir_ + "/demo.log");
  KillAndRestartReads();

  const std::string chief = std::string("--token=") + kChiefToken;
  const auto verified = FromJson<v1::VerifyLogResponse>(
      ReadJson(WitnessRoute(), {"audit", "verify", chief}));
  ASSERT_TRUE(verified.ok());
  const std::string last =
      absl::StrCat("--min-position=", verified.last_position());
  for (const std::string ranking : {"open-men", "professional"}) {
    const std::string witness =
        ReadJson(WitnessRoute(), {"standings", ranking, kTournament, last});
    const std::string revived =
        ReadJson(Route(), {"standings", ranking, kTournament, last});
    EXPECT_EQ(revived, witness) << ranking;
    EXPECT_EQ(FromJson<v1::GetStandingsResponse>(revived).as_of_position(),
              verified.last_position());
  }
  const auto revived_digest = FromJson<v1::VerifyLogResponse>(
      ReadJson(Route(), {"audit", "verify", chief}));
  EXPECT_EQ(revived_digest.digest_sha256(), verified.digest_sha256());
}

// A split configuration qiwangd cannot run is refused at start (exit 1), the
// message naming the flag, before anything listens.
class SplitFlagsTest : public EndToEndTest {};

TEST_F(SplitFlagsTest, QiwangdRefusesABadSplitConfiguration) {
  const std::string& dir = temp_dir_;
  const std::string shared_token = dir + "/shared-token";
  std::ofstream(shared_token) << kChiefToken << "\n";
  std::filesystem::permissions(shared_token,
                               std::filesystem::perms::others_read,
                               std::filesystem::perm_options::add);
  const std::string empty_token = dir + "/empty-token";
  std::ofstream(empty_token) << "\n";
  std::filesystem::permissions(
      empty_token,
      std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::string reader = "--services=standings,audit";
  const std::string ledger = "--ledger=127.0.0.1:1";
  for (const auto& [flags, message] :
       std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--services=ledger,bogus"}, "--services: unknown service 'bogus'"},
           {{"--services=audit,audit"}, "--services: audit is named twice"},
           {{reader}, "--ledger: required with --services=standings,audit"},
           {{ledger}, "--ledger: only for a process without the ledger"},
           {{reader, ledger, "--ledger_token_file=" + dir + "/missing"},
            "--ledger_token_file: cannot read"},
           {{reader, ledger, "--ledger_token_file=" + shared_token},
            "is readable or writable by group or others"},
           {{reader, ledger, "--ledger_token_file=" + empty_token},
            "holds no token"},
           {{reader, ledger, "--ledger_tls_ca=" + dir + "/missing.pem"},
            "--ledger_tls_ca: cannot read a PEM file"}}) {
    std::vector<std::string> argv = {test_paths::kQiwangd,
                                     "--data_dir=" + dir + "/log",
                                     "--listen=127.0.0.1:0"};
    argv.insert(argv.end(), flags.begin(), flags.end());
    SCOPED_TRACE(message);
    const ProcessResult refused = RunProcess(argv, NeutralEnv());
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_THAT(refused.err, HasSubstr(message));
    EXPECT_THAT(refused.err, ::testing::Not(HasSubstr("listening")));
  }
}

}  // namespace
}  // namespace qiwang::e2e
