#include "services/server/audit_service.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "base/grpc_status.h"
#include "services/audit/history.h"
#include "services/audit/listing.h"
#include "services/audit/log_verifier.h"
#include "services/audit/stream_index.h"
#include "services/audit/what_if.h"
#include "services/reports/stream_events.h"
#include "services/rules/tournament/text_input.h"
#include "services/server/unary_call.h"
#include "services/server/unary_reactor.h"

namespace qiwang::server {
namespace {

using rules::tournament::TournamentState;

template <typename Response>
using AuditView = std::function<absl::StatusOr<Response>(
    const TournamentState&, const audit::StreamIndex&)>;

// The read adapter's view of `view`: the state read and the tournament's
// stream up to the same position.
template <typename Response>
ViewFunction<Response> WithStream(const store::EventLog& log,
                                  const std::string& tournament_id,
                                  AuditView<Response> view) {
  return [&log, &tournament_id, view = std::move(view)](
             const ReadView& read) -> absl::StatusOr<Response> {
    absl::StatusOr<std::vector<v1::Event>> events =
        exports::ReadStreamEvents(log, tournament_id, read.as_of_position);
    if (!events.ok()) return events.status();
    const audit::StreamIndex stream(*std::move(events));
    return view(read.state, stream);
  };
}

absl::Status CheckHistorySubject(const v1::RulingHistoryRequest& request) {
  switch (request.subject_case()) {
    case v1::RulingHistoryRequest::kRulingId:
      if (request.ruling_id().empty()) {
        return rules::tournament::RequiredFieldError("ruling_id");
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
        return rules::tournament::RequiredFieldError("board.section_id");
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
  return reads_.Answer(
      context, *request, response,
      WithStream<v1::RulingHistoryResponse>(
          log_, request->tournament_id(),
          [request](const TournamentState& state,
                    const audit::StreamIndex& stream)
              -> absl::StatusOr<v1::RulingHistoryResponse> {
            absl::StatusOr<std::vector<v1::HistoryEntry>> entries;
            switch (request->subject_case()) {
              case v1::RulingHistoryRequest::kRulingId:
                entries =
                    audit::RulingHistory(state, stream, request->ruling_id());
                break;
              case v1::RulingHistoryRequest::kPlayerId:
                entries =
                    audit::PlayerHistory(state, stream, request->player_id());
                break;
              default:
                entries = audit::BoardHistory(state, stream, request->board());
            }
            if (!entries.ok()) return entries.status();
            return HistoryResponse(*std::move(entries));
          }),
      CheckHistorySubject(*request));
}

grpc::ServerUnaryReactor* AuditService::ListRulings(
    grpc::CallbackServerContext* context, const v1::ListRulingsRequest* request,
    v1::ListRulingsResponse* response) {
  return reads_.Answer(context, *request, response,
                       WithStream<v1::ListRulingsResponse>(
                           log_, request->tournament_id(),
                           [request](const TournamentState& state,
                                     const audit::StreamIndex& stream) {
                             return audit::ListRulings(state, stream, *request);
                           }),
                       audit::CheckListRulings(*request));
}

grpc::ServerUnaryReactor* AuditService::ListAppeals(
    grpc::CallbackServerContext* context, const v1::ListAppealsRequest* request,
    v1::ListAppealsResponse* response) {
  return reads_.Answer(context, *request, response,
                       WithStream<v1::ListAppealsResponse>(
                           log_, request->tournament_id(),
                           [request](const TournamentState& state,
                                     const audit::StreamIndex& stream)
                               -> absl::StatusOr<v1::ListAppealsResponse> {
                             return audit::ListAppeals(state, stream,
                                                       request->status());
                           }),
                       audit::CheckListAppeals(*request));
}

grpc::ServerUnaryReactor* AuditService::GetAppeal(
    grpc::CallbackServerContext* context, const v1::GetAppealRequest* request,
    v1::GetAppealResponse* response) {
  return reads_.Answer(context, *request, response,
                       WithStream<v1::GetAppealResponse>(
                           log_, request->tournament_id(),
                           [request](const TournamentState& state,
                                     const audit::StreamIndex& stream) {
                             return audit::GetAppeal(state, stream,
                                                     request->appeal_number());
                           }),
                       audit::CheckGetAppeal(*request));
}

grpc::ServerUnaryReactor* AuditService::WhatIf(
    grpc::CallbackServerContext* context, const v1::WhatIfRequest* request,
    v1::WhatIfResponse* response) {
  return reads_.Answer(
      context, *request, response,
      WithStream<v1::WhatIfResponse>(
          log_, request->tournament_id(),
          [request](const TournamentState& state,
                    const audit::StreamIndex& stream) {
            return request->has_appeal()
                       ? audit::WhatIfAppeal(state, stream, request->appeal())
                       : audit::WhatIfWithoutRuling(state, stream,
                                                    request->ruling_id());
          }),
      audit::CheckWhatIf(*request));
}

grpc::ServerUnaryReactor* AuditService::VerifyLog(
    grpc::CallbackServerContext* context,
    const v1::VerifyLogRequest* /*request*/, v1::VerifyLogResponse* response) {
  absl::StatusOr<ledger::Caller> caller =
      AuthorizeCall<v1::VerifyLogRequest>(authenticator_, *context);
  if (!caller.ok()) {
    UnaryReactor* reactor = new UnaryReactor();
    reactor->Finish(base::ToGrpcStatus(caller.status()));
    return reactor;
  }
  return verifications_.Answer([this, response] {
    absl::StatusOr<v1::VerifyLogResponse> verified = audit::VerifyLog(log_);
    if (verified.ok()) *response = *std::move(verified);
    return base::ToGrpcStatus(verified.status());
  });
}

}  // namespace qiwang::server
