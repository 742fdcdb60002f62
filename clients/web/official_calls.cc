#include "clients/web/official_calls.h"

#include <utility>

#include "clients/web/service_call.h"

namespace qiwang::web {

OfficialCalls::OfficialCalls(std::shared_ptr<grpc::Channel> channel,
                             absl::Duration deadline)
    : deadline_(deadline),
      admin_(v1::AdminService::NewStub(channel)),
      audit_(v1::AuditService::NewStub(channel)),
      pairing_(v1::PairingService::NewStub(channel)),
      tournaments_(v1::TournamentService::NewStub(channel)) {}

absl::StatusOr<v1::WhoAmIResponse> OfficialCalls::WhoAmI(
    const std::string& authorization) const {
  return CallService(*admin_, &v1::AdminService::Stub::WhoAmI,
                     v1::WhoAmIRequest(), deadline_, authorization);
}
absl::StatusOr<v1::GetTournamentResponse> OfficialCalls::GetTournament(
    const std::string& authorization,
    const v1::GetTournamentRequest& request) const {
  return CallService(*tournaments_, &v1::TournamentService::Stub::GetTournament,
                     request, deadline_, authorization);
}
absl::StatusOr<v1::ListPairingsResponse> OfficialCalls::ListPairings(
    const std::string& authorization,
    const v1::ListPairingsRequest& request) const {
  return CallService(*pairing_, &v1::PairingService::Stub::ListPairings,
                     request, deadline_, authorization);
}
absl::StatusOr<v1::ProposeRoundResponse> OfficialCalls::ProposeRound(
    const std::string& authorization,
    const v1::ProposeRoundRequest& request) const {
  return CallService(*pairing_, &v1::PairingService::Stub::ProposeRound,
                     request, deadline_, authorization);
}
absl::StatusOr<v1::ListAppealsResponse> OfficialCalls::ListAppeals(
    const std::string& authorization,
    const v1::ListAppealsRequest& request) const {
  return CallService(*audit_, &v1::AuditService::Stub::ListAppeals, request,
                     deadline_, authorization);
}
absl::StatusOr<v1::ListRulingsResponse> OfficialCalls::ListRulings(
    const std::string& authorization,
    const v1::ListRulingsRequest& request) const {
  return CallService(*audit_, &v1::AuditService::Stub::ListRulings, request,
                     deadline_, authorization);
}
absl::StatusOr<v1::GetAppealResponse> OfficialCalls::GetAppeal(
    const std::string& authorization,
    const v1::GetAppealRequest& request) const {
  return CallService(*audit_, &v1::AuditService::Stub::GetAppeal, request,
                     deadline_, authorization);
}
absl::StatusOr<v1::WhatIfResponse> OfficialCalls::WhatIf(
    const std::string& authorization, const v1::WhatIfRequest& request) const {
  return CallService(*audit_, &v1::AuditService::Stub::WhatIf, request,
                     deadline_, authorization);
}
absl::StatusOr<v1::ListPlayersResponse> OfficialCalls::ListPlayers(
    const std::string& authorization,
    const v1::ListPlayersRequest& request) const {
  return CallService(*tournaments_, &v1::TournamentService::Stub::ListPlayers,
                     request, deadline_, authorization);
}
absl::StatusOr<v1::GetCheckInStatusResponse> OfficialCalls::GetCheckInStatus(
    const std::string& authorization,
    const v1::GetCheckInStatusRequest& request) const {
  return CallService(*tournaments_,
                     &v1::TournamentService::Stub::GetCheckInStatus, request,
                     deadline_, authorization);
}
absl::StatusOr<v1::ListQualifiersResponse> OfficialCalls::ListQualifiers(
    const std::string& authorization,
    const v1::ListQualifiersRequest& request) const {
  return CallService(*tournaments_,
                     &v1::TournamentService::Stub::ListQualifiers, request,
                     deadline_, authorization);
}
absl::StatusOr<v1::RecordStationResultsResponse>
OfficialCalls::RecordStationResults(
    const std::string& authorization,
    const v1::RecordStationResultsRequest& request) const {
  return CallService(*tournaments_,
                     &v1::TournamentService::Stub::RecordStationResults,
                     request, deadline_, authorization);
}

}  // namespace qiwang::web
