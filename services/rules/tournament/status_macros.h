// QIWANG_RETURN_IF_ERROR(expr): evaluates an absl::Status expression and
// returns it from the enclosing function when it is not OK. For the pure
// decision code of this folder.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_STATUS_MACROS_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_STATUS_MACROS_H_

#include "absl/status/status.h"

#define QIWANG_RETURN_IF_ERROR(expr)                                  \
  do {                                                                \
    if (::absl::Status qiwang_status_ = (expr); !qiwang_status_.ok()) \
      return qiwang_status_;                                          \
  } while (false)

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_STATUS_MACROS_H_
