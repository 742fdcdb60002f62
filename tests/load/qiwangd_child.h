// A qiwangd child process for the load benchmarks: every service, gRPC and
// HTTP on free ports of 127.0.0.1, a manual clock, a token per role, no
// per-client stream limits (every watcher comes from 127.0.0.1), over a
// fresh log in a temporary folder. Aborts if it cannot start; killed and
// its folder removed when destroyed, or when this process aborts.
// One per process; not thread-safe except the read-only accessors.
#ifndef QIWANG_TESTS_LOAD_QIWANGD_CHILD_H_
#define QIWANG_TESTS_LOAD_QIWANGD_CHILD_H_

#include <grpcpp/channel.h>

#include <memory>
#include <string>

#include "tests/e2e/subprocess.h"

namespace qiwang::load {

class QiwangdChild {
 public:
  QiwangdChild();
  ~QiwangdChild();
  QiwangdChild(const QiwangdChild&) = delete;
  QiwangdChild& operator=(const QiwangdChild&) = delete;

  std::string address() const;
  int http_port() const { return http_port_; }
  // utime + stime so far, from /proc/PID/stat.
  double CpuSeconds() const;
  // A line of /proc/PID/status ("VmRSS:", "VmHWM:") in MiB; 0 once it is
  // gone.
  double MemoryMb(const std::string& field) const;
  // True (with the exit code as e2e::ProcessResult has it) once it ended.
  bool HasExited(int& exit_code);
  // What it wrote to stdout and stderr.
  std::string Output() const;

 private:
  std::string dir_;
  std::unique_ptr<e2e::BackgroundProcess> process_;
  std::string pid_;
  int port_ = 0;
  int http_port_ = 0;
};

// A channel of its own to `address` (a distinct argument keeps gRPC from
// sharing one connection), as a separate client would have.
std::shared_ptr<grpc::Channel> NewChannel(const std::string& address,
                                          int client);

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_QIWANGD_CHILD_H_
