#ifndef QIWANG_TESTS_E2E_SUBPROCESS_H_
#define QIWANG_TESTS_E2E_SUBPROCESS_H_

#include <sys/types.h>

#include <string>
#include <utility>
#include <vector>

#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace qiwang::e2e {

// Environment variables set (or, with an empty value, unset) in a child.
using EnvChanges = std::vector<std::pair<std::string, std::string>>;

struct ProcessResult {
  // The exit status, or 128 + the signal number if a signal ended it.
  int exit_code = -1;
  std::string out;
  std::string err;
  bool timed_out = false;  // killed after the timeout
};

// Runs argv[0] (a path) to completion, capturing stdout and stderr; kills it
// with SIGKILL if it is still running after `timeout`.
ProcessResult RunProcess(const std::vector<std::string>& argv,
                         const EnvChanges& env = {},
                         absl::Duration timeout = absl::Seconds(60));

// A child running in the background, its stdout and stderr appended to
// `log_path`. The destructor kills (SIGKILL) and reaps it if still running.
// Not thread-safe.
class BackgroundProcess {
 public:
  BackgroundProcess(const std::vector<std::string>& argv,
                    const std::string& log_path, const EnvChanges& env = {});
  ~BackgroundProcess();
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  void Signal(int signal_number);
  // True (and sets exit_code as in ProcessResult) if the child has ended.
  bool HasExited(int& exit_code);
  // Waits for the child to end, up to `timeout`; -1 if it did not.
  int WaitForExit(absl::Duration timeout);

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int exit_code_ = -1;
};

// Polls `condition` every few milliseconds until it holds or `timeout`
// passes; answers whether it held. A bounded wait on a condition, never a
// sleep of fixed length.
template <typename Condition>
bool WaitFor(Condition condition, absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  while (!condition()) {
    if (absl::Now() > deadline) return false;
    absl::SleepFor(absl::Milliseconds(5));
  }
  return true;
}

}  // namespace qiwang::e2e

#endif  // QIWANG_TESTS_E2E_SUBPROCESS_H_
