#include "services/server/rpc_method.h"

#include <cstdio>
#include <cstdlib>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
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

namespace qiwang::server {

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

absl::string_view PartServing(absl::string_view service_full_name) {
  // PairingService is the ledger's in full; the pairing part serves only
  // its reads, so a process without either names the ledger.
  static const auto* const parts =
      new absl::flat_hash_map<std::string, absl::string_view>{
          {v1::EventLogService::service_full_name(), "ledger"},
          {v1::TournamentService::service_full_name(), "ledger"},
          {v1::PlayService::service_full_name(), "ledger"},
          {v1::RulingService::service_full_name(), "ledger"},
          {v1::AdminService::service_full_name(), "ledger"},
          {v1::PairingService::service_full_name(), "ledger"},
          {v1::StandingsService::service_full_name(), "standings"},
          {v1::AuditService::service_full_name(), "audit"},
          {v1::ExportService::service_full_name(), "audit"},
          {v1::ImportService::service_full_name(), "ledger"},
      };
  auto it = parts->find(service_full_name);
  return it == parts->end() ? absl::string_view() : it->second;
}

}  // namespace qiwang::server
