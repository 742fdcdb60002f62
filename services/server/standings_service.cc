#include "services/server/standings_service.h"

#include <algorithm>
#include <chrono>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "services/server/auth/access_policy.h"
#include "services/server/call_deadline.h"
#include "services/server/refused_writer.h"
#include "services/server/status_conversion.h"
#include "services/standings/crosstable_view.h"
#include "services/standings/prizes_view.h"
#include "services/standings/standings_view.h"

namespace qiwang::server {
namespace {

using rules::tournament::TournamentState;

}  // namespace

template <typename Response>
grpc::ServerUnaryReactor* StandingsService::Answer(
    grpc::CallbackServerContext* context, absl::string_view rpc,
    const std::string& tournament_id, const v1::ReadOptions& read,
    absl::Status request_status, const View<Response>& view,
    Response& response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  absl::Status status =
      Authorize(authenticator_, rpc, context->client_metadata()).status();
  if (status.ok() && tournament_id.empty()) {
    status = absl::InvalidArgumentError("tournament_id: required");
  }
  if (status.ok()) status = std::move(request_status);
  if (status.ok()) {
    absl::StatusOr<projection::ProjectedState> projected =
        projection_.Read(tournament_id, read, WaitDeadline(*context));
    absl::StatusOr<Response> answered =
        projected.ok() ? view(projected->state)
                       : absl::StatusOr<Response>(projected.status());
    status = answered.status();
    if (answered.ok()) {
      response = *std::move(answered);
      response.set_as_of_position(projected->as_of_position);
    }
  }
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

grpc::ServerUnaryReactor* StandingsService::GetStandings(
    grpc::CallbackServerContext* context,
    const v1::GetStandingsRequest* request,
    v1::GetStandingsResponse* response) {
  return Answer<v1::GetStandingsResponse>(
      context, "GetStandings", request->tournament_id(), request->read(),
      standings::CheckAfterRound(request->after_round()),
      [request](const TournamentState& state) {
        return standings::StandingsView(state, request->ranking_id(),
                                        request->after_round());
      },
      *response);
}

grpc::ServerUnaryReactor* StandingsService::GetCrosstable(
    grpc::CallbackServerContext* context,
    const v1::GetCrosstableRequest* request,
    v1::GetCrosstableResponse* response) {
  return Answer<v1::GetCrosstableResponse>(
      context, "GetCrosstable", request->tournament_id(), request->read(),
      absl::OkStatus(),
      [request](const TournamentState& state) {
        return standings::CrosstableView(state, request->section_id());
      },
      *response);
}

grpc::ServerUnaryReactor* StandingsService::GetPrizes(
    grpc::CallbackServerContext* context, const v1::GetPrizesRequest* request,
    v1::GetPrizesResponse* response) {
  return Answer<v1::GetPrizesResponse>(
      context, "GetPrizes", request->tournament_id(), request->read(),
      absl::OkStatus(),
      [](const TournamentState& state) { return standings::PrizesView(state); },
      *response);
}

grpc::ServerWriteReactor<v1::GetStandingsResponse>*
StandingsService::WatchStandings(grpc::CallbackServerContext* context,
                                 const v1::WatchStandingsRequest* request) {
  absl::Status status =
      Authorize(authenticator_, "WatchStandings", context->client_metadata())
          .status();
  if (status.ok() && request->tournament_id().empty()) {
    status = absl::InvalidArgumentError("tournament_id: required");
  }
  if (status.ok() && request->ranking_id().empty()) {
    status = absl::InvalidArgumentError(
        "ranking_id: required (a ranking category or a section id)");
  }
  if (!status.ok()) {
    return new RefusedWriter<v1::GetStandingsResponse>(ToGrpcStatus(status));
  }
  return watches_.Start<v1::GetStandingsResponse>(
      context->peer(), request->tournament_id(),
      absl::StrCat("standings:", request->ranking_id()),
      request->after_position(),
      [ranking_id = request->ranking_id()](const TournamentState& state) {
        return standings::StandingsView(state, ranking_id, 0);
      });
}

void StandingsService::EndWatches(const grpc::Status& status) {
  watches_.EndAll(status);
}

}  // namespace qiwang::server
