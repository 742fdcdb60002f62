#include "services/server/unserved_methods.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace qiwang::server {
namespace {

// The --services part that hosts a qiwang.v1 service; empty for others.
absl::string_view PartOf(absl::string_view service) {
  if (service == "EventLogService" || service == "TournamentService" ||
      service == "PlayService" || service == "RulingService" ||
      service == "AdminService" || service == "PairingService") {
    return "ledger";
  }
  if (service == "StandingsService") return "standings";
  if (service == "AuditService" || service == "ExportService") return "audit";
  return "";
}

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
  const absl::string_view part =
      absl::ConsumePrefix(&service, "qiwang.v1.") ? PartOf(service) : "";
  if (part.empty()) return absl::StrCat(method, ": no such method");
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
