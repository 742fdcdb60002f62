// Helper of crash_test: appends to the log in <dir> until killed, three
// events per append, and writes "<run> <append> <first> <last>" to stdout
// after each acknowledged append. Usage: store_crash_child <dir> <run>.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "store/event_log.h"

namespace {

int AppendUntilKilled(const std::string& dir, int run) {
  absl::StatusOr<std::unique_ptr<qiwang::store::EventLog>> log =
      qiwang::store::EventLog::Open(dir);
  if (!log.ok()) {
    std::fprintf(stderr, "open: %s\n", log.status().ToString().c_str());
    return 1;
  }
  for (int append = 0;; ++append) {
    qiwang::store::AppendRequest request;
    request.stream = absl::StrCat("s", append % 3);
    request.command_id = absl::StrCat("r", run, "-a", append);
    for (int event = 0; event < 3; ++event) {
      request.events.push_back(
          absl::StrCat("run ", run, " append ", append, " event ", event));
    }
    absl::StatusOr<qiwang::store::AppendResult> result =
        (*log)->Append(request);
    if (!result.ok()) {
      std::fprintf(stderr, "append: %s\n", result.status().ToString().c_str());
      return 1;
    }
    std::printf("%d %d %llu %llu\n", run, append,
                static_cast<unsigned long long>(result->first_position),
                static_cast<unsigned long long>(result->last_position));
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <dir> <run>\n", argv[0]);
    return 2;
  }
  return AppendUntilKilled(argv[1], std::atoi(argv[2]));
}
