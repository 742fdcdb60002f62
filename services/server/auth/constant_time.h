// Comparing a secret with what a caller sent, in time that does not tell the
// caller how much of it was right.
#ifndef QIWANG_SERVICES_SERVER_AUTH_CONSTANT_TIME_H_
#define QIWANG_SERVICES_SERVER_AUTH_CONSTANT_TIME_H_

#include "absl/strings/string_view.h"

namespace qiwang::server {

// True iff `secret` == `given`. Every byte of `secret` is looked at whatever
// `given` holds, so the time depends on the two lengths only, never on where
// the first difference is (a prefix of the secret is no faster to refuse
// than random bytes).
bool ConstantTimeEquals(absl::string_view secret, absl::string_view given);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_AUTH_CONSTANT_TIME_H_
