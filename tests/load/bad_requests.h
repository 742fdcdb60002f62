// The soak's bad-input mix (issue 24 §2): what a broken or hostile client
// sends to the HTTP front. Every kind but the dropped streams must be
// refused with a 4xx at once, and none may append anything. Thread-
// compatible: one sender at a time.
#ifndef QIWANG_TESTS_LOAD_BAD_REQUESTS_H_
#define QIWANG_TESTS_LOAD_BAD_REQUESTS_H_

#include <string>
#include <vector>

#include "absl/time/time.h"

namespace qiwang::load {

// How the front answered one bad request.
enum class BadAnswer {
  k4xx,
  k5xx,
  kOther,    // another status, or the connection closed without one
  kTimeout,  // no status line within the timeout
  kLeft,     // a stream this side dropped midway, as the kind means to
};
inline constexpr int kBadAnswers = 5;

class BadRequests {
 public:
  // `write_token`: an arbiter's, for writes that are bad in their bytes.
  BadRequests(int http_port, std::string write_token);

  int kinds() const { return static_cast<int>(kinds_.size()); }
  const std::string& name(int kind) const { return kinds_[kind].name; }
  // Sends one request of `kind` on a connection of its own.
  BadAnswer Send(int kind, absl::Duration timeout) const;

 private:
  struct Kind {
    std::string name;
    std::string request;
    // Bytes of `request` sent before this side closes (0: all, then read
    // the answer).
    size_t cut_at = 0;
    // Read the status line, then close with the stream still open.
    bool drop_after_status = false;
  };

  const int http_port_;
  std::vector<Kind> kinds_;
};

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_BAD_REQUESTS_H_
