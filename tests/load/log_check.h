// The soak's last look at the log: AuditService.VerifyLog, and what was
// appended after setup read back event by event, so that anything but the
// soak's own pairings and results (an event a bad request slipped in) shows.
// Calls a running qiwangd; any thread.
#ifndef QIWANG_TESTS_LOAD_LOG_CHECK_H_
#define QIWANG_TESTS_LOAD_LOG_CHECK_H_

#include <grpcpp/channel.h>

#include <cstdint>
#include <memory>
#include <string>

namespace qiwang::load {

struct LogCheck {
  bool verified = false;
  uint64_t events_checked = 0;
  uint64_t head = 0;
  std::string problems;        // VerifyLog's, or why it could not be asked
  int64_t pairing_events = 0;  // of the pairing commands ("pair-N")
  int64_t results = 0;         // ResultRecorded of the soak's commands
  int64_t corrections = 0;     // ResultCorrected of the soak's commands
  int64_t other = 0;
  std::string first_other;  // position and command id of the first other
};

// Verifies the log and sorts the events after position `after`.
LogCheck CheckLog(const std::shared_ptr<grpc::Channel>& channel,
                  uint64_t after);

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_LOG_CHECK_H_
