// What a fuzz target is: FuzzOne, which each <name>_fuzz.cc defines, runs
// one input and checks the target's promises with Check/CheckRefusal, in any
// build (the libFuzzer executables through fuzz_entry.cc, and the replay
// tests). A broken promise prints what was promised and aborts, which
// libFuzzer records as a crash and ctest as a failed test.
#ifndef QIWANG_TESTS_FUZZ_FUZZ_TARGET_H_
#define QIWANG_TESTS_FUZZ_FUZZ_TARGET_H_

#include <cstdio>
#include <cstdlib>
#include <initializer_list>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace qiwang::fuzz {

// Runs one input; defined once in each target.
void FuzzOne(absl::string_view input);

inline void Check(bool holds, const char* promise) {
  if (holds) return;
  std::fprintf(stderr, "fuzz: broken promise: %s\n", promise);
  std::abort();
}

// A refusal is one of `codes` and says why (a message naming the rule or
// field), never OK, UNKNOWN or INTERNAL.
inline void CheckRefusal(const absl::Status& status,
                         std::initializer_list<absl::StatusCode> codes,
                         const char* promise) {
  bool listed = false;
  for (absl::StatusCode code : codes) listed = listed || status.code() == code;
  if (!listed || status.message().empty()) {
    std::fprintf(stderr, "fuzz: refusal %s\n",
                 status.ToString().c_str());
  }
  Check(listed && !status.message().empty(), promise);
}

}  // namespace qiwang::fuzz

#endif  // QIWANG_TESTS_FUZZ_FUZZ_TARGET_H_
