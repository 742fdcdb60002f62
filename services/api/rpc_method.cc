#include "services/api/rpc_method.h"

#include <cstdio>
#include <cstdlib>

#include "absl/strings/str_cat.h"

namespace qiwang::api {

const google::protobuf::MethodDescriptor* FindMethodByRequest(
    const google::protobuf::Descriptor& request) {
  const google::protobuf::FileDescriptor& file = *request.file();
  for (int s = 0; s < file.service_count(); ++s) {
    const google::protobuf::ServiceDescriptor& service = *file.service(s);
    for (int m = 0; m < service.method_count(); ++m) {
      if (service.method(m)->input_type() == &request) return service.method(m);
    }
  }
  return nullptr;
}

const google::protobuf::MethodDescriptor& MethodTaking(
    const google::protobuf::Descriptor& request) {
  const google::protobuf::MethodDescriptor* method =
      FindMethodByRequest(request);
  if (method == nullptr) {
    std::fprintf(stderr, "qiwangd: no RPC takes %s\n",
                 request.full_name().c_str());
    std::abort();
  }
  return *method;
}

std::string FullMethodName(const google::protobuf::MethodDescriptor& method) {
  return absl::StrCat("/", method.service()->full_name(), "/", method.name());
}

}  // namespace qiwang::api
