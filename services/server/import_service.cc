#include "services/server/import_service.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "crypto/file_digest.h"
#include "services/trf/trf_import.h"

namespace qiwang::server {

grpc::ServerUnaryReactor* ImportService::ImportTrf(
    grpc::CallbackServerContext* context, const v1::ImportTrfRequest* request,
    v1::ImportTrfResponse* response) {
  const size_t max_events = max_events_;
  auto decide = [max_events](const rules::tournament::TournamentState& state,
                             const v1::ImportTrfRequest& import,
                             const rules::tournament::CommandContext& command)
      -> absl::StatusOr<rules::tournament::Events> {
    absl::StatusOr<rules::tournament::Events> events =
        exports::DecideTrfImport(state, import, command);
    if (events.ok() && events->size() > max_events) {
      return absl::InvalidArgumentError(
          absl::StrCat("trf: the file makes ", events->size(),
                       " events, more than one import may append (qiwangd "
                       "--max_import_events=",
                       max_events, ")"));
    }
    return events;
  };
  return commands_.Execute(
      context, *request, response, decide,
      [request](const ledger::CommandOutcome& outcome,
                v1::ImportTrfResponse& answer) -> absl::Status {
        absl::StatusOr<std::string> digest = crypto::Sha256Hex(request->trf());
        if (!digest.ok()) return digest.status();
        answer.set_sha256(*digest);
        for (const v1::Event& event : outcome.events) {
          if (event.has_tournament_created()) {
            answer.set_section_id(
                event.tournament_created().config().sections(0).id());
          }
          if (event.has_player_registered()) {
            answer.set_players(answer.players() + 1);
          }
          if (event.has_round_paired()) answer.set_rounds(answer.rounds() + 1);
        }
        return absl::OkStatus();
      });
}

}  // namespace qiwang::server
