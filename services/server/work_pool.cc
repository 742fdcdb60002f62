#include "services/server/work_pool.h"

#include <string>
#include <utility>

#include "base/annotated_lock.h"
#include "base/thread_name.h"
#include "services/server/unary_reactor.h"

namespace qiwang::server {

WorkPool::WorkPool(int threads, absl::string_view name) {
  for (int i = 0; i < threads; ++i) {
    threads_.emplace_back([this, name = std::string(name)] {
      base::NameThisThread(name);
      Work();
    });
  }
}

WorkPool::~WorkPool() {
  {
    base::AnnotatedLock lock(&mutex_);
    quit_ = true;
  }
  for (std::thread& thread : threads_) thread.join();
}

void WorkPool::Run(std::function<void()> work) {
  base::AnnotatedLock lock(&mutex_);
  queue_.push_back(std::move(work));
}

grpc::ServerUnaryReactor* WorkPool::Answer(std::function<grpc::Status()> body) {
  UnaryReactor* reactor = new UnaryReactor();
  Run([reactor, body = std::move(body)] { reactor->Finish(body()); });
  return reactor;
}

void WorkPool::Work() {
  while (true) {
    std::function<void()> work;
    {
      base::AnnotatedLock lock(&mutex_);
      lock.Await([this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
        return quit_ || !queue_.empty();
      });
      if (queue_.empty()) return;  // quitting, and nothing left
      work = std::move(queue_.front());
      queue_.pop_front();
    }
    work();
  }
}

}  // namespace qiwang::server
