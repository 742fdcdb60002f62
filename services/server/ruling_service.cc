#include "services/server/ruling_service.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/random/random.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "services/rules/tournament/decide_ruling.h"
#include "services/standings/ranked_scope.h"
#include "services/standings/ranking_scope.h"

namespace qiwang::server {
namespace {

namespace tournament = rules::tournament;

// R7.3: lots break a tie only among players who share one rank now (on the
// state the command is decided on, every published round counted).
absl::Status RequireSharedRank(const tournament::TournamentState& state,
                               const v1::DrawTieLotsRequest& request) {
  absl::StatusOr<standings::RankingScope> scope =
      standings::ResolveRankingScope(state.config(), request.ranking_id());
  if (!scope.ok()) return scope.status();
  absl::StatusOr<standings::RankedScope> ranked =
      standings::RankScope(state, *scope, 0);
  if (!ranked.ok()) return ranked.status();
  std::vector<std::string> ranks;
  bool shared = true;
  int first = -1;
  for (int64_t id : request.player_ids()) {
    int rank = 0;
    for (const rules::Standing& row : ranked->standings.rows) {
      if (row.player == id) rank = row.rank;
    }
    ranks.push_back(rank == 0 ? absl::StrCat("player ", id, " unranked")
                              : absl::StrCat("player ", id, " rank ", rank));
    if (first == -1) first = rank;
    shared = shared && rank != 0 && rank == first;
  }
  if (shared) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat("R7.3: lots break a shared rank only; in ranking '",
                   request.ranking_id(), "' ", absl::StrJoin(ranks, ", ")));
}

uint64_t FreshSeed() {
  absl::BitGen gen;
  uint64_t seed = 0;
  while (seed == 0) seed = absl::Uniform<uint64_t>(gen);  // 0: drawn by hand
  return seed;
}

}  // namespace

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
  const uint64_t seed = FreshSeed();
  return commands_.Execute(
      context, *request, response,
      [seed](const tournament::TournamentState& state,
             const v1::DrawTieLotsRequest& lots,
             const tournament::CommandContext& command_context)
          -> absl::StatusOr<tournament::Events> {
        absl::StatusOr<tournament::Events> events =
            tournament::DecideTieLots(state, lots, seed, command_context);
        if (!events.ok()) return events;
        if (absl::Status shared = RequireSharedRank(state, lots);
            !shared.ok()) {
          return shared;
        }
        return events;
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
