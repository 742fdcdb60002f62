#include "services/server/audit_service.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "services/audit/history.h"
#include "services/audit/listing.h"
#include "services/audit/log_verifier.h"
#include "services/audit/stream_index.h"
#include "services/audit/what_if.h"
#include "services/export/stream_events.h"
#include "services/server/auth/access_policy.h"
#include "services/server/call_deadline.h"
#include "services/server/status_conversion.h"

namespace qiwang::server {
namespace {

using rules::tournament::TournamentState;

template <typename Response>
using AuditView = std::function<absl::StatusOr<Response>(
    const TournamentState&, const audit::StreamIndex&)>;

// Authorizes `rpc`, refuses a bad request (`request_status`) before reading,
// reads the tournament with `read` and its stream up to the same position,
// answers view(state, stream) with its as_of_position.
template <typename Response>
grpc::ServerUnaryReactor* Answer(
    grpc::CallbackServerContext& context, absl::string_view rpc,
    const Authenticator& authenticator,
    const projection::TournamentProjection& projection,
    const store::EventLog& log, const std::string& tournament_id,
    const v1::ReadOptions& read, absl::Status request_status,
    const AuditView<Response>& view, Response& response) {
  auto answer = [&]() -> absl::Status {
    absl::Status status =
        Authorize(authenticator, rpc, context.client_metadata()).status();
    if (!status.ok()) return status;
    if (tournament_id.empty()) {
      return absl::InvalidArgumentError("tournament_id: required");
    }
    if (!request_status.ok()) return request_status;
    absl::StatusOr<projection::ProjectedState> projected =
        projection.Read(tournament_id, read, WaitDeadline(context));
    if (!projected.ok()) return projected.status();
    absl::StatusOr<std::vector<v1::Event>> events = exports::ReadStreamEvents(
        log, tournament_id, projected->as_of_position);
    if (!events.ok()) return events.status();
    const audit::StreamIndex stream(*std::move(events));
    absl::StatusOr<Response> answered = view(projected->state, stream);
    if (!answered.ok()) return answered.status();
    response = *std::move(answered);
    response.set_as_of_position(projected->as_of_position);
    return absl::OkStatus();
  };
  grpc::ServerUnaryReactor* reactor = context.DefaultReactor();
  reactor->Finish(ToGrpcStatus(answer()));
  return reactor;
}

absl::Status CheckHistorySubject(const v1::RulingHistoryRequest& request) {
  switch (request.subject_case()) {
    case v1::RulingHistoryRequest::kRulingId:
      if (request.ruling_id().empty()) {
        return absl::InvalidArgumentError("ruling_id: required");
      }
      return absl::OkStatus();
    case v1::RulingHistoryRequest::kPlayerId:
      if (request.player_id() < 1) {
        return absl::InvalidArgumentError(
            absl::StrCat("player_id: players are numbered from 1, not ",
                         request.player_id()));
      }
      return absl::OkStatus();
    case v1::RulingHistoryRequest::kBoard:
      if (request.board().section_id().empty()) {
        return absl::InvalidArgumentError("board.section_id: required");
      }
      if (request.board().round() < 1 || request.board().board() < 1) {
        return absl::InvalidArgumentError(
            "board.round, board.board: numbered from 1");
      }
      return absl::OkStatus();
    default:
      return absl::InvalidArgumentError(
          "subject: required (ruling_id, player_id or board)");
  }
}

v1::RulingHistoryResponse HistoryResponse(
    std::vector<v1::HistoryEntry> entries) {
  v1::RulingHistoryResponse response;
  for (v1::HistoryEntry& entry : entries)
    *response.add_entries() = std::move(entry);
  return response;
}

}  // namespace

grpc::ServerUnaryReactor* AuditService::RulingHistory(
    grpc::CallbackServerContext* context,
    const v1::RulingHistoryRequest* request,
    v1::RulingHistoryResponse* response) {
  return Answer<v1::RulingHistoryResponse>(
      *context, "RulingHistory", authenticator_, projection_, log_,
      request->tournament_id(), request->read(), CheckHistorySubject(*request),
      [request](const TournamentState& state, const audit::StreamIndex& stream)
          -> absl::StatusOr<v1::RulingHistoryResponse> {
        absl::StatusOr<std::vector<v1::HistoryEntry>> entries;
        switch (request->subject_case()) {
          case v1::RulingHistoryRequest::kRulingId:
            entries = audit::RulingHistory(state, stream, request->ruling_id());
            break;
          case v1::RulingHistoryRequest::kPlayerId:
            entries = audit::PlayerHistory(state, stream, request->player_id());
            break;
          default:
            entries = audit::BoardHistory(state, stream, request->board());
        }
        if (!entries.ok()) return entries.status();
        return HistoryResponse(*std::move(entries));
      },
      *response);
}

grpc::ServerUnaryReactor* AuditService::ListRulings(
    grpc::CallbackServerContext* context, const v1::ListRulingsRequest* request,
    v1::ListRulingsResponse* response) {
  return Answer<v1::ListRulingsResponse>(
      *context, "ListRulings", authenticator_, projection_, log_,
      request->tournament_id(), request->read(),
      audit::CheckListRulings(*request),
      [request](const TournamentState& state,
                const audit::StreamIndex& stream) {
        return audit::ListRulings(state, stream, *request);
      },
      *response);
}

grpc::ServerUnaryReactor* AuditService::ListAppeals(
    grpc::CallbackServerContext* context, const v1::ListAppealsRequest* request,
    v1::ListAppealsResponse* response) {
  return Answer<v1::ListAppealsResponse>(
      *context, "ListAppeals", authenticator_, projection_, log_,
      request->tournament_id(), request->read(),
      audit::CheckListAppeals(*request),
      [request](const TournamentState& state, const audit::StreamIndex& stream)
          -> absl::StatusOr<v1::ListAppealsResponse> {
        return audit::ListAppeals(state, stream, request->status());
      },
      *response);
}

grpc::ServerUnaryReactor* AuditService::GetAppeal(
    grpc::CallbackServerContext* context, const v1::GetAppealRequest* request,
    v1::GetAppealResponse* response) {
  return Answer<v1::GetAppealResponse>(
      *context, "GetAppeal", authenticator_, projection_, log_,
      request->tournament_id(), request->read(),
      audit::CheckGetAppeal(*request),
      [request](const TournamentState& state,
                const audit::StreamIndex& stream) {
        return audit::GetAppeal(state, stream, request->appeal_number());
      },
      *response);
}

grpc::ServerUnaryReactor* AuditService::WhatIf(
    grpc::CallbackServerContext* context, const v1::WhatIfRequest* request,
    v1::WhatIfResponse* response) {
  return Answer<v1::WhatIfResponse>(
      *context, "WhatIf", authenticator_, projection_, log_,
      request->tournament_id(), request->read(), audit::CheckWhatIf(*request),
      [request](const TournamentState& state,
                const audit::StreamIndex& stream) {
        return request->has_appeal()
                   ? audit::WhatIfAppeal(state, stream, request->appeal())
                   : audit::WhatIfWithoutRuling(state, stream,
                                                request->ruling_id());
      },
      *response);
}

grpc::ServerUnaryReactor* AuditService::VerifyLog(
    grpc::CallbackServerContext* context,
    const v1::VerifyLogRequest* /*request*/, v1::VerifyLogResponse* response) {
  absl::Status status =
      Authorize(authenticator_, "VerifyLog", context->client_metadata())
          .status();
  if (status.ok()) {
    absl::StatusOr<v1::VerifyLogResponse> verified = audit::VerifyLog(log_);
    status = verified.status();
    if (verified.ok()) *response = *std::move(verified);
  }
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

}  // namespace qiwang::server
