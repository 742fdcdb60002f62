// Issue 24: one address, one data folder, one qiwangd. A second qiwangd
// started on the gRPC or HTTP address of a running one, or on its data
// folder, exits non-zero with a message naming the flag and the address or
// folder, instead of serving beside it (the kernel splitting calls between
// two logs); and its --port_file never shows a port it does not serve.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/faults/faults_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::faults {
namespace {

using ::testing::HasSubstr;

// How a second qiwangd's start ended.
struct SecondStart {
  bool exited = false;
  int exit_code = -1;
  std::string output;
  bool port_file_left = false;
};

class OneServerTest : public FaultsTest {
 protected:
  // qiwangd with `flags`, started while the fixture's runs; waits until it
  // exits or writes a port file. Its port file holds a stale port first, as
  // one left by an earlier run would.
  SecondStart StartSecond(const std::vector<std::string>& flags) {
    const std::string port_file = temp_dir_ + "/second-port";
    const std::string log = temp_dir_ + "/second.log";
    std::ofstream(port_file) << "1\n";
    std::vector<std::string> argv = {
        test_paths::kQiwangd, "--tokens=" + TokensFile(),
        "--clock=" + std::string(kManualClock), "--port_file=" + port_file};
    argv.insert(argv.end(), flags.begin(), flags.end());
    e2e::BackgroundProcess second(argv, log);
    SecondStart start;
    e2e::WaitFor(
        [&] {
          start.exited = second.HasExited(start.exit_code);
          // Empty while missing: the second removes the stale file first.
          const std::string port(
              absl::StripAsciiWhitespace(e2e::ReadFile(port_file)));
          return start.exited || (!port.empty() && port != "1");
        },
        e2e::kStartupTimeout);
    start.output = e2e::ReadFile(log);
    start.port_file_left = std::filesystem::exists(port_file);
    return start;
  }

  std::string DataDir() const { return temp_dir_ + "/log"; }
};

TEST_F(OneServerTest, SecondServerOnTheGrpcAddressExitsNamingIt) {
  ASSERT_NO_FATAL_FAILURE(Start());
  const std::string address = absl::StrCat("127.0.0.1:", port_);

  const SecondStart second = StartSecond(
      {"--data_dir=" + temp_dir_ + "/second", "--listen=" + address});

  ASSERT_TRUE(second.exited) << "a second qiwangd serves " << address << ":\n"
                             << second.output;
  EXPECT_NE(second.exit_code, 0);
  EXPECT_THAT(second.output, HasSubstr("--listen"));
  EXPECT_THAT(second.output, HasSubstr(address));
  EXPECT_THAT(second.output, HasSubstr("already in use"));
  EXPECT_FALSE(second.port_file_left);
}

TEST_F(OneServerTest, SecondServerOnTheHttpAddressExitsNamingIt) {
  const std::string http_port_file = temp_dir_ + "/http-port";
  ledger_flags_ = {"--http_listen=127.0.0.1:0",
                   "--http_port_file=" + http_port_file};
  ASSERT_NO_FATAL_FAILURE(Start());
  int http_port = 0;
  ASSERT_TRUE(absl::SimpleAtoi(
      absl::StripAsciiWhitespace(e2e::ReadFile(http_port_file)), &http_port));
  const std::string address = absl::StrCat("127.0.0.1:", http_port);

  const SecondStart second =
      StartSecond({"--data_dir=" + temp_dir_ + "/second",
                   "--listen=127.0.0.1:0", "--http_listen=" + address});

  ASSERT_TRUE(second.exited)
      << "a second qiwangd serves HTTP on " << address << ":\n"
      << second.output;
  EXPECT_NE(second.exit_code, 0);
  EXPECT_THAT(second.output, HasSubstr("--http_listen"));
  EXPECT_THAT(second.output, HasSubstr(address));
  EXPECT_THAT(second.output, HasSubstr("in use"));
  EXPECT_FALSE(second.port_file_left)
      << "the port file announced a qiwangd that never served";
}

TEST_F(OneServerTest, SecondServerOnTheDataFolderExitsNamingIt) {
  ASSERT_NO_FATAL_FAILURE(Start());

  const SecondStart second =
      StartSecond({"--data_dir=" + DataDir(), "--listen=127.0.0.1:0"});

  ASSERT_TRUE(second.exited) << "a second qiwangd serves " << DataDir() << ":\n"
                             << second.output;
  EXPECT_NE(second.exit_code, 0);
  EXPECT_THAT(second.output, HasSubstr(DataDir()));
  EXPECT_THAT(second.output, HasSubstr("another process"));
  EXPECT_FALSE(second.port_file_left);
}

}  // namespace
}  // namespace qiwang::faults
