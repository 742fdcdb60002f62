// Verification of the whole event log for auditors (R9.5): every record read
// back from position 1 (the store checks each record's checksum), positions
// dense from 1, each stream's versions dense from 1 and matching the
// stream's head, and a SHA-256 digest over every stored record in order, so
// that two copies of a log can be compared by their digests. Reads only;
// any thread.
#ifndef QIWANG_SERVICES_AUDIT_LOG_VERIFIER_H_
#define QIWANG_SERVICES_AUDIT_LOG_VERIFIER_H_

#include "absl/status/statusor.h"
#include "qiwang/v1/audit_service.pb.h"
#include "store/event_log.h"

namespace qiwang::audit {

// Checks the log up to its last durable position when called. A record that
// does not check out (DATA_LOSS from the store) or breaks the numbering is a
// problem naming its position, and the check goes on past it; ok is true
// only with no problem. The digest covers, in position order, each readable
// record's 8-byte big-endian position key followed by its stored value
// (store/disk_format.h), so it changes with any event added or altered.
// Another failure of the store (e.g. I/O) is answered as it is.
absl::StatusOr<v1::VerifyLogResponse> VerifyLog(const store::EventLog& log);

}  // namespace qiwang::audit

#endif  // QIWANG_SERVICES_AUDIT_LOG_VERIFIER_H_
