// Helpers shared by the store tests: a temporary folder that cleans up after
// itself and short ways to build append requests.
#ifndef QIWANG_TESTS_STORE_LOG_TEST_SUPPORT_H_
#define QIWANG_TESTS_STORE_LOG_TEST_SUPPORT_H_

#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "store/event_log.h"

namespace qiwang::store::testing {

// A fresh folder under $TMPDIR (or /tmp), removed with everything in it.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // A path inside the folder that does not exist yet.
  std::string Sub(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

AppendRequest MakeAppend(std::string stream, ExpectedVersion expected,
                         std::vector<std::string> events,
                         std::string command_id = "");

// Opens a log in `dir`, failing the test if it cannot.
std::unique_ptr<EventLog> OpenLog(const std::string& dir,
                                  const Options& options = Options());

// Every record of the log, read forward in one call.
std::vector<Record> ReadEverything(const EventLog& log);

// How many files under `dir` (recursively) hold `bytes` anywhere.
int FilesContaining(const std::string& dir, const std::string& bytes);

}  // namespace qiwang::store::testing

#endif  // QIWANG_TESTS_STORE_LOG_TEST_SUPPORT_H_
