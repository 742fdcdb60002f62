// How long a call may wait for the log (ReadOptions.min_position, a command's
// batch): until shortly before the client's deadline, so that the caller
// receives the server's DEADLINE_EXCEEDED naming what it waited for rather
// than its own bare one, but never more than `longest` (a minute for
// commands; reads: --max_read_wait), so a call without a deadline cannot wait
// for ever. Any caller.
#ifndef QIWANG_SERVICES_SERVER_CALL_DEADLINE_H_
#define QIWANG_SERVICES_SERVER_CALL_DEADLINE_H_

#include "absl/time/time.h"
#include "grpcpp/grpcpp.h"

namespace qiwang::server {

inline constexpr absl::Duration kLongestWait = absl::Minutes(1);
// Time left for the answer to travel back.
inline constexpr absl::Duration kAnswerMargin = absl::Milliseconds(100);

absl::Time WaitDeadline(const grpc::CallbackServerContext& context,
                        absl::Duration longest = kLongestWait);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_CALL_DEADLINE_H_
