#include "tests/load/qiwangd_child.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <signal.h>
#include <stdlib.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "services/rules/core/roles.h"
#include "services/server/auth/token_file.h"
#include "tests/standings/standings_server_fixture.h"
#include "tests/standings/watch_load.h"
#include "tests/test_paths.h"

namespace qiwang::load {
namespace {

constexpr char kManualClock[] = "manual:2016-09-01T10:00:00+08:00";

std::atomic<pid_t> server_to_kill{0};

void KillServerAndAbort(int signal_number) {
  if (server_to_kill.load() > 0) kill(server_to_kill.load(), SIGKILL);
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

int ReadPort(const std::string& path) {
  int port = 0;
  if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(standings::ReadFile(path)),
                        &port)) {
    return 0;
  }
  return port;
}

}  // namespace

QiwangdChild::QiwangdChild() {
  signal(SIGABRT, KillServerAndAbort);
  standings::RaiseOpenFileLimit();  // before the child starts: it inherits
  std::string pattern =
      (std::filesystem::temp_directory_path() / "qiwang-load-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) abort();
  dir_ = pattern;
  std::string tokens;
  for (const server::TokenEntry& entry : standings::RoleTokens()) {
    absl::StrAppend(&tokens, entry.token, " ", entry.user, " ",
                    absl::StrJoin(entry.roles, ",",
                                  [](std::string* out, rules::Role role) {
                                    out->append(rules::RoleName(role));
                                  }),
                    "\n");
  }
  standings::WriteSecretFile(dir_ + "/tokens", tokens);
  const std::string port_file = dir_ + "/grpc.port";
  const std::string http_port_file = dir_ + "/http.port";
  process_ = std::make_unique<e2e::BackgroundProcess>(
      std::vector<std::string>{
          test_paths::kQiwangd, "--data_dir=" + dir_ + "/log",
          "--tokens=" + dir_ + "/tokens",
          std::string("--clock=") + kManualClock, "--listen=127.0.0.1:0",
          "--port_file=" + port_file, "--http_listen=127.0.0.1:0",
          "--http_port_file=" + http_port_file, "--max_watches_per_client=0",
          "--http_max_streams_per_client=0"},
      dir_ + "/qiwangd.log");
  int exit_code = 0;
  if (!process_->started() ||
      !e2e::WaitFor(
          [&] {
            return (std::filesystem::exists(port_file) &&
                    std::filesystem::exists(http_port_file)) ||
                   process_->HasExited(exit_code);
          },
          absl::Seconds(30)) ||
      (port_ = ReadPort(port_file)) == 0 ||
      (http_port_ = ReadPort(http_port_file)) == 0) {
    fprintf(stderr, "qiwangd did not start: %s\n", Output().c_str());
    abort();
  }
  pid_ = absl::StrCat(process_->pid());
  server_to_kill = process_->pid();
}

QiwangdChild::~QiwangdChild() {
  process_.reset();
  server_to_kill = 0;
  std::filesystem::remove_all(dir_);
}

std::string QiwangdChild::address() const {
  return absl::StrCat("127.0.0.1:", port_);
}

double QiwangdChild::CpuSeconds() const {
  return standings::ProcessCpuSeconds(pid_);
}

double QiwangdChild::MemoryMb(const std::string& field) const {
  return standings::ProcessMemoryMb(field,
                                    absl::StrCat("/proc/", pid_, "/status"));
}

bool QiwangdChild::HasExited(int& exit_code) {
  return process_->HasExited(exit_code);
}

std::string QiwangdChild::Output() const {
  return standings::ReadFile(dir_ + "/qiwangd.log");
}

std::shared_ptr<grpc::Channel> NewChannel(const std::string& address,
                                          int client) {
  grpc::ChannelArguments arguments;
  arguments.SetInt("qiwang.load.arbiter", client);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(),
                                   arguments);
}

}  // namespace qiwang::load
