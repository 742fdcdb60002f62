// A unary read that may have to wait for its ReadOptions.min_position,
// holding no thread while it waits (issue 24: two anonymous reads of a
// position beyond the head once held both of gRPC's callback threads and
// froze the server). When the gate is open the answer runs at once, on the
// calling thread. Otherwise the call waits as a registration: when the source
// reaches the position the answer runs on one of gRPC's callback threads (not
// the projection's, which only schedules it); at the wait's deadline the call
// answers the gate's DEADLINE_EXCEEDED; when the client goes away, CANCELLED.
// Exactly one of these finishes the call. Created by ReadAdapter for gRPC,
// which owns it until OnDone.
#ifndef QIWANG_SERVICES_SERVER_DEFERRED_READ_H_
#define QIWANG_SERVICES_SERVER_DEFERRED_READ_H_

#include <grpcpp/support/server_callback.h>

#include <cstdint>
#include <functional>
#include <memory>

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "base/live_calls.h"
#include "services/server/read_gate.h"

namespace qiwang::server {

class DeferredRead : public grpc::ServerUnaryReactor {
 public:
  // Fills the response; runs once the gate is open, at most once.
  using Answer = std::function<absl::Status()>;

  // The call counts itself in `live` until it is done: `gate`, `live` and
  // what `answer` reads must stay until `live` has none (after the server
  // stopped, an answer may still run on one of gRPC's alarms).
  static grpc::ServerUnaryReactor* Start(ReadGate& gate, base::LiveCalls& live,
                                         uint64_t min_position,
                                         absl::Time deadline, Answer answer);

  void OnCancel() override;
  void OnDone() override;

  class Wait;

 private:
  explicit DeferredRead(base::LiveCalls& live) : live_(live) {}
  base::LiveCalls& live_;
  std::shared_ptr<Wait> wait_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_DEFERRED_READ_H_
