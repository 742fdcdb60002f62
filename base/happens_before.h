// Orderings ThreadSanitizer cannot see, told to it. Debian's abseil and gRPC
// are not built with TSan's hooks: the order absl::Mutex gives, and the order
// gRPC gives between the thread that starts an operation (StartWrite, Finish,
// a client call, an alarm) and the thread that runs its reaction
// (OnWriteDone, OnDone, a callback), are invisible to TSan, which then
// reports races that are not there. HappensBefore(token) on the handing
// thread, just before the hand-off, and HappensAfter(token) on the receiving
// thread, first thing in the reaction, make everything before the first
// visible to everything after the second (as Abseil's and Chromium's
// ANNOTATE_HAPPENS_BEFORE/AFTER). `token` is the object handed over (the
// reactor, the call), so unrelated hand-offs stay unordered and real races
// between them are still found. Both do nothing outside TSan builds.
#ifndef QIWANG_BASE_HAPPENS_BEFORE_H_
#define QIWANG_BASE_HAPPENS_BEFORE_H_

// QIWANG_BASE_TSAN (TSan builds) and TSan's interface come from the lock.
#include "base/annotated_lock.h"

namespace qiwang::base {

inline void HappensBefore(const void* token) {
#if defined(QIWANG_BASE_TSAN)
  __tsan_release(const_cast<void*>(token));
#else
  (void)token;
#endif
}

inline void HappensAfter(const void* token) {
#if defined(QIWANG_BASE_TSAN)
  __tsan_acquire(const_cast<void*>(token));
#else
  (void)token;
#endif
}

}  // namespace qiwang::base

#endif  // QIWANG_BASE_HAPPENS_BEFORE_H_
