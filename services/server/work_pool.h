// Threads of their own for calls whose work may take long (pairing a large
// section, verifying the whole log): gRPC's callback threads are few (two on
// a two-core machine) and every other call needs them, the HTTP front's
// included, so a handler must never hold one for long (issue 24). Work runs
// in the order given. The destructor finishes what was queued, then joins:
// the owner destroys it only once nothing can add work (after the gRPC
// server has stopped). Thread-safe.
#ifndef QIWANG_SERVICES_SERVER_WORK_POOL_H_
#define QIWANG_SERVICES_SERVER_WORK_POOL_H_

#include <grpcpp/support/server_callback.h>

#include <deque>
#include <functional>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"

namespace qiwang::server {

class WorkPool {
 public:
  // `name` names its threads (base/thread_name.h).
  WorkPool(int threads, absl::string_view name);
  ~WorkPool();
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  void Run(std::function<void()> work);

  // A unary call answered from a pool thread: `body` fills the response and
  // answers the call's status.
  grpc::ServerUnaryReactor* Answer(std::function<grpc::Status()> body);

 private:
  void Work();

  absl::Mutex mutex_;
  std::deque<std::function<void()>> queue_ ABSL_GUARDED_BY(mutex_);
  bool quit_ ABSL_GUARDED_BY(mutex_) = false;
  std::vector<std::thread> threads_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_WORK_POOL_H_
