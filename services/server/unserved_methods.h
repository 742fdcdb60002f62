// The answer to a call for a service this qiwangd does not host: in the
// split form a client that sends standings to the ledger, or a write to a
// read-only process, learns which process serves it instead of gRPC's bare
// UNIMPLEMENTED.
#ifndef QIWANG_SERVICES_SERVER_UNSERVED_METHODS_H_
#define QIWANG_SERVICES_SERVER_UNSERVED_METHODS_H_

#include <grpcpp/generic/async_generic_service.h>

#include <string>

#include "absl/strings/string_view.h"
#include "services/server/service_set.h"

namespace qiwang::server {

// UNIMPLEMENTED naming the method, the services this process runs, and the
// --services part (or --ledger) that serves it; for a method of no qiwang
// service, only the method.
std::string UnservedMessage(absl::string_view method, const ServiceSet& hosted,
                            absl::string_view ledger_address);

// Registered with ServerBuilder::RegisterCallbackGenericService: gRPC routes
// here every call no registered service takes. Thread-safe.
class UnservedMethods final : public grpc::CallbackGenericService {
 public:
  UnservedMethods(ServiceSet hosted, std::string ledger_address)
      : hosted_(hosted), ledger_address_(std::move(ledger_address)) {}

  grpc::ServerGenericBidiReactor* CreateReactor(
      grpc::GenericCallbackServerContext* context) override;

 private:
  const ServiceSet hosted_;
  const std::string ledger_address_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_UNSERVED_METHODS_H_
