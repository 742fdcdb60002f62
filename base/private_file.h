// Reading a secret file (the token file, the master key file): refused when
// group or others have any access, so a secret never lives in a file others
// can copy. Header-only, like the rest of base/.
#ifndef QIWANG_BASE_PRIVATE_FILE_H_
#define QIWANG_BASE_PRIVATE_FILE_H_

#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"

namespace qiwang::base {

// The whole text of `path`. NOT_FOUND or UNAVAILABLE "<flag>: cannot read
// <path>"; FAILED_PRECONDITION naming `flag`, `path`, its mode and `why` (why
// the file is secret) when mode & 077 is not 0. Never shows the contents.
inline absl::StatusOr<std::string> ReadPrivateFile(const std::string& path,
                                                   absl::string_view flag,
                                                   absl::string_view why) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError(absl::StrCat(flag, ": cannot read ", path));
  }
  if ((info.st_mode & 077) != 0) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: %s has mode %04o; %s, so group and others must have no access "
        "(chmod 600 %s)",
        flag, path, info.st_mode & 07777, why, path));
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    return absl::UnavailableError(absl::StrCat(flag, ": cannot read ", path));
  }
  return text.str();
}

}  // namespace qiwang::base

#endif  // QIWANG_BASE_PRIVATE_FILE_H_
