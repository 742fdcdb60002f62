// The reactor of every unary qiwang RPC, in place of gRPC's default one, so
// that ThreadSanitizer can follow the call: Finish hands the response to
// gRPC from whichever thread answered (a callback thread, the ledger's, a
// work pool's), and OnDone takes the call back on the thread where gRPC ends
// it, before gRPC frees the request and response there
// (base/happens_before.h). The handler creates it with new; gRPC owns it
// until OnDone, which deletes it.
#ifndef QIWANG_SERVICES_SERVER_UNARY_REACTOR_H_
#define QIWANG_SERVICES_SERVER_UNARY_REACTOR_H_

#include <grpcpp/support/server_callback.h>

#include <utility>

#include "base/happens_before.h"

namespace qiwang::server {

class UnaryReactor final : public grpc::ServerUnaryReactor {
 public:
  void Finish(grpc::Status status) {
    base::HappensBefore(this);
    grpc::ServerUnaryReactor::Finish(std::move(status));
  }
  void OnDone() override {
    base::HappensAfter(this);
    delete this;
  }
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_UNARY_REACTOR_H_
