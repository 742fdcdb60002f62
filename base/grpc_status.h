// The one conversion between gRPC's and absl's statuses, for every module
// that speaks gRPC (server, HTTP bridge, remote log, pages, CLI): the two
// share their canonical codes, the message passes unchanged (or behind a
// prefix naming where the call went), and a refusal's details
// (base/refusal_details.h) travel as grpc-status-details-bin, a serialized
// google.rpc.Status. Header-only; any caller.
#ifndef QIWANG_BASE_GRPC_STATUS_H_
#define QIWANG_BASE_GRPC_STATUS_H_

#include <grpcpp/support/status.h>

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "base/refusal_details.h"
#include "google/rpc/status.pb.h"

namespace qiwang::base {

inline grpc::StatusCode ToGrpcCode(absl::StatusCode code) {
  return static_cast<grpc::StatusCode>(code);
}

inline absl::StatusCode FromGrpcCode(grpc::StatusCode code) {
  return static_cast<absl::StatusCode>(code);
}

inline grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  return grpc::Status(ToGrpcCode(status.code()), std::string(status.message()),
                      RpcStatusOf(status).SerializeAsString());
}

inline absl::Status FromGrpcStatus(const grpc::Status& status,
                                   absl::string_view prefix = "") {
  if (status.ok()) return absl::OkStatus();
  google::rpc::Status details;
  if (!status.error_details().empty() &&
      details.ParseFromString(status.error_details())) {
    details.set_code(static_cast<int>(status.error_code()));
    details.set_message(status.error_message());
    return FromRpcStatus(details, prefix);
  }
  return absl::Status(FromGrpcCode(status.error_code()),
                      absl::StrCat(prefix, status.error_message()));
}

}  // namespace qiwang::base

#endif  // QIWANG_BASE_GRPC_STATUS_H_
