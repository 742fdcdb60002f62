// Which part of qiwangd's split form (--services) serves each qiwang.v1
// service and RPC: the one table the server (what to host, what to refuse),
// the CLI (where to send a call) and the docs follow. Pure functions of the
// generated descriptors; thread-safe.
#ifndef QIWANG_SERVICES_API_SERVICE_PARTS_H_
#define QIWANG_SERVICES_API_SERVICE_PARTS_H_

#include <array>
#include <optional>

#include "absl/strings/string_view.h"
#include "google/protobuf/descriptor.h"

namespace qiwang::api {

// ledger: the event log on disk and every service that writes to it
//   (EventLogService, TournamentService, PlayService, RulingService,
//   AdminService, ImportService) and PairingService in full, since
//   publishing a round pairs on the projection. One process per data folder.
// pairing: PairingService's reads and watches; its commands go to the ledger.
// standings: StandingsService. audit: AuditService and ExportService.
enum class ServicePart { kLedger, kPairing, kStandings, kAudit };

inline constexpr std::array<ServicePart, 4> kServiceParts = {
    ServicePart::kLedger, ServicePart::kPairing, ServicePart::kStandings,
    ServicePart::kAudit};

// "ledger", "pairing", "standings" or "audit": the --services and --route
// names.
absl::string_view ServicePartName(ServicePart part);

// The part of that name; nullopt for any other text.
std::optional<ServicePart> ServicePartNamed(absl::string_view name);

// The part a call of `method` goes to: PairingService's reads (requests
// without a command_id) to the pairing part, every other RPC to the part
// hosting its service (ServicePartHosting; the ledger for any other).
ServicePart ServicePartOf(const google::protobuf::MethodDescriptor& method);

// The part hosting the whole service named `service_full_name`
// ("qiwang.v1.StandingsService": standings; PairingService: the ledger);
// nullopt for a service not of qiwang.v1.
std::optional<ServicePart> ServicePartHosting(
    absl::string_view service_full_name);

}  // namespace qiwang::api

#endif  // QIWANG_SERVICES_API_SERVICE_PARTS_H_
