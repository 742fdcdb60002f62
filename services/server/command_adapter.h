// The one shape of every command RPC: authorise, run the request's Decide
// function through the ledger (which checks command_id and tournament_id and
// keys the idempotency fingerprint by the RPC's descriptor), copy the
// command's result into the response, let the RPC describe its events, and
// finish once the events are durable.
#ifndef QIWANG_SERVICES_SERVER_COMMAND_ADAPTER_H_
#define QIWANG_SERVICES_SERVER_COMMAND_ADAPTER_H_

#include <grpcpp/support/server_callback.h>

#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "base/grpc_status.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/api/rpc_method.h"
#include "services/ledger/ledger.h"
#include "services/rules/tournament/tournament_state.h"
#include "services/server/auth/authenticator.h"
#include "services/server/refusal_language.h"
#include "services/server/unary_call.h"
#include "services/server/unary_reactor.h"

namespace qiwang::server {

// A rule deciding one command on the tournament's current state.
template <typename Request>
using DecideFunction = std::function<absl::StatusOr<rules::tournament::Events>(
    const rules::tournament::TournamentState&, const Request&,
    const rules::tournament::CommandContext&)>;

// Fills a response's command-specific fields from the outcome (on a retry,
// the original command's events); its status is the call's.
template <typename Response>
using DescribeFunction =
    std::function<absl::Status(const ledger::CommandOutcome&, Response&)>;

// The tournament a command acts on: its tournament_id, or the new
// configuration's id when creating one.
template <typename Request>
const std::string& TournamentOf(const Request& request) {
  return request.tournament_id();
}
inline const std::string& TournamentOf(
    const v1::CreateTournamentRequest& request) {
  return request.config().id();
}

// Runs command RPCs for one service. The call is answered from the thread
// that made its batch durable (ledger::Ledger::ExecuteAsync), not from a
// thread blocked per call. Thread-safe. REQUIRES: the ledger (when given)
// and the authenticator outlive it; the gRPC call outlives its command.
class CommandAdapter {
 public:
  // Which ceiling the events of one command meet in the store: a command's
  // (store::Options::max_events_per_append), or the bulk one that only the
  // TRF import uses (ledger::Command::bulk_append).
  enum class AppendCeiling { kCommand, kBulk };

  // `ledger` null: a process of the split form without the ledger, where
  // every command answers UNIMPLEMENTED naming `ledger_address`.
  CommandAdapter(ledger::Ledger* ledger, const Authenticator& authenticator,
                 std::string ledger_address = "",
                 AppendCeiling ceiling = AppendCeiling::kCommand)
      : ledger_(ledger),
        authenticator_(authenticator),
        ledger_address_(std::move(ledger_address)),
        ceiling_(ceiling) {}

  template <typename Request, typename Response>
  grpc::ServerUnaryReactor* Execute(
      grpc::CallbackServerContext* context, const Request& request,
      Response* response, std::type_identity_t<DecideFunction<Request>> decide,
      std::type_identity_t<DescribeFunction<Response>> describe = {}) {
    UnaryReactor* reactor = new UnaryReactor();
    const words::Lang lang = CallerLang(*context);
    absl::StatusOr<ledger::Caller> caller = Admit<Request>(*context);
    if (!caller.ok()) {
      reactor->Finish(RefusalIn(lang, caller.status()));
      return reactor;
    }
    ledger::Command command{
        api::FullMethodName(api::MethodOf<Request>()), &request,
        request.command_id(), TournamentOf(request),
        [&request, decide = std::move(decide)](
            const rules::tournament::TournamentState& state,
            const rules::tournament::CommandContext& command_context) {
          return decide(state, request, command_context);
        }};
    command.bulk_append = ceiling_ == AppendCeiling::kBulk;
    ledger_->ExecuteAsync(
        std::move(command), *std::move(caller),
        [response, reactor, lang, describe = std::move(describe)](
            absl::StatusOr<ledger::CommandOutcome> outcome) {
          absl::Status status = outcome.status();
          if (outcome.ok()) {
            *response->mutable_result() = outcome->result;
            if (describe) status = describe(*outcome, *response);
          }
          reactor->Finish(RefusalIn(lang, status));
        });
    return reactor;
  }

  // The caller a command of `Request` acts for, once authorised and with a
  // ledger to run it; for a command decided in steps (PairRound).
  template <typename Request>
  absl::StatusOr<ledger::Caller> Admit(
      const grpc::CallbackServerContext& context) const {
    absl::StatusOr<ledger::Caller> caller =
        AuthorizeCall<Request>(authenticator_, context);
    if (caller.ok() && ledger_ == nullptr) {
      return NoLedger(api::MethodOf<Request>().name());
    }
    return caller;
  }

  // Null in a process without the ledger (then Admit refuses every command).
  ledger::Ledger* ledger() const { return ledger_; }

 private:
  absl::Status NoLedger(const std::string& rpc) const {
    return absl::UnimplementedError(absl::StrCat(
        rpc,
        ": this qiwangd serves reads only; publish pairings through the "
        "ledger at ",
        ledger_address_, " (qiwang: --server or --route=ledger=)"));
  }

  ledger::Ledger* const ledger_;
  const Authenticator& authenticator_;
  const std::string ledger_address_;
  const AppendCeiling ceiling_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_COMMAND_ADAPTER_H_
