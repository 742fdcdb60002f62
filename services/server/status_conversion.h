#ifndef QIWANG_SERVICES_SERVER_STATUS_CONVERSION_H_
#define QIWANG_SERVICES_SERVER_STATUS_CONVERSION_H_

#include <grpcpp/support/status.h>

#include "absl/status/status.h"

namespace qiwang::server {

// absl and gRPC share their canonical codes; the message passes unchanged.
grpc::Status ToGrpcStatus(const absl::Status& status);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_STATUS_CONVERSION_H_
