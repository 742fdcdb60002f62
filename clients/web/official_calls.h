// The RPCs the officials' pages are rendered from, made on the services'
// channel (qiwangd's in-process channel) with the official's own
// `Authorization` header, so gRPC's authentication and access table decide
// what each official may read, exactly as for any other client. The header
// is passed through as it came; it is never logged or kept. Thread-safe.
#ifndef QIWANG_CLIENTS_WEB_OFFICIAL_CALLS_H_
#define QIWANG_CLIENTS_WEB_OFFICIAL_CALLS_H_

#include <grpcpp/channel.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::web {

class OfficialCalls {
 public:
  explicit OfficialCalls(std::shared_ptr<grpc::Channel> channel,
                         absl::Duration deadline = absl::Seconds(5));

  // Each call as the holder of `authorization` ("Bearer TOKEN").
  absl::StatusOr<v1::WhoAmIResponse> WhoAmI(
      const std::string& authorization) const;
  absl::StatusOr<v1::GetTournamentResponse> GetTournament(
      const std::string& authorization,
      const v1::GetTournamentRequest& request) const;
  absl::StatusOr<v1::ListPairingsResponse> ListPairings(
      const std::string& authorization,
      const v1::ListPairingsRequest& request) const;
  absl::StatusOr<v1::ProposeRoundResponse> ProposeRound(
      const std::string& authorization,
      const v1::ProposeRoundRequest& request) const;
  absl::StatusOr<v1::ListAppealsResponse> ListAppeals(
      const std::string& authorization,
      const v1::ListAppealsRequest& request) const;
  absl::StatusOr<v1::ListRulingsResponse> ListRulings(
      const std::string& authorization,
      const v1::ListRulingsRequest& request) const;
  absl::StatusOr<v1::GetAppealResponse> GetAppeal(
      const std::string& authorization,
      const v1::GetAppealRequest& request) const;
  absl::StatusOr<v1::WhatIfResponse> WhatIf(
      const std::string& authorization, const v1::WhatIfRequest& request) const;
  absl::StatusOr<v1::ListPlayersResponse> ListPlayers(
      const std::string& authorization,
      const v1::ListPlayersRequest& request) const;
  absl::StatusOr<v1::GetCheckInStatusResponse> GetCheckInStatus(
      const std::string& authorization,
      const v1::GetCheckInStatusRequest& request) const;
  absl::StatusOr<v1::ListQualifiersResponse> ListQualifiers(
      const std::string& authorization,
      const v1::ListQualifiersRequest& request) const;
  absl::StatusOr<v1::RecordStationResultsResponse> RecordStationResults(
      const std::string& authorization,
      const v1::RecordStationResultsRequest& request) const;

 private:
  absl::Duration deadline_;
  std::unique_ptr<v1::AdminService::Stub> admin_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
  std::unique_ptr<v1::PairingService::Stub> pairing_;
  std::unique_ptr<v1::TournamentService::Stub> tournaments_;
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_OFFICIAL_CALLS_H_
