#include "clients/cli/rpc_of.h"

#include <string>

namespace qiwang::cli {

const google::protobuf::MethodDescriptor* RpcNamed(
    absl::string_view service_full_name, absl::string_view name) {
  const google::protobuf::ServiceDescriptor* service =
      google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
          std::string(service_full_name));
  return service == nullptr ? nullptr
                            : service->FindMethodByName(std::string(name));
}

}  // namespace qiwang::cli
