#include "services/server/tournament_service.h"

#include <algorithm>
#include <chrono>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "services/rules/tournament/decide.h"
#include "services/server/auth/access_policy.h"
#include "services/server/call_deadline.h"
#include "services/server/status_conversion.h"

namespace qiwang::server {
namespace {

namespace tournament = rules::tournament;
using tournament::TournamentState;

void DescribeRegistration(const std::vector<v1::Event>& events,
                          v1::RegisterPlayerResponse& response) {
  for (const v1::Event& event : events) {
    if (!event.has_player_registered()) continue;
    response.set_player_id(event.player_registered().player_id());
    response.set_section_id(event.player_registered().section_id());
  }
}

void DescribeClose(const std::vector<v1::Event>& events,
                   v1::CloseCheckInResponse& response) {
  for (const v1::Event& event : events) {
    if (event.has_player_withdrawn()) {
      response.add_withdrawn_player_ids(event.player_withdrawn().player_id());
    }
    if (event.has_substitute_invited()) {
      *response.add_substitutes() = event.substitute_invited();
    }
  }
}

void DescribeWithdrawal(const std::vector<v1::Event>& events,
                        v1::WithdrawPlayerResponse& response) {
  for (const v1::Event& event : events) {
    if (event.has_player_withdrawn()) {
      response.set_from_round(event.player_withdrawn().from_round());
    }
  }
}

}  // namespace

template <typename Request, typename Response>
grpc::ServerUnaryReactor* TournamentService::Command(
    grpc::CallbackServerContext* context, absl::string_view rpc,
    const Request& request, const std::string& tournament_id,
    Decide<Request> decide, Response& response, Describe<Response> describe) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  absl::StatusOr<ledger::Caller> caller =
      Authorize(authenticator_, rpc, context->client_metadata());
  if (!caller.ok()) {
    reactor->Finish(ToGrpcStatus(caller.status()));
    return reactor;
  }
  const ledger::Command command{
      absl::StrCat("/qiwang.v1.TournamentService/", rpc), &request,
      request.command_id(), tournament_id,
      [&request, decide](const TournamentState& state,
                         const tournament::CommandContext& command_context) {
        return decide(state, request, command_context);
      }};
  absl::StatusOr<ledger::CommandOutcome> outcome =
      ledger_.Execute(command, *caller);
  if (outcome.ok()) {
    *response.mutable_result() = outcome->result;
    if (describe != nullptr) describe(outcome->events, response);
  }
  reactor->Finish(ToGrpcStatus(outcome.status()));
  return reactor;
}

template <typename Request, typename Response>
grpc::ServerUnaryReactor* TournamentService::Query(
    grpc::CallbackServerContext* context, absl::string_view rpc,
    const Request& request, const Answer<Response>& answer,
    Response& response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  absl::StatusOr<ledger::Caller> caller =
      Authorize(authenticator_, rpc, context->client_metadata());
  absl::Status status = caller.status();
  if (status.ok()) {
    absl::StatusOr<ledger::StateAt> state = ledger_.Read(
        request.tournament_id(), request.read(), WaitDeadline(*context));
    absl::StatusOr<Response> answered =
        state.ok() ? answer(state->state, IsOfficial(caller->role))
                   : absl::StatusOr<Response>(state.status());
    status = answered.status();
    if (answered.ok()) {
      response = *std::move(answered);
      response.set_as_of_position(state->as_of_position);
    }
  }
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

grpc::ServerUnaryReactor* TournamentService::CreateTournament(
    grpc::CallbackServerContext* context,
    const v1::CreateTournamentRequest* request,
    v1::CreateTournamentResponse* response) {
  return Command(context, "CreateTournament", *request, request->config().id(),
                 &tournament::DecideCreate, *response);
}

grpc::ServerUnaryReactor* TournamentService::AmendTournament(
    grpc::CallbackServerContext* context,
    const v1::AmendTournamentRequest* request,
    v1::AmendTournamentResponse* response) {
  return Command(context, "AmendTournament", *request, request->tournament_id(),
                 &tournament::DecideAmend, *response);
}

grpc::ServerUnaryReactor* TournamentService::RecordStationResults(
    grpc::CallbackServerContext* context,
    const v1::RecordStationResultsRequest* request,
    v1::RecordStationResultsResponse* response) {
  return Command(context, "RecordStationResults", *request,
                 request->tournament_id(), &tournament::DecideStationResults,
                 *response);
}

grpc::ServerUnaryReactor* TournamentService::RegisterPlayer(
    grpc::CallbackServerContext* context,
    const v1::RegisterPlayerRequest* request,
    v1::RegisterPlayerResponse* response) {
  return Command(context, "RegisterPlayer", *request, request->tournament_id(),
                 &tournament::DecideRegister, *response, &DescribeRegistration);
}

grpc::ServerUnaryReactor* TournamentService::CheckInPlayer(
    grpc::CallbackServerContext* context,
    const v1::CheckInPlayerRequest* request,
    v1::CheckInPlayerResponse* response) {
  return Command(context, "CheckInPlayer", *request, request->tournament_id(),
                 &tournament::DecideCheckIn, *response);
}

grpc::ServerUnaryReactor* TournamentService::ExcuseAbsence(
    grpc::CallbackServerContext* context,
    const v1::ExcuseAbsenceRequest* request,
    v1::ExcuseAbsenceResponse* response) {
  return Command(context, "ExcuseAbsence", *request, request->tournament_id(),
                 &tournament::DecideExcuse, *response);
}

grpc::ServerUnaryReactor* TournamentService::CloseCheckIn(
    grpc::CallbackServerContext* context,
    const v1::CloseCheckInRequest* request,
    v1::CloseCheckInResponse* response) {
  return Command(context, "CloseCheckIn", *request, request->tournament_id(),
                 &tournament::DecideCloseCheckIn, *response, &DescribeClose);
}

grpc::ServerUnaryReactor* TournamentService::WithdrawPlayer(
    grpc::CallbackServerContext* context,
    const v1::WithdrawPlayerRequest* request,
    v1::WithdrawPlayerResponse* response) {
  return Command(context, "WithdrawPlayer", *request, request->tournament_id(),
                 &tournament::DecideWithdraw, *response, &DescribeWithdrawal);
}

grpc::ServerUnaryReactor* TournamentService::GetTournament(
    grpc::CallbackServerContext* context,
    const v1::GetTournamentRequest* request,
    v1::GetTournamentResponse* response) {
  const Answer<v1::GetTournamentResponse> answer =
      [](const TournamentState& state, bool /*official*/) {
        return state.Tournament();
      };
  return Query(context, "GetTournament", *request, answer, *response);
}

grpc::ServerUnaryReactor* TournamentService::ListPlayers(
    grpc::CallbackServerContext* context, const v1::ListPlayersRequest* request,
    v1::ListPlayersResponse* response) {
  const Answer<v1::ListPlayersResponse> answer =
      [request](const TournamentState& state, bool official) {
        return state.ListPlayers(request->section_id(), official);
      };
  return Query(context, "ListPlayers", *request, answer, *response);
}

grpc::ServerUnaryReactor* TournamentService::GetPlayer(
    grpc::CallbackServerContext* context, const v1::GetPlayerRequest* request,
    v1::GetPlayerResponse* response) {
  const Answer<v1::GetPlayerResponse> answer =
      [request](const TournamentState& state, bool official) {
        return state.GetPlayer(request->player_id(), official);
      };
  return Query(context, "GetPlayer", *request, answer, *response);
}

grpc::ServerUnaryReactor* TournamentService::ListQualifiers(
    grpc::CallbackServerContext* context,
    const v1::ListQualifiersRequest* request,
    v1::ListQualifiersResponse* response) {
  const Answer<v1::ListQualifiersResponse> answer =
      [request](const TournamentState& state, bool /*official*/) {
        return state.ListQualifiers(request->station_id());
      };
  return Query(context, "ListQualifiers", *request, answer, *response);
}

grpc::ServerUnaryReactor* TournamentService::GetCheckInStatus(
    grpc::CallbackServerContext* context,
    const v1::GetCheckInStatusRequest* request,
    v1::GetCheckInStatusResponse* response) {
  const Answer<v1::GetCheckInStatusResponse> answer =
      [](const TournamentState& state, bool official) {
        return state.CheckInStatus(official);
      };
  return Query(context, "GetCheckInStatus", *request, answer, *response);
}

}  // namespace qiwang::server
