#ifndef QIWANG_BASE_DETERMINISTIC_BYTES_H_
#define QIWANG_BASE_DETERMINISTIC_BYTES_H_

#include <string>

#include "google/protobuf/message.h"

namespace qiwang::base {

// Bytes that depend only on the message's content (map order and unknown
// fields included), so equal requests always give equal bytes: the basis of
// command fingerprints and of stored events.
std::string SerializeDeterministically(
    const google::protobuf::Message& message);

}  // namespace qiwang::base

#endif  // QIWANG_BASE_DETERMINISTIC_BYTES_H_
