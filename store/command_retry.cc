#include "store/command_retry.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::store {

AppendResult ReplayOf(const disk::CommandEntry& original) {
  return {.first_position = original.first_position,
          .last_position = original.last_position,
          .stream_version = original.stream_version,
          .replayed = true};
}

absl::StatusOr<AppendResult> AnswerRetry(const AppendRequest& request,
                                         absl::string_view digest,
                                         const disk::CommandEntry& original) {
  if (original.stream != request.stream ||
      original.fingerprint_digest != digest) {
    return absl::AlreadyExistsError(
        absl::StrCat("command_id ", request.command_id,
                     " was already used with other content (stream ",
                     original.stream, ", positions ", original.first_position,
                     "..", original.last_position, ")"));
  }
  return ReplayOf(original);
}

}  // namespace qiwang::store
