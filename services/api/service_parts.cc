#include "services/api/service_parts.h"

#include <string>

#include "absl/container/flat_hash_map.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "qiwang/v1/import_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/ruling_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::api {

absl::string_view ServicePartName(ServicePart part) {
  switch (part) {
    case ServicePart::kLedger:
      return "ledger";
    case ServicePart::kPairing:
      return "pairing";
    case ServicePart::kStandings:
      return "standings";
    case ServicePart::kAudit:
      return "audit";
  }
  return "ledger";
}

std::optional<ServicePart> ServicePartNamed(absl::string_view name) {
  for (ServicePart part : kServiceParts) {
    if (ServicePartName(part) == name) return part;
  }
  return std::nullopt;
}

std::optional<ServicePart> ServicePartHosting(
    absl::string_view service_full_name) {
  static const auto* const parts =
      new absl::flat_hash_map<std::string, ServicePart>{
          {v1::EventLogService::service_full_name(), ServicePart::kLedger},
          {v1::TournamentService::service_full_name(), ServicePart::kLedger},
          {v1::PlayService::service_full_name(), ServicePart::kLedger},
          {v1::RulingService::service_full_name(), ServicePart::kLedger},
          {v1::AdminService::service_full_name(), ServicePart::kLedger},
          {v1::ImportService::service_full_name(), ServicePart::kLedger},
          {v1::PairingService::service_full_name(), ServicePart::kLedger},
          {v1::StandingsService::service_full_name(), ServicePart::kStandings},
          {v1::AuditService::service_full_name(), ServicePart::kAudit},
          {v1::ExportService::service_full_name(), ServicePart::kAudit},
      };
  auto it = parts->find(service_full_name);
  if (it == parts->end()) return std::nullopt;
  return it->second;
}

ServicePart ServicePartOf(const google::protobuf::MethodDescriptor& method) {
  const std::string& service = method.service()->full_name();
  const bool is_command =
      method.input_type()->FindFieldByName("command_id") != nullptr;
  if (service == v1::PairingService::service_full_name() && !is_command) {
    return ServicePart::kPairing;
  }
  return ServicePartHosting(service).value_or(ServicePart::kLedger);
}

}  // namespace qiwang::api
