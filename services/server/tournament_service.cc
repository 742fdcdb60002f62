#include "services/server/tournament_service.h"

#include <vector>

#include "absl/status/status.h"
#include "services/rules/tournament/decide.h"

namespace qiwang::server {
namespace {

namespace tournament = rules::tournament;

absl::Status DescribeRegistration(const ledger::CommandOutcome& outcome,
                                  v1::RegisterPlayerResponse& response) {
  for (const v1::Event& event : outcome.events) {
    if (!event.has_player_registered()) continue;
    response.set_player_id(event.player_registered().player_id());
    response.set_section_id(event.player_registered().section_id());
  }
  return absl::OkStatus();
}

absl::Status DescribeClose(const ledger::CommandOutcome& outcome,
                           v1::CloseCheckInResponse& response) {
  for (const v1::Event& event : outcome.events) {
    if (event.has_player_withdrawn()) {
      response.add_withdrawn_player_ids(event.player_withdrawn().player_id());
    }
    if (event.has_substitute_invited()) {
      *response.add_substitutes() = event.substitute_invited();
    }
  }
  return absl::OkStatus();
}

absl::Status DescribeWithdrawal(const ledger::CommandOutcome& outcome,
                                v1::WithdrawPlayerResponse& response) {
  for (const v1::Event& event : outcome.events) {
    if (event.has_player_withdrawn()) {
      response.set_from_round(event.player_withdrawn().from_round());
    }
  }
  return absl::OkStatus();
}

}  // namespace

grpc::ServerUnaryReactor* TournamentService::CreateTournament(
    grpc::CallbackServerContext* context,
    const v1::CreateTournamentRequest* request,
    v1::CreateTournamentResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideCreate);
}

grpc::ServerUnaryReactor* TournamentService::AmendTournament(
    grpc::CallbackServerContext* context,
    const v1::AmendTournamentRequest* request,
    v1::AmendTournamentResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideAmend);
}

grpc::ServerUnaryReactor* TournamentService::RecordStationResults(
    grpc::CallbackServerContext* context,
    const v1::RecordStationResultsRequest* request,
    v1::RecordStationResultsResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideStationResults);
}

grpc::ServerUnaryReactor* TournamentService::RegisterPlayer(
    grpc::CallbackServerContext* context,
    const v1::RegisterPlayerRequest* request,
    v1::RegisterPlayerResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideRegister, &DescribeRegistration);
}

grpc::ServerUnaryReactor* TournamentService::CheckInPlayer(
    grpc::CallbackServerContext* context,
    const v1::CheckInPlayerRequest* request,
    v1::CheckInPlayerResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideCheckIn);
}

grpc::ServerUnaryReactor* TournamentService::ExcuseAbsence(
    grpc::CallbackServerContext* context,
    const v1::ExcuseAbsenceRequest* request,
    v1::ExcuseAbsenceResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideExcuse);
}

grpc::ServerUnaryReactor* TournamentService::CloseCheckIn(
    grpc::CallbackServerContext* context,
    const v1::CloseCheckInRequest* request,
    v1::CloseCheckInResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideCloseCheckIn, &DescribeClose);
}

grpc::ServerUnaryReactor* TournamentService::WithdrawPlayer(
    grpc::CallbackServerContext* context,
    const v1::WithdrawPlayerRequest* request,
    v1::WithdrawPlayerResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideWithdraw, &DescribeWithdrawal);
}

grpc::ServerUnaryReactor* TournamentService::ForgetPerson(
    grpc::CallbackServerContext* context,
    const v1::ForgetPersonRequest* request,
    v1::ForgetPersonResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideForget);
}

grpc::ServerUnaryReactor* TournamentService::GetTournament(
    grpc::CallbackServerContext* context,
    const v1::GetTournamentRequest* request,
    v1::GetTournamentResponse* response) {
  return reads_.Answer(context, *request, response, [](const ReadView& read) {
    return read.state.Tournament();
  });
}

grpc::ServerUnaryReactor* TournamentService::ListPlayers(
    grpc::CallbackServerContext* context, const v1::ListPlayersRequest* request,
    v1::ListPlayersResponse* response) {
  return reads_.Answer(
      context, *request, response, [request](const ReadView& read) {
        return read.state.ListPlayers(request->section_id(), read.official);
      });
}

grpc::ServerUnaryReactor* TournamentService::GetPlayer(
    grpc::CallbackServerContext* context, const v1::GetPlayerRequest* request,
    v1::GetPlayerResponse* response) {
  return reads_.Answer(
      context, *request, response, [request](const ReadView& read) {
        return read.state.GetPlayer(request->player_id(), read.official);
      });
}

grpc::ServerUnaryReactor* TournamentService::ListQualifiers(
    grpc::CallbackServerContext* context,
    const v1::ListQualifiersRequest* request,
    v1::ListQualifiersResponse* response) {
  return reads_.Answer(
      context, *request, response, [request](const ReadView& read) {
        return read.state.ListQualifiers(request->station_id());
      });
}

grpc::ServerUnaryReactor* TournamentService::GetCheckInStatus(
    grpc::CallbackServerContext* context,
    const v1::GetCheckInStatusRequest* request,
    v1::GetCheckInStatusResponse* response) {
  return reads_.Answer(context, *request, response, [](const ReadView& read) {
    return read.state.CheckInStatus(read.official);
  });
}

}  // namespace qiwang::server
