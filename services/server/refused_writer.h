#ifndef QIWANG_SERVICES_SERVER_REFUSED_WRITER_H_
#define QIWANG_SERVICES_SERVER_REFUSED_WRITER_H_

#include <grpcpp/support/server_callback.h>

#include "base/happens_before.h"

namespace qiwang::server {

// A server stream refused before it starts (e.g. by the access check): it
// finishes at once with `status` and writes nothing. gRPC owns it until
// OnDone.
template <typename Response>
class RefusedWriter final : public grpc::ServerWriteReactor<Response> {
 public:
  explicit RefusedWriter(const grpc::Status& status) {
    base::HappensBefore(this);
    this->Finish(status);
  }
  void OnDone() override {
    base::HappensAfter(this);
    delete this;
  }
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_REFUSED_WRITER_H_
