// Where a test finds the binaries it starts and the repository's files.
// These paths differ in every clone, so they are defined in one generated
// source (tests/CMakeLists.txt) and nowhere else: a test object that read
// them from a -D definition would carry its clone's folder and miss ccache
// in every new clone, CI's included (docs/development.md). Any test may call.
#ifndef QIWANG_TESTS_TEST_PATHS_H_
#define QIWANG_TESTS_TEST_PATHS_H_

#include <string>

#include "absl/strings/string_view.h"

namespace qiwang::test_paths {

// The built qiwangd, qiwang and the store's crash child.
extern const char kQiwangd[];
extern const char kCli[];
extern const char kStoreCrashChild[];

// The repository's root folder, without a trailing slash.
extern const char kSourceDir[];

// `relative` (e.g. "deploy/examples/sichuan-2016.json") inside the repository.
std::string SourcePath(absl::string_view relative);
// The text of that file ("" when it cannot be read).
std::string ReadSource(absl::string_view relative);

// The shipped configurations: the 2016 event, and the same event under the
// 2011 national rules' options.
std::string Sichuan2016Json();
std::string Rules2011Json();

}  // namespace qiwang::test_paths

#endif  // QIWANG_TESTS_TEST_PATHS_H_
