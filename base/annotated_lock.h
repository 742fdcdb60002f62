// absl::MutexLock that ThreadSanitizer can see through. Debian's abseil is
// built without TSan's hooks, so TSan misses the ordering absl::Mutex gives
// and reports races that are not there. In TSan builds this lock tells TSan
// about it (acquire after locking, release before unlocking, both around
// Await, which unlocks while waiting, and both around each evaluation of an
// Await predicate); elsewhere it is absl::MutexLock.
// Every absl::Mutex in store/, the ledger, the projection and the watch
// reactors is taken through it; anyone may use it for a new absl::Mutex.
#ifndef QIWANG_BASE_ANNOTATED_LOCK_H_
#define QIWANG_BASE_ANNOTATED_LOCK_H_

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

// GCC says __SANITIZE_THREAD__, clang __has_feature(thread_sanitizer).
#if defined(__SANITIZE_THREAD__)
#define QIWANG_BASE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define QIWANG_BASE_TSAN 1
#endif
#endif

#if defined(QIWANG_BASE_TSAN)
#include <sanitizer/tsan_interface.h>
#endif

namespace qiwang::base {

class ABSL_SCOPED_LOCKABLE AnnotatedLock {
 public:
  explicit AnnotatedLock(absl::Mutex* mu) ABSL_EXCLUSIVE_LOCK_FUNCTION(mu)
      : mu_(mu) {
    mu_->Lock();
    Acquired();
  }
  ~AnnotatedLock() ABSL_UNLOCK_FUNCTION() {
    Releasing();
    mu_->Unlock();
  }
  AnnotatedLock(const AnnotatedLock&) = delete;
  AnnotatedLock& operator=(const AnnotatedLock&) = delete;

  // Waits until `predicate()` holds; absl may evaluate it on another thread,
  // always under the mutex.
  template <typename Predicate>
  void Await(const Predicate& predicate) {
    const auto annotated = Annotate(predicate);
    Releasing();
    mu_->Await(absl::Condition(&annotated));
    Acquired();
  }
  template <typename Predicate>
  bool AwaitWithDeadline(const Predicate& predicate, absl::Time deadline) {
    const auto annotated = Annotate(predicate);
    Releasing();
    const bool met =
        mu_->AwaitWithDeadline(absl::Condition(&annotated), deadline);
    Acquired();
    return met;
  }

 private:
  // The predicate's reads are ordered like any other critical section.
  template <typename Predicate>
  auto Annotate(const Predicate& predicate) {
    return [this, &predicate]() {
      Acquired();
      const bool holds = predicate();
      Releasing();
      return holds;
    };
  }

  void Acquired() const {
#if defined(QIWANG_BASE_TSAN)
    __tsan_acquire(mu_);
#endif
  }
  void Releasing() const {
#if defined(QIWANG_BASE_TSAN)
    __tsan_release(mu_);
#endif
  }

  absl::Mutex* const mu_;
};

}  // namespace qiwang::base

#endif  // QIWANG_BASE_ANNOTATED_LOCK_H_
