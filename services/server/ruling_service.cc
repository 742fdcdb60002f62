#include "services/server/ruling_service.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/random/random.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "services/rules/tournament/decide_ruling.h"
#include "services/server/auth/access_policy.h"
#include "services/server/status_conversion.h"
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

// Answers the call with the command's result; `fill` adds what the
// command's events tell (on a retry, the original command's events).
template <typename Response>
ledger::Ledger::Done Answer(Response* response,
                            grpc::ServerUnaryReactor* reactor,
                            void (*fill)(const v1::Event&,
                                         Response&) = nullptr) {
  return [response, reactor,
          fill](absl::StatusOr<ledger::CommandOutcome> outcome) {
    if (outcome.ok()) {
      *response->mutable_result() = outcome->result;
      if (fill != nullptr && !outcome->events.empty()) {
        fill(outcome->events.front(), *response);
      }
    }
    reactor->Finish(ToGrpcStatus(outcome.status()));
  };
}

uint64_t FreshSeed() {
  absl::BitGen gen;
  uint64_t seed = 0;
  while (seed == 0) seed = absl::Uniform<uint64_t>(gen);  // 0: drawn by hand
  return seed;
}

}  // namespace

template <typename Request>
void RulingService::Execute(grpc::CallbackServerContext* context,
                            absl::string_view rpc, const Request& request,
                            decltype(ledger::Command::decide) decide,
                            ledger::Ledger::Done done) {
  absl::StatusOr<ledger::Caller> caller =
      Authorize(authenticator_, rpc, context->client_metadata());
  if (!caller.ok()) {
    done(caller.status());
    return;
  }
  ledger_.ExecuteAsync(
      {absl::StrCat("/qiwang.v1.RulingService/", rpc), &request,
       request.command_id(), request.tournament_id(), std::move(decide)},
      *std::move(caller), std::move(done));
}

grpc::ServerUnaryReactor* RulingService::FileAppeal(
    grpc::CallbackServerContext* context, const v1::FileAppealRequest* request,
    v1::FileAppealResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  Execute(
      context, "FileAppeal", *request,
      [request](const tournament::TournamentState& state,
                const tournament::CommandContext& command_context) {
        return tournament::DecideFileAppeal(state, *request, command_context);
      },
      Answer<v1::FileAppealResponse>(
          response, reactor,
          [](const v1::Event& event, v1::FileAppealResponse& answer) {
            answer.set_appeal_number(event.appeal_filed().appeal_number());
          }));
  return reactor;
}

grpc::ServerUnaryReactor* RulingService::DecideAppeal(
    grpc::CallbackServerContext* context,
    const v1::DecideAppealRequest* request,
    v1::DecideAppealResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  Execute(
      context, "DecideAppeal", *request,
      [request](const tournament::TournamentState& state,
                const tournament::CommandContext& command_context) {
        return tournament::DecideAppealDecision(state, *request,
                                                command_context);
      },
      Answer(response, reactor));
  return reactor;
}

grpc::ServerUnaryReactor* RulingService::DrawTieLots(
    grpc::CallbackServerContext* context, const v1::DrawTieLotsRequest* request,
    v1::DrawTieLotsResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  const uint64_t seed = FreshSeed();
  Execute(
      context, "DrawTieLots", *request,
      [request, seed](const tournament::TournamentState& state,
                      const tournament::CommandContext& command_context)
          -> absl::StatusOr<tournament::Events> {
        absl::StatusOr<tournament::Events> events =
            tournament::DecideTieLots(state, *request, seed, command_context);
        if (!events.ok()) return events;
        if (absl::Status shared = RequireSharedRank(state, *request);
            !shared.ok()) {
          return shared;
        }
        return events;
      },
      Answer<v1::DrawTieLotsResponse>(
          response, reactor,
          [](const v1::Event& event, v1::DrawTieLotsResponse& answer) {
            *answer.mutable_drawn_order() = event.tie_lots_drawn().player_ids();
            answer.set_seed(event.tie_lots_drawn().seed());
          }));
  return reactor;
}

grpc::ServerUnaryReactor* RulingService::DeclineFinalPlace(
    grpc::CallbackServerContext* context,
    const v1::DeclineFinalPlaceRequest* request,
    v1::DeclineFinalPlaceResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  Execute(
      context, "DeclineFinalPlace", *request,
      [request](const tournament::TournamentState& state,
                const tournament::CommandContext& command_context) {
        return tournament::DecideDeclineFinalPlace(state, *request,
                                                   command_context);
      },
      Answer(response, reactor));
  return reactor;
}

}  // namespace qiwang::server
