#include "services/server/play_service.h"

#include <algorithm>
#include <chrono>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "base/timestamp.h"
#include "services/rules/tournament/decide_play.h"

namespace qiwang::server {
namespace {

namespace tournament = rules::tournament;

// The standing entry of the board, as the state after the command holds it
// (an equal result recorded earlier, by whoever recorded it).
absl::StatusOr<v1::RecordedBy> StandingEntry(
    const tournament::TournamentState& state,
    const v1::RecordResultRequest& request) {
  const tournament::SectionPlay* play =
      state.FindSectionPlay(request.section_id());
  const tournament::RoundEntry* round =
      play == nullptr ? nullptr : play->FindRound(request.round());
  const tournament::BoardEntry* board =
      round == nullptr ? nullptr : round->FindBoard(request.board());
  if (board == nullptr || board->result_position == 0) {
    return absl::InternalError(absl::StrCat(
        "section ", request.section_id(), " round ", request.round(), " board ",
        request.board(), ": no standing result after recording"));
  }
  v1::RecordedBy recorded_by;
  recorded_by.set_user(board->result_actor.user());
  recorded_by.set_role(board->result_actor.role());
  *recorded_by.mutable_server_time() = base::ToTimestamp(board->result_time);
  recorded_by.set_position(board->result_position);
  return recorded_by;
}

v1::RecordedBy RecordedByOf(const v1::Event& event) {
  v1::RecordedBy recorded_by;
  recorded_by.set_user(event.actor().user());
  recorded_by.set_role(event.actor().role());
  *recorded_by.mutable_server_time() = event.server_time();
  recorded_by.set_position(event.position());
  return recorded_by;
}

}  // namespace

grpc::ServerUnaryReactor* PlayService::RecordResult(
    grpc::CallbackServerContext* context,
    const v1::RecordResultRequest* request,
    v1::RecordResultResponse* response) {
  return commands_.Execute(
      context, *request, response, &tournament::DecideRecordResult,
      [this, request](const ledger::CommandOutcome& outcome,
                               v1::RecordResultResponse& answer) {
        if (!outcome.events.empty()) {
          // This command's entry (new, or the original of a retry).
          *answer.mutable_recorded_by() = RecordedByOf(outcome.events.front());
          return absl::OkStatus();
        }
        // An equal result stood already: answer whose entry it is.
        absl::StatusOr<ledger::StateAt> state =
            ledger_.Read(request->tournament_id(), {});
        absl::StatusOr<v1::RecordedBy> standing =
            state.ok() ? StandingEntry(*state->state, *request)
                       : absl::StatusOr<v1::RecordedBy>(state.status());
        if (standing.ok()) *answer.mutable_recorded_by() = *standing;
        return standing.status();
      });
}

grpc::ServerUnaryReactor* PlayService::CorrectResult(
    grpc::CallbackServerContext* context,
    const v1::CorrectResultRequest* request,
    v1::CorrectResultResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideCorrectResult);
}

grpc::ServerUnaryReactor* PlayService::RecordFoul(
    grpc::CallbackServerContext* context, const v1::RecordFoulRequest* request,
    v1::RecordFoulResponse* response) {
  return commands_.Execute(context, *request, response,
                           &tournament::DecideRecordFoul);
}

}  // namespace qiwang::server
