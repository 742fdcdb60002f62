#include "services/server/unserved_methods.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "services/api/service_parts.h"

namespace qiwang::server {
namespace {

class Refusal final : public grpc::ServerGenericBidiReactor {
 public:
  explicit Refusal(std::string message) {
    Finish(grpc::Status(grpc::StatusCode::UNIMPLEMENTED, std::move(message)));
  }
  void OnDone() override { delete this; }
};

}  // namespace

std::string UnservedMessage(absl::string_view method, const ServiceSet& hosted,
                            absl::string_view ledger_address) {
  absl::string_view service = absl::StripPrefix(method, "/");
  service = service.substr(0, service.find('/'));
  const std::optional<api::ServicePart> hosting =
      api::ServicePartHosting(service);
  if (!hosting.has_value()) return absl::StrCat(method, ": no such method");
  const absl::string_view part = api::ServicePartName(*hosting);
  service = service.substr(service.rfind('.') + 1);
  std::string message = absl::StrCat(
      method, ": this qiwangd runs --services=", hosted.ToString(), "; ",
      service, " is served by a qiwangd with --services=", part);
  if (part == "ledger" && !ledger_address.empty()) {
    absl::StrAppend(&message, ", the ledger at ", ledger_address);
  }
  absl::StrAppend(&message, " (qiwang: --route=", part, "=HOST:PORT)");
  return message;
}

grpc::ServerGenericBidiReactor* UnservedMethods::CreateReactor(
    grpc::GenericCallbackServerContext* context) {
  return new Refusal(
      UnservedMessage(context->method(), hosted_, ledger_address_));
}

}  // namespace qiwang::server
