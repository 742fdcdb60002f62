// absl::Notification that ThreadSanitizer can see through, for the same
// reason as annotated_lock.h: Debian's abseil has no TSan hooks, so TSan does
// not know that what one thread wrote before Notify() is visible to the one
// that returns from WaitForNotification(). This tells it (release before
// notifying, acquire after waking); elsewhere it is absl::Notification.
// Any caller; like absl::Notification, notified once.
#ifndef QIWANG_BASE_ANNOTATED_NOTIFICATION_H_
#define QIWANG_BASE_ANNOTATED_NOTIFICATION_H_

#include "absl/synchronization/notification.h"
#include "base/annotated_lock.h"

namespace qiwang::base {

class AnnotatedNotification {
 public:
  void Notify() {
#if defined(QIWANG_BASE_TSAN)
    __tsan_release(this);
#endif
    notification_.Notify();  // the waiter may destroy *this from here on
  }
  void WaitForNotification() const {
    notification_.WaitForNotification();
#if defined(QIWANG_BASE_TSAN)
    __tsan_acquire(const_cast<AnnotatedNotification*>(this));
#endif
  }

 private:
  absl::Notification notification_;
};

}  // namespace qiwang::base

#endif  // QIWANG_BASE_ANNOTATED_NOTIFICATION_H_
