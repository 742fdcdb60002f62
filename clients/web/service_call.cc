#include "clients/web/service_call.h"

namespace qiwang::web {

absl::Status FromGrpc(const grpc::Status& status) {
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()),
                      status.error_message());
}

}  // namespace qiwang::web
