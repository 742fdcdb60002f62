// The real qiwangd, started as a process on 127.0.0.1:0 in a temporary data
// folder with a token file, and the real qiwang CLI to drive it, as an
// operator would; helpers to read what the CLI prints.
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
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "tests/e2e/subprocess.h"

namespace qiwang::e2e {

inline constexpr char kOrganiserToken[] = "e2e-organiser-token";
inline constexpr char kRegistrarToken[] = "e2e-registrar-token";
inline constexpr char kArbiterToken[] = "e2e-arbiter-token";
inline constexpr char kChiefToken[] = "e2e-chief-token";
inline constexpr char kPairingToken[] = "e2e-pairing-token";
inline constexpr char kArbiter2Token[] = "e2e-arbiter2-token";

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
    server_.reset();
    std::filesystem::remove_all(temp_dir_);
  }

  // Starts qiwangd and waits (bounded) for the port file it writes once
  // it is listening. `port` 0 picks a free one; a restart may pass the
  // previous port so that clients reconnect to the same address.
  void StartServer(const std::string& clock = "system", int port = 0) {
    const std::string port_file = temp_dir_ + "/port";
    std::filesystem::remove(port_file);
    server_ = std::make_unique<BackgroundProcess>(
        std::vector<std::string>{
            QIWANGD_PATH, "--data_dir=" + temp_dir_ + "/log",
            "--listen=127.0.0.1:" + std::to_string(port),
            "--port_file=" + port_file, "--tokens=" + TokensFile(),
            "--clock=" + clock},
        ServerLog());
    ASSERT_TRUE(server_->started());
    int exit_code = 0;
    ASSERT_TRUE(WaitFor(
        [&] {
          return std::filesystem::exists(port_file) ||
                 server_->HasExited(exit_code);
        },
        kStartupTimeout))
        << ReadFile(ServerLog());
    ASSERT_TRUE(absl::SimpleAtoi(
        absl::StripAsciiWhitespace(ReadFile(port_file)), &port_))
        << "qiwangd did not start: " << ReadFile(ServerLog());
    address_ = "127.0.0.1:" + std::to_string(port_);
  }

  // Sends `signal_number`, then answers the exit code (-1 if it did not exit
  // in time).
  int StopServer(int signal_number = SIGTERM) {
    server_->Signal(signal_number);
    return server_->WaitForExit(absl::Seconds(60));
  }

  std::string ServerLog() const { return temp_dir_ + "/qiwangd.log"; }
  std::string TokensFile() const { return temp_dir_ + "/tokens"; }

  // `qiwang <args> --server=<the server>`, in a neutral locale, with the
  // organiser's token in QIWANG_TOKEN (a --token in `args` wins).
  ProcessResult Cli(std::vector<std::string> args) {
    args.insert(args.begin(), QIWANG_CLI_PATH);
    args.push_back("--server=" + address_);
    return RunProcess(args, NeutralEnv());
  }

  // `Cli(args)` on the 2016 event by the holder of `token` (empty: none).
  ProcessResult As(const std::string& token, std::vector<std::string> args) {
    args.push_back("--tournament=sichuan-2016");
    args.push_back(std::string("--token=") + token);
    return Cli(std::move(args));
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
            {"QIWANG_SERVER", ""}};
  }

  std::string temp_dir_;
  std::string address_;
  int port_ = 0;
  std::unique_ptr<BackgroundProcess> server_;
};

}  // namespace qiwang::e2e

#endif  // QIWANG_TESTS_E2E_E2E_FIXTURE_H_
