// Which of qiwangd's services one process hosts (--services): the whole
// server in one process, or one part of the split form.
#ifndef QIWANG_SERVICES_SERVER_SERVICE_SET_H_
#define QIWANG_SERVICES_SERVER_SERVICE_SET_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::server {

// ledger: the event log on disk and every service that writes to it
//   (EventLogService, TournamentService, PlayService, RulingService,
//   AdminService) and PairingService in full, since publishing a round pairs
//   on the projection. Exactly one process per data folder.
// pairing: PairingService's reads and watches (ProposeRound, ListPairings,
//   GetSchedule, WatchPairings); PairRound and AmendPairing go to the ledger.
// standings: StandingsService. audit: AuditService and ExportService.
struct ServiceSet {
  bool ledger = true;
  bool pairing = true;
  bool standings = true;
  bool audit = true;

  static ServiceSet All() { return ServiceSet(); }
  // "ledger,pairing,standings,audit" in that order.
  std::string ToString() const;
};

// A comma-separated list of the names above; INVALID_ARGUMENT naming
// --services and the unknown or repeated name, or an empty list.
absl::StatusOr<ServiceSet> ParseServiceSet(absl::string_view text);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_SERVICE_SET_H_
