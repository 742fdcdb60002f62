// Wire twins: two messages declared with the same fields (numbers, names,
// types), such as a Watch RPC's response and the Get/List response whose
// content it streams. Their bytes and JSON are the same, so one converts to
// the other by its bytes; tests/proto/wire_twin_test.cc proves each pair's
// fields are the same.
#ifndef QIWANG_PROTO_WIRE_TWIN_H_
#define QIWANG_PROTO_WIRE_TWIN_H_

#include <google/protobuf/message_lite.h>

namespace qiwang::proto {

// `from` as its twin `To`. REQUIRES: To and From are wire twins (else the
// fields To does not know are kept as unknown fields).
template <typename To>
To AsWireTwin(const google::protobuf::MessageLite& from) {
  To to;
  // Fails only where any reader of `from`'s bytes would (a proto3 string
  // that is not UTF-8), leaving what parsed before it.
  to.ParseFromString(from.SerializeAsString());
  return to;
}

}  // namespace qiwang::proto

#endif  // QIWANG_PROTO_WIRE_TWIN_H_
