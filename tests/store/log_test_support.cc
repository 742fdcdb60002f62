#include "tests/store/log_test_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

namespace qiwang::store::testing {

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern =
      std::string(base != nullptr && *base != '\0' ? base : "/tmp") +
      "/qiwang-store-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    ADD_FAILURE() << "mkdtemp failed for " << pattern;
  }
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

AppendRequest MakeAppend(std::string stream, ExpectedVersion expected,
                         std::vector<std::string> events,
                         std::string command_id) {
  AppendRequest request;
  request.stream = std::move(stream);
  request.expected = expected;
  request.events = std::move(events);
  request.command_id = std::move(command_id);
  return request;
}

std::unique_ptr<EventLog> OpenLog(const std::string& dir,
                                  const Options& options) {
  absl::StatusOr<std::unique_ptr<EventLog>> log = EventLog::Open(dir, options);
  EXPECT_TRUE(log.ok()) << log.status();
  return log.ok() ? *std::move(log) : nullptr;
}

std::vector<Record> ReadEverything(const EventLog& log) {
  ReadRequest request;
  request.limit = static_cast<size_t>(log.LastPosition()) + 1;
  absl::StatusOr<std::vector<Record>> records = log.Read(request);
  EXPECT_TRUE(records.ok()) << records.status();
  return records.ok() ? *std::move(records) : std::vector<Record>{};
}

int FilesContaining(const std::string& dir, const std::string& bytes) {
  int found = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().find(bytes) != std::string::npos) ++found;
  }
  return found;
}

}  // namespace qiwang::store::testing
