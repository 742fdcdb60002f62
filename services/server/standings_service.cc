#include "services/server/standings_service.h"

#include <algorithm>
#include <chrono>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "base/grpc_status.h"
#include "services/rules/tournament/text_input.h"
#include "services/server/raw_request.h"
#include "services/server/refused_writer.h"
#include "services/server/unary_call.h"
#include "services/server/watch_twin_view.h"
#include "services/views/crosstable_view.h"
#include "services/views/prizes_view.h"
#include "services/views/standings_view.h"

namespace qiwang::server {
namespace {

using rules::tournament::TournamentState;

}  // namespace

grpc::ServerUnaryReactor* StandingsService::GetStandings(
    grpc::CallbackServerContext* context,
    const v1::GetStandingsRequest* request,
    v1::GetStandingsResponse* response) {
  return reads_.Answer(
      context, *request, response,
      [request](const ReadView& read) {
        return views::StandingsView(read.state, request->ranking_id(),
                                    request->after_round());
      },
      views::CheckAfterRound(request->after_round()));
}

grpc::ServerUnaryReactor* StandingsService::GetCrosstable(
    grpc::CallbackServerContext* context,
    const v1::GetCrosstableRequest* request,
    v1::GetCrosstableResponse* response) {
  return reads_.Answer(
      context, *request, response, [request](const ReadView& read) {
        return views::CrosstableView(read.state, request->section_id());
      });
}

grpc::ServerUnaryReactor* StandingsService::GetPrizes(
    grpc::CallbackServerContext* context, const v1::GetPrizesRequest* request,
    v1::GetPrizesResponse* response) {
  return reads_.Answer(context, *request, response, [](const ReadView& read) {
    return views::PrizesView(read.state);
  });
}

grpc::ServerWriteReactor<grpc::ByteBuffer>* StandingsService::WatchStandingsRaw(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* raw_request) {
  absl::StatusOr<v1::WatchStandingsRequest> parsed =
      AuthorizedRawRequest<v1::WatchStandingsRequest>(authenticator_, *context,
                                                      *raw_request);
  absl::Status status = parsed.status();
  const v1::WatchStandingsRequest* request = parsed.ok() ? &*parsed : nullptr;
  if (status.ok() && request->tournament_id().empty()) {
    status = rules::tournament::RequiredFieldError("tournament_id");
  }
  if (status.ok() && request->ranking_id().empty()) {
    status = absl::InvalidArgumentError(
        "ranking_id: required (a ranking category or a section id)");
  }
  if (!status.ok()) {
    return new RefusedWriter<grpc::ByteBuffer>(base::ToGrpcStatus(status));
  }
  return watches_.Start<v1::WatchStandingsResponse>(
      context->peer(), request->tournament_id(),
      absl::StrCat("standings:", request->ranking_id()),
      request->after_position(),
      WatchTwinView<v1::WatchStandingsResponse>(
          [ranking_id = request->ranking_id()](const TournamentState& state) {
            return views::StandingsView(state, ranking_id, 0);
          }));
}

void StandingsService::EndWatches(const grpc::Status& status) {
  watches_.EndAll(status);
}

}  // namespace qiwang::server
