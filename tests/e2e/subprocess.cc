#include "tests/e2e/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace qiwang::e2e {
namespace {

int ExitCodeOf(int wait_status) {
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
  if (WIFSIGNALED(wait_status)) return 128 + WTERMSIG(wait_status);
  return -1;
}

// In the child, after fork: never returns.
[[noreturn]] void ExecChild(const std::vector<std::string>& argv,
                            const EnvChanges& env) {
  // A test that crashes or is killed takes its servers with it rather than
  // leaving them running (the signal follows the forking thread; tests fork
  // from the thread that waits for them).
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  for (const auto& [name, value] : env) {
    if (value.empty()) {
      unsetenv(name.c_str());
    } else {
      setenv(name.c_str(), value.c_str(), 1);
    }
  }
  std::vector<char*> args;
  for (const std::string& arg : argv)
    args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  execv(args[0], args.data());
  _exit(127);
}

}  // namespace

ProcessResult RunProcess(const std::vector<std::string>& argv,
                         const EnvChanges& env, absl::Duration timeout) {
  ProcessResult result;
  int out_pipe[2];
  int err_pipe[2];
  if (pipe(out_pipe) != 0 || pipe(err_pipe) != 0) return result;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    close(out_pipe[0]);
    close(out_pipe[1]);
    close(err_pipe[0]);
    close(err_pipe[1]);
    ExecChild(argv, env);
  }
  close(out_pipe[1]);
  close(err_pipe[1]);

  const absl::Time deadline = absl::Now() + timeout;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open_pipes = 2;
  while (open_pipes > 0) {
    const int wait_ms =
        static_cast<int>(absl::ToInt64Milliseconds(deadline - absl::Now()));
    if (wait_ms <= 0) {
      kill(pid, SIGKILL);
      result.timed_out = true;
      break;
    }
    if (poll(fds, 2, wait_ms) < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buffer[4096];
      const ssize_t n = read(fds[i].fd, buffer, sizeof(buffer));
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<size_t>(n));
      } else {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_pipes;
      }
    }
  }
  for (const pollfd& fd : fds) {
    if (fd.fd >= 0) close(fd.fd);
  }
  int wait_status = 0;
  waitpid(pid, &wait_status, 0);
  result.exit_code = ExitCodeOf(wait_status);
  return result;
}

BackgroundProcess::BackgroundProcess(const std::vector<std::string>& argv,
                                     const std::string& log_path,
                                     const EnvChanges& env) {
  const int log_fd =
      open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) return;
  pid_ = fork();
  if (pid_ == 0) {
    dup2(log_fd, STDOUT_FILENO);
    dup2(log_fd, STDERR_FILENO);
    ExecChild(argv, env);
  }
  close(log_fd);
}

BackgroundProcess::~BackgroundProcess() {
  if (pid_ > 0 && !reaped_) {
    kill(pid_, SIGKILL);
    int wait_status = 0;
    waitpid(pid_, &wait_status, 0);
  }
}

void BackgroundProcess::Signal(int signal_number) {
  if (pid_ > 0 && !reaped_) kill(pid_, signal_number);
}

bool BackgroundProcess::HasExited(int& exit_code) {
  if (pid_ <= 0) return false;
  if (!reaped_) {
    int wait_status = 0;
    if (waitpid(pid_, &wait_status, WNOHANG) != pid_) return false;
    reaped_ = true;
    exit_code_ = ExitCodeOf(wait_status);
  }
  exit_code = exit_code_;
  return true;
}

int BackgroundProcess::WaitForExit(absl::Duration timeout) {
  int exit_code = -1;
  WaitFor([&] { return HasExited(exit_code); }, timeout);
  return exit_code;
}

}  // namespace qiwang::e2e
