// The one shape of every read RPC about a tournament: authorise, require
// tournament_id, check the request, read the tournament's state with the
// request's ReadOptions (once min_position is applied, or as of
// at_position), answer the RPC's view of it with the position it reflects.
#ifndef QIWANG_SERVICES_SERVER_READ_ADAPTER_H_
#define QIWANG_SERVICES_SERVER_READ_ADAPTER_H_

#include <grpcpp/support/server_callback.h>

#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "base/grpc_status.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/ledger/ledger.h"
#include "services/projection/tournament_projection.h"
#include "services/rules/tournament/text_input.h"
#include "services/server/auth/access_policy.h"
#include "services/server/auth/authenticator.h"
#include "services/server/call_deadline.h"
#include "services/server/deferred_read.h"
#include "services/server/read_gate.h"
#include "services/server/refusal_language.h"
#include "services/server/unary_call.h"
#include "services/server/unary_reactor.h"
#include "words/refusal_words.h"

namespace qiwang::server {

// What a view sees: the state, the log position it reflects, and whether the
// caller is an official (private fields).
struct ReadView {
  const rules::tournament::TournamentState& state;
  uint64_t as_of_position;
  bool official;
};

template <typename Response>
using ViewFunction = std::function<absl::StatusOr<Response>(const ReadView&)>;

// The longest a read waits for its min_position when the caller set no
// shorter deadline (qiwangd's --max_read_wait).
inline constexpr absl::Duration kDefaultLongestReadWait = absl::Seconds(5);

// Runs read RPCs over one source of state: the projection (every read
// service) or the ledger's own folded state (TournamentService, whose reads
// answer at least as new as the caller's last command). A read whose
// min_position is not reached yet waits without holding a thread
// (DeferredRead), until the call's deadline or `longest_wait`, whichever
// comes first. Thread-safe. REQUIRES: the source and the authenticator
// outlive it.
class ReadAdapter {
 public:
  ReadAdapter(projection::TournamentProjection& projection,
              const Authenticator& authenticator,
              absl::Duration longest_wait = kDefaultLongestReadWait);
  ReadAdapter(ledger::Ledger& ledger, const Authenticator& authenticator,
              absl::Duration longest_wait = kDefaultLongestReadWait);
  // Waits (a bounded while) until no read through it still answers: once
  // the gRPC server has stopped, a read whose position came may still be
  // answering on one of gRPC's alarm threads.
  ~ReadAdapter();

  // `request_status`: the RPC's own check of the request, answered (after
  // authorisation and tournament_id) before anything is read.
  template <typename Request, typename Response>
  grpc::ServerUnaryReactor* Answer(
      grpc::CallbackServerContext* context, const Request& request,
      Response* response, std::type_identity_t<ViewFunction<Response>> view,
      absl::Status request_status = absl::OkStatus()) const {
    absl::StatusOr<ledger::Caller> caller =
        AuthorizeCall<Request>(authenticator_, *context);
    absl::Status refused = caller.status();
    if (refused.ok() && request.tournament_id().empty()) {
      refused = rules::tournament::RequiredFieldError("tournament_id");
    }
    if (refused.ok()) refused = request_status;
    const words::Lang lang = CallerLang(*context);
    if (!refused.ok()) {
      UnaryReactor* reactor = new UnaryReactor();
      reactor->Finish(RefusalIn(lang, refused));
      return reactor;
    }
    const bool official = IsOfficial(caller->role);
    return DeferredRead::Start(
        *gate_, deferred_reads_, request.read().min_position(),
        WaitDeadline(*context, longest_wait_),
        [this, &request, response, official, lang,
         view = std::move(view)]() -> absl::Status {
          absl::StatusOr<projection::ProjectedState> read =
              read_(request.tournament_id(), request.read());
          if (!read.ok()) return words::LocalizeRefusal(read.status(), lang);
          absl::StatusOr<Response> answered =
              view(ReadView{*read->state, read->as_of_position, official});
          if (!answered.ok()) {
            return words::LocalizeRefusal(answered.status(), lang);
          }
          *response = *std::move(answered);
          response->set_as_of_position(read->as_of_position);
          return absl::OkStatus();
        });
  }

 private:
  // Reads once the gate is open: never waits.
  using Source = std::function<absl::StatusOr<projection::ProjectedState>(
      const std::string& tournament_id, const v1::ReadOptions& options)>;

  const Source read_;
  const std::unique_ptr<ReadGate> gate_;
  const Authenticator& authenticator_;
  const absl::Duration longest_wait_;
  // Reads still answering; the destructor waits for none.
  mutable base::LiveCalls deferred_reads_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_READ_ADAPTER_H_
