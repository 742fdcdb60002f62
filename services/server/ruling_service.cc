#include "services/server/ruling_service.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/rules/tournament/decide_ruling.h"
#include "services/server/lots_seed.h"

namespace qiwang::server {

namespace tournament = rules::tournament;

grpc::ServerUnaryReactor* RulingService::FileAppeal(
    grpc::CallbackServerContext* context, const v1::FileAppealRequest* request,
    v1::FileAppealResponse* response) {
  return commands_.Execute(
      context, *request, response, &tournament::DecideFileAppeal,
      [](const ledger::CommandOutcome& outcome,
         v1::FileAppealResponse& answer) {
        if (!outcome.events.empty()) {
          answer.set_appeal_number(
              outcome.events.front().appeal_filed().appeal_number());
        }
        return absl::OkStatus();
      });
}

grpc::ServerUnaryReactor* RulingService::DecideAppeal(
    grpc::CallbackServerContext* context,
    const v1::DecideAppealRequest* request,
    v1::DecideAppealResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideAppealDecision);
}

grpc::ServerUnaryReactor* RulingService::DrawTieLots(
    grpc::CallbackServerContext* context, const v1::DrawTieLotsRequest* request,
    v1::DrawTieLotsResponse* response) {
  const uint64_t seed = LotsSeed();
  return commands_.Execute(
      context, *request, response,
      [seed](const tournament::TournamentState& state,
             const v1::DrawTieLotsRequest& lots,
             const tournament::CommandContext& command_context) {
        return tournament::DecideTieLots(state, lots, seed, command_context);
      },
      [](const ledger::CommandOutcome& outcome,
         v1::DrawTieLotsResponse& answer) {
        if (!outcome.events.empty()) {
          const v1::TieLotsDrawn& drawn =
              outcome.events.front().tie_lots_drawn();
          *answer.mutable_drawn_order() = drawn.player_ids();
          answer.set_seed(drawn.seed());
        }
        return absl::OkStatus();
      });
}

grpc::ServerUnaryReactor* RulingService::DeclineFinalPlace(
    grpc::CallbackServerContext* context,
    const v1::DeclineFinalPlaceRequest* request,
    v1::DeclineFinalPlaceResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideDeclineFinalPlace);
}

}  // namespace qiwang::server
