// The real qiwangd, started as a process on 127.0.0.1:0 in a temporary data
// folder with a token file, and the real qiwang CLI to drive it, as an
// operator would; helpers to read what the CLI prints. In the split form
// (issue 7) qiwangd is three processes: the ledger, the pairing reads, and
// standings with audit, following the ledger; the CLI reaches them with
// --route.
#ifndef QIWANG_TESTS_E2E_E2E_FIXTURE_H_
#define QIWANG_TESTS_E2E_E2E_FIXTURE_H_

#include <signal.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "tests/e2e/subprocess.h"
#include "tests/test_paths.h"

namespace qiwang::e2e {

inline constexpr char kOrganiserToken[] = "e2e-organiser-token";
inline constexpr char kRegistrarToken[] = "e2e-registrar-token";
inline constexpr char kArbiterToken[] = "e2e-arbiter-token";
inline constexpr char kChiefToken[] = "e2e-chief-token";
inline constexpr char kPairingToken[] = "e2e-pairing-token";
inline constexpr char kArbiter2Token[] = "e2e-arbiter2-token";

// The CLI flag that names the shipped 2016 event, which most tests create.
inline constexpr char kTournament[] = "--tournament=sichuan-2016";

inline constexpr absl::Duration kStartupTimeout = absl::Seconds(30);

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

inline std::vector<std::string> Lines(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

template <typename Message>
Message FromJson(const std::string& line) {
  Message message;
  const auto status =
      google::protobuf::util::JsonStringToMessage(line, &message);
  EXPECT_TRUE(status.ok()) << status.ToString() << " in: " << line;
  return message;
}

// Display columns, counted independently of the CLI: every non-ASCII
// character these tests print is a double-width CJK character.
inline size_t Columns(const std::string& text) {
  size_t columns = 0;
  for (unsigned char byte : text) {
    if (byte < 0x80) {
      ++columns;
    } else if ((byte & 0xC0) != 0x80) {
      columns += 2;
    }
  }
  return columns;
}

// How qiwangd runs under a test: one process, or split in three.
enum class Form { kOneProcess, kSplit };

inline std::string FormName(const ::testing::TestParamInfo<Form>& info) {
  return info.param == Form::kSplit ? "Split" : "OneProcess";
}

class EndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-e2e-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    std::ofstream(TokensFile()) << "# e2e tokens\n"
                                << kOrganiserToken << " olive organiser\n"
                                << kRegistrarToken << " rita registrar\n"
                                << kArbiterToken << " arthur arbiter\n"
                                << kChiefToken << " chen chief_arbiter\n"
                                << kPairingToken << " pat pairing_officer\n"
                                << kArbiter2Token << " ada arbiter\n";
    std::filesystem::permissions(TokensFile(),
                                 std::filesystem::perms::owner_read |
                                     std::filesystem::perms::owner_write);
  }

  void TearDown() override {
    reads_server_.reset();
    pairing_server_.reset();
    server_.reset();
    std::filesystem::remove_all(temp_dir_);
  }

  // Starts qiwangd (every process of the form) and waits (bounded) for the
  // port file each writes once listening. `port` 0 picks free ports; a
  // restart may pass the previous port so that clients reconnect to the same
  // addresses (the split form's read processes keep theirs too).
  void StartServer(const std::string& clock = "system", int port = 0) {
    const bool restart = port != 0;
    std::vector<std::string> ledger = {
        test_paths::kQiwangd, "--data_dir=" + temp_dir_ + "/log",
        "--tokens=" + TokensFile(), "--clock=" + clock};
    if (form_ == Form::kSplit) ledger.push_back("--services=ledger");
    ledger.insert(ledger.end(), ledger_flags_.begin(), ledger_flags_.end());
    port_ = StartProcess(ledger, port, "port", ServerLog(), server_);
    address_ = "127.0.0.1:" + std::to_string(port_);
    if (form_ != Form::kSplit || port_ == 0) return;
    std::ofstream(LedgerTokenFile(), std::ios::trunc) << kChiefToken << "\n";
    std::filesystem::permissions(LedgerTokenFile(),
                                 std::filesystem::perms::owner_read |
                                     std::filesystem::perms::owner_write);
    pairing_port_ =
        StartProcess(FollowerArgs("pairing"), restart ? pairing_port_ : 0,
                     "pairing-port", PairingLog(), pairing_server_);
    reads_port_ =
        StartProcess(FollowerArgs("standings,audit"), restart ? reads_port_ : 0,
                     "reads-port", ReadsLog(), reads_server_);
  }

  // qiwangd serving `services` and following the split form's ledger.
  std::vector<std::string> FollowerArgs(const std::string& services) const {
    return {test_paths::kQiwangd, "--ledger=" + address_,
            "--ledger_token_file=" + LedgerTokenFile(),
            "--tokens=" + TokensFile(), "--services=" + services};
  }

  // Sends `signal_number` to every process, the read processes first, then
  // answers the first non-zero exit code (-1 if one did not exit in time).
  int StopServer(int signal_number = SIGTERM) {
    int exit_code = 0;
    for (std::unique_ptr<BackgroundProcess>* process :
         {&reads_server_, &pairing_server_, &server_}) {
      if (*process == nullptr) continue;
      (*process)->Signal(signal_number);
      const int code = (*process)->WaitForExit(absl::Seconds(60));
      if (exit_code == 0) exit_code = code;
    }
    return exit_code;
  }

  // Runs `argv` listening on 127.0.0.1:`port` with a port file; answers the
  // port it listens on, 0 (and a test failure) if it did not start.
  int StartProcess(std::vector<std::string> argv, int port,
                   const std::string& port_file_name, const std::string& log,
                   std::unique_ptr<BackgroundProcess>& process) {
    const std::string port_file = temp_dir_ + "/" + port_file_name;
    std::filesystem::remove(port_file);
    argv.push_back("--listen=127.0.0.1:" + std::to_string(port));
    argv.push_back("--port_file=" + port_file);
    process = std::make_unique<BackgroundProcess>(argv, log);
    EXPECT_TRUE(process->started());
    int exit_code = 0;
    EXPECT_TRUE(WaitFor(
        [&] {
          return std::filesystem::exists(port_file) ||
                 process->HasExited(exit_code);
        },
        kStartupTimeout))
        << ReadFile(log);
    int bound = 0;
    EXPECT_TRUE(absl::SimpleAtoi(
        absl::StripAsciiWhitespace(ReadFile(port_file)), &bound))
        << "qiwangd did not start: " << ReadFile(log);
    return bound;
  }

  std::string ServerLog() const { return temp_dir_ + "/qiwangd.log"; }
  std::string TokensFile() const { return temp_dir_ + "/tokens"; }
  std::string LedgerTokenFile() const { return temp_dir_ + "/ledger-token"; }
  std::string PairingLog() const { return temp_dir_ + "/qiwangd-pairing.log"; }
  std::string ReadsLog() const { return temp_dir_ + "/qiwangd-reads.log"; }
  // The split form's read processes, for --route; empty in one process.
  std::string Route() const {
    if (form_ != Form::kSplit) return "";
    return absl::StrCat("pairing=127.0.0.1:", pairing_port_,
                        ",standings=127.0.0.1:", reads_port_,
                        ",audit=127.0.0.1:", reads_port_);
  }

  // `argv` with --server (and --route in the split form) appended.
  std::vector<std::string> WithServer(std::vector<std::string> argv) const {
    argv.push_back("--server=" + address_);
    if (form_ == Form::kSplit) argv.push_back("--route=" + Route());
    return argv;
  }

  // `qiwang <args> --server=<the server>`, in a neutral locale, with the
  // organiser's token in QIWANG_TOKEN (a --token in `args` wins).
  ProcessResult Cli(std::vector<std::string> args) {
    args.insert(args.begin(), test_paths::kCli);
    return RunProcess(WithServer(std::move(args)), NeutralEnv());
  }

  // `Cli(args)` on the 2016 event by the holder of `token` (empty: none).
  ProcessResult As(const std::string& token, std::vector<std::string> args) {
    args.push_back("--tournament=sichuan-2016");
    args.push_back(std::string("--token=") + token);
    return Cli(std::move(args));
  }

  // `qiwang demo` on the 2016 configuration: the Swiss sections open-men (20
  // players) and open-women (17) played for `rounds` rounds.
  ProcessResult PlaySwissDemo(int rounds) {
    return Cli({"demo", "--tokens=" + TokensFile(),
                "--config=" + test_paths::Sichuan2016Json(),
                "--sizes=open-men=20,open-women=17",
                "--rounds=" + std::to_string(rounds), "--arbiters=2",
                "--rows=0"});
  }

  // `args` run with --json by `token`; the first stdout line parsed.
  template <typename Message>
  Message Json(const std::string& token, std::vector<std::string> args) {
    args.push_back("--json");
    const ProcessResult result = As(token, args);
    EXPECT_EQ(result.exit_code, 0) << args[0] << ": " << result.err;
    if (result.exit_code != 0 || Lines(result.out).empty()) return Message();
    return FromJson<Message>(Lines(result.out)[0]);
  }

  static EnvChanges NeutralEnv() {
    return {{"LANG", "C"},
            {"LC_ALL", ""},
            {"QIWANG_TOURNAMENT", ""},
            {"QIWANG_TOKEN", kOrganiserToken},
            {"QIWANG_SERVER", ""},
            {"QIWANG_ROUTE", ""}};
  }

  Form form_ = Form::kOneProcess;
  std::string temp_dir_;
  // More flags for the ledger's qiwangd (e.g. --data_key_file).
  std::vector<std::string> ledger_flags_;
  std::string address_;  // the ledger's in the split form
  int port_ = 0;
  std::unique_ptr<BackgroundProcess> server_;
  int pairing_port_ = 0;
  std::unique_ptr<BackgroundProcess> pairing_server_;
  int reads_port_ = 0;
  std::unique_ptr<BackgroundProcess> reads_server_;
};

}  // namespace qiwang::e2e

#endif  // QIWANG_TESTS_E2E_E2E_FIXTURE_H_
