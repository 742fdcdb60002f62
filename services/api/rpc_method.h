// The RPCs of qiwang.v1 as the generated descriptors name them: every key
// that names an RPC (the access table, the idempotency fingerprint, the
// "served by" routing) is derived here, so no RPC name is typed by hand.
#ifndef QIWANG_SERVICES_API_RPC_METHOD_H_
#define QIWANG_SERVICES_API_RPC_METHOD_H_

#include <string>

#include "google/protobuf/descriptor.h"

namespace qiwang::api {

// The RPC whose request message is `request`, found among the services of
// the file that declares it; null when none takes it (each qiwang.v1 RPC has
// its own request message).
const google::protobuf::MethodDescriptor* FindMethodByRequest(
    const google::protobuf::Descriptor& request);

// FindMethodByRequest, aborting (naming the message) when no RPC takes it:
// a programming error that any call of the adapter for it reveals.
const google::protobuf::MethodDescriptor& MethodTaking(
    const google::protobuf::Descriptor& request);

// The RPC that takes `Request`, e.g. MethodOf<v1::RecordResultRequest>() is
// qiwang.v1.PlayService.RecordResult.
template <typename Request>
const google::protobuf::MethodDescriptor& MethodOf() {
  static const google::protobuf::MethodDescriptor& method =
      MethodTaking(*Request::descriptor());
  return method;
}

// gRPC's path of the method, "/qiwang.v1.PlayService/RecordResult": the
// method name in every stored idempotency fingerprint since the first
// release, so it must stay byte-identical.
std::string FullMethodName(const google::protobuf::MethodDescriptor& method);

}  // namespace qiwang::api

#endif  // QIWANG_SERVICES_API_RPC_METHOD_H_
