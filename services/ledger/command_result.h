// The client's view of where an append landed. Used by the ledger only.
#ifndef QIWANG_SERVICES_LEDGER_COMMAND_RESULT_H_
#define QIWANG_SERVICES_LEDGER_COMMAND_RESULT_H_

#include "qiwang/v1/tournament_service.pb.h"
#include "store/event_log.h"

namespace qiwang::ledger {

inline v1::CommandResult ToCommandResult(const store::AppendResult& appended) {
  v1::CommandResult result;
  result.set_first_position(appended.first_position);
  result.set_last_position(appended.last_position);
  result.set_stream_version(appended.stream_version);
  result.set_replayed(appended.replayed);
  return result;
}

}  // namespace qiwang::ledger

#endif  // QIWANG_SERVICES_LEDGER_COMMAND_RESULT_H_
