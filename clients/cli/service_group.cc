#include "clients/cli/service_group.h"

#include <string>

#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

bool IsService(const google::protobuf::ServiceDescriptor& service,
               absl::string_view full_name) {
  return service.full_name() == full_name;
}

}  // namespace

absl::string_view ServiceGroupName(ServiceGroup group) {
  switch (group) {
    case ServiceGroup::kLedger:
      return "ledger";
    case ServiceGroup::kPairing:
      return "pairing";
    case ServiceGroup::kStandings:
      return "standings";
    case ServiceGroup::kAudit:
      return "audit";
  }
  return "";
}

ServiceGroup ServiceGroupOf(const google::protobuf::MethodDescriptor& method) {
  const google::protobuf::ServiceDescriptor& service = *method.service();
  const bool is_command =
      method.input_type()->FindFieldByName("command_id") != nullptr;
  if (IsService(service, v1::StandingsService::service_full_name())) {
    return ServiceGroup::kStandings;
  }
  if (IsService(service, v1::AuditService::service_full_name()) ||
      IsService(service, v1::ExportService::service_full_name())) {
    return ServiceGroup::kAudit;
  }
  // PairRound and AmendPairing publish through the ledger.
  if (IsService(service, v1::PairingService::service_full_name()) &&
      !is_command) {
    return ServiceGroup::kPairing;
  }
  return ServiceGroup::kLedger;
}

const google::protobuf::MethodDescriptor* RpcNamed(
    absl::string_view service_full_name, absl::string_view name) {
  const google::protobuf::ServiceDescriptor* service =
      google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
          std::string(service_full_name));
  return service == nullptr ? nullptr
                            : service->FindMethodByName(std::string(name));
}

}  // namespace qiwang::cli
