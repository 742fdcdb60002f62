#include "services/server/pairing_service.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "base/grpc_status.h"
#include "services/api/rpc_method.h"
#include "services/rules/tournament/decide_play.h"
#include "services/rules/tournament/propose_round.h"
#include "services/rules/tournament/text_input.h"
#include "services/server/call_deadline.h"
#include "services/server/lots_seed.h"
#include "services/server/raw_request.h"
#include "services/server/refused_writer.h"
#include "services/server/unary_reactor.h"
#include "services/server/watch_twin_view.h"
#include "services/views/round_views.h"

namespace qiwang::server {
namespace {

namespace tournament = rules::tournament;

constexpr int kPairAttempts = 5;
absl::Status Required(const std::string& value, const char* field,
                      const char* what) {
  if (!value.empty()) return absl::OkStatus();
  return rules::tournament::RequiredFieldError(field,
                                               absl::StrCat("(", what, ")"));
}

absl::Status ValidateSection(const std::string& tournament_id,
                             const std::string& section_id) {
  if (absl::Status s =
          Required(tournament_id, "tournament_id", "the tournament");
      !s.ok()) {
    return s;
  }
  return Required(section_id, "section_id", "the section to pair");
}

absl::Status ValidatePairRound(const v1::PairRoundRequest& request) {
  if (absl::Status s = Required(request.command_id(), "command_id",
                                "an idempotency key; a retry reuses it");
      !s.ok()) {
    return s;
  }
  if (absl::Status s =
          ValidateSection(request.tournament_id(), request.section_id());
      !s.ok()) {
    return s;
  }
  if (request.round() < 1) {
    return absl::InvalidArgumentError(
        "round: required, the round to publish (from 1)");
  }
  return absl::OkStatus();
}

// The double-click guard: the request names the round it means to publish.
absl::Status RequireNextRound(const tournament::TournamentState& state,
                              const v1::PairRoundRequest& request) {
  const tournament::SectionPlay* play =
      state.FindSectionPlay(request.section_id());
  if (play == nullptr) return absl::OkStatus();  // the rule names it
  const int next = play->rounds_published() + 1;
  if (request.round() == next) return absl::OkStatus();
  if (request.round() < next) {
    return absl::FailedPreconditionError(absl::StrCat(
        "round: round ", request.round(), " of section '", request.section_id(),
        "' is published already; the next is ", next));
  }
  return absl::FailedPreconditionError(
      absl::StrCat("round: the next round of section '", request.section_id(),
                   "' is ", next, ", not ", request.round()));
}

}  // namespace

absl::StatusOr<v1::PairRoundResponse> PairingService::Pair(
    const v1::PairRoundRequest& request, const ledger::Caller& caller,
    absl::Time deadline) {
  ledger::Ledger& ledger = *commands_.ledger();
  const uint64_t seed = LotsSeed(request.lots_seed());
  for (int attempt = 0; attempt < kPairAttempts; ++attempt) {
    // The ledger's read observes the log's head; pair only once the
    // projection has applied it.
    absl::StatusOr<ledger::StateAt> head =
        ledger.Read(request.tournament_id(), v1::ReadOptions());
    if (!head.ok()) return head.status();
    v1::ReadOptions caught_up;
    caught_up.set_min_position(head->as_of_position);
    absl::StatusOr<projection::ProjectedState> projected =
        projection_.Read(request.tournament_id(), caught_up, deadline);
    if (!projected.ok()) return projected.status();
    const tournament::TournamentState& state = *projected->state;

    const absl::Status next = RequireNextRound(state, request);
    absl::StatusOr<tournament::ProposedRound> proposed =
        next.ok()
            ? tournament::ProposeNextRound(state, request.section_id(), seed)
            : absl::StatusOr<tournament::ProposedRound>(next);
    // A refusal goes through the ledger too, so that a retry of a
    // publication that succeeded answers its original result.
    ledger::Command command;
    command.method = api::FullMethodName(api::MethodOf<v1::PairRoundRequest>());
    command.request = &request;
    command.command_id = request.command_id();
    command.tournament_id = request.tournament_id();
    if (proposed.ok()) {
      command.decide = [&proposed](const tournament::TournamentState& now,
                                   const tournament::CommandContext& context) {
        return tournament::DecidePublishRound(now, proposed->proposal, context);
      };
      command.expected_version = state.version();
    } else {
      command.decide = [&proposed](const tournament::TournamentState&,
                                   const tournament::CommandContext&)
          -> absl::StatusOr<tournament::Events> { return proposed.status(); };
    }
    absl::StatusOr<ledger::CommandOutcome> outcome =
        ledger.Execute(command, caller);
    if (absl::IsAborted(outcome.status())) continue;  // the stream moved
    if (!outcome.ok()) return outcome.status();

    v1::PairRoundResponse response;
    *response.mutable_result() = outcome->result;
    v1::ReadOptions published;
    published.set_min_position(outcome->result.last_position());
    absl::StatusOr<projection::ProjectedState> after =
        projection_.Read(request.tournament_id(), published, deadline);
    if (!after.ok()) return after.status();
    for (const v1::Event& event : outcome->events) {
      if (!event.has_round_paired()) continue;
      absl::StatusOr<v1::ListPairingsResponse> round =
          views::ListPairings(*after->state, event.round_paired().section_id(),
                              event.round_paired().round());
      if (!round.ok()) return round.status();
      for (v1::RoundView& view : *round->mutable_rounds()) {
        *response.add_rounds() = std::move(view);
      }
    }
    return response;
  }
  return absl::AbortedError(absl::StrCat(
      "tournament ", request.tournament_id(), ": the stream moved under ",
      kPairAttempts, " pairings in a row; retry with the same command_id"));
}

grpc::ServerUnaryReactor* PairingService::PairRound(
    grpc::CallbackServerContext* context, const v1::PairRoundRequest* request,
    v1::PairRoundResponse* response) {
  absl::StatusOr<ledger::Caller> caller =
      commands_.Admit<v1::PairRoundRequest>(*context);
  absl::Status status = caller.status();
  if (status.ok()) status = ValidatePairRound(*request);
  if (!status.ok()) {
    UnaryReactor* reactor = new UnaryReactor();
    reactor->Finish(base::ToGrpcStatus(status));
    return reactor;
  }
  const absl::Time deadline = WaitDeadline(*context);
  return pairings_.Answer(
      [this, request, response, caller = *caller, deadline] {
        absl::StatusOr<v1::PairRoundResponse> paired =
            Pair(*request, caller, deadline);
        if (paired.ok()) *response = *std::move(paired);
        return base::ToGrpcStatus(paired.status());
      });
}

grpc::ServerUnaryReactor* PairingService::ProposeRound(
    grpc::CallbackServerContext* context,
    const v1::ProposeRoundRequest* request,
    v1::ProposeRoundResponse* response) {
  return reads_.Answer(
      context, *request, response,
      [request](
          const ReadView& read) -> absl::StatusOr<v1::ProposeRoundResponse> {
        absl::StatusOr<tournament::ProposedRound> proposed =
            tournament::ProposeNextRound(read.state, request->section_id(),
                                         LotsSeed());
        if (!proposed.ok()) return proposed.status();
        absl::StatusOr<v1::RoundView> view =
            views::ProposalView(read.state, proposed->proposal);
        if (!view.ok()) return view.status();
        v1::ProposeRoundResponse answer;
        *answer.mutable_proposal() = *std::move(view);
        for (const std::string& line : proposed->cost) answer.add_cost(line);
        if (proposed->proposal.lots.has_value()) {
          answer.add_cost(absl::StrCat(
              "lots drawn with seed ", proposed->proposal.lots->seed(),
              " (R6.1; PairRound draws again unless given this lots_seed)"));
        }
        return answer;
      },
      ValidateSection(request->tournament_id(), request->section_id()));
}

grpc::ServerUnaryReactor* PairingService::AmendPairing(
    grpc::CallbackServerContext* context,
    const v1::AmendPairingRequest* request,
    v1::AmendPairingResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideAmendPairing,
                           [](const ledger::CommandOutcome& outcome,
                              v1::AmendPairingResponse& answer) {
                             for (const v1::Event& event : outcome.events) {
                               if (!event.has_pairing_amended()) continue;
                               for (const std::string& violation :
                                    event.pairing_amended().r63_violations()) {
                                 answer.add_r63_violations(violation);
                               }
                             }
                             return absl::OkStatus();
                           });
}

grpc::ServerUnaryReactor* PairingService::ListPairings(
    grpc::CallbackServerContext* context,
    const v1::ListPairingsRequest* request,
    v1::ListPairingsResponse* response) {
  return reads_.Answer(
      context, *request, response, [request](const ReadView& read) {
        return views::ListPairings(read.state, request->section_id(),
                                   request->round());
      });
}

grpc::ServerUnaryReactor* PairingService::GetSchedule(
    grpc::CallbackServerContext* context, const v1::GetScheduleRequest* request,
    v1::GetScheduleResponse* response) {
  return reads_.Answer(
      context, *request, response, [request](const ReadView& read) {
        return views::Schedule(read.state, request->player_id());
      });
}

grpc::ServerWriteReactor<grpc::ByteBuffer>* PairingService::WatchPairingsRaw(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* raw_request) {
  absl::StatusOr<v1::WatchPairingsRequest> parsed =
      AuthorizedRawRequest<v1::WatchPairingsRequest>(authenticator_, *context,
                                                     *raw_request);
  absl::Status status = parsed.status();
  const v1::WatchPairingsRequest* request = parsed.ok() ? &*parsed : nullptr;
  if (status.ok()) {
    status = Required(request->tournament_id(), "tournament_id",
                      "the tournament to watch");
  }
  if (!status.ok()) {
    return new RefusedWriter<grpc::ByteBuffer>(base::ToGrpcStatus(status));
  }
  return watches_.Start<v1::WatchPairingsResponse>(
      context->peer(), request->tournament_id(),
      absl::StrCat("pairings:", request->section_id()),
      request->after_position(),
      WatchTwinView<v1::WatchPairingsResponse>(
          [section_id = request->section_id()](
              const tournament::TournamentState& state) {
            return views::ListPairings(state, section_id, 0);
          }));
}

void PairingService::EndWatches(const grpc::Status& status) {
  watches_.EndAll(status);
}

}  // namespace qiwang::server
