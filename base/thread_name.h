// Names the calling thread, so an operator's `top -H` or `ps -L` shows
// which part of qiwangd spends the CPU (the HTTP front's I/O, the live
// views, the watch hub) rather than thirteen threads called "qiwangd".
// Linux keeps 15 bytes of a name; a longer one is cut. Any thread.
#ifndef QIWANG_BASE_THREAD_NAME_H_
#define QIWANG_BASE_THREAD_NAME_H_

#include <pthread.h>

#include <string>

#include "absl/strings/string_view.h"

namespace qiwang::base {

inline void NameThisThread(absl::string_view name) {
  const std::string kept(name.substr(0, 15));
  pthread_setname_np(pthread_self(), kept.c_str());
}

}  // namespace qiwang::base

#endif  // QIWANG_BASE_THREAD_NAME_H_
