// Fuzz target (c): every command's validation. A request proto decoded from
// the input is decided by its Decide* function against one of three fixed
// states of the 2016 tournament (just created; players registered and
// checking in; check-in closed, rounds paired and results in), as one of the
// roles, at one of the event's days or at any instant.
// Input: [state][command][role][time][8 bytes of seconds if time is any]
// then the request's wire bytes.
// Promises: deciding is deterministic; a refusal is INVALID_ARGUMENT,
// FAILED_PRECONDITION, NOT_FOUND or PERMISSION_DENIED and says why; the
// events of an accepted command apply, in order, to the state they were
// decided on (as the ledger applies them).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "google/protobuf/stubs/logging.h"
#include "google/protobuf/util/message_differencer.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/decide_play.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/rules/tournament/play_fixture.h"

namespace qiwang::rules::tournament {
namespace {

// The three states, built once through the rules tests' own fixture.
class FixedStates : public PlayTest {
 public:
  FixedStates() {
    SetUp();
    states_.push_back(state_);
    EnterOpenMen(8);
    EnterProfessionals(4);
    states_.push_back(state_);
    (void)CloseCheckIn();
    (void)PairNext(kOpen);
    RecordRound(kOpen, 1);
    (void)PairNext(kOpen);
    (void)Record(kOpen, 2, 1, v1::GAME_RESULT_DRAW);
    (void)PairNext(kPro);
    (void)Record(kPro, 1, 1, v1::GAME_RESULT_BLACK_WIN);
    states_.push_back(state_);
  }
  void TestBody() override {}

  const std::vector<TournamentState>& states() const { return states_; }
  static std::vector<absl::Time> Days() {
    return {kBeforeDeadline(), kDuringCheckIn(), kAfterCheckIn(), kRoundDay()};
  }

 private:
  std::vector<TournamentState> states_;
};

using fuzz::Check;

uint8_t TakeByte(absl::string_view& input) {
  if (input.empty()) return 0;
  const uint8_t byte = static_cast<uint8_t>(input.front());
  input.remove_prefix(1);
  return byte;
}

// Decides `decide` twice on `state` and checks the promises above.
template <typename Request, typename Decide>
void CheckDecision(const TournamentState& state, absl::string_view bytes,
                   const CommandContext& context, const Decide& decide) {
  Request request;
  if (!request.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return;  // gRPC refuses such bytes before any service sees them
  }
  const absl::StatusOr<Events> events = decide(state, request, context);
  const absl::StatusOr<Events> again = decide(state, request, context);
  Check(events.status() == again.status() &&
            (!events.ok() || events->size() == again->size()),
        "deciding the same command twice gives the same answer");
  if (!events.ok()) {
    fuzz::CheckRefusal(events.status(),
                       {absl::StatusCode::kInvalidArgument,
                        absl::StatusCode::kFailedPrecondition,
                        absl::StatusCode::kNotFound,
                        absl::StatusCode::kPermissionDenied},
                       "a refused command names the rule or field");
    return;
  }
  TournamentState next = state;
  for (size_t i = 0; i < events->size(); ++i) {
    Check(google::protobuf::util::MessageDifferencer::Equals((*events)[i],
                                                             (*again)[i]),
          "deciding the same command twice gives the same events");
    v1::Event event = (*events)[i];
    event.set_stream(next.exists() ? next.config().id()
                                   : request.GetDescriptor()->name());
    event.set_stream_version(next.version() + 1);
    event.set_position(next.position() + 1);
    event.mutable_actor()->set_user(context.user);
    event.mutable_actor()->set_role(std::string(RoleName(context.role)));
    event.mutable_server_time()->set_seconds(absl::ToUnixSeconds(context.now));
    const absl::Status applied = next.Apply(event);
    if (!applied.ok()) {
      std::fprintf(stderr, "fuzz: %s\n%s\n", applied.ToString().c_str(),
                   event.DebugString().c_str());
    }
    Check(applied.ok(), "an accepted command's events apply to its state");
  }
}

void Run(absl::string_view input) {
  // Protobuf logs each string field that is not UTF-8; the parse fails anyway.
  static const bool quiet = (google::protobuf::SetLogHandler(nullptr), true);
  (void)quiet;
  static const FixedStates* const fixed = new FixedStates();
  const TournamentState& state =
      fixed->states()[TakeByte(input) % fixed->states().size()];
  const uint8_t command = TakeByte(input);
  CommandContext context{
      .now = absl::UnixEpoch(),
      .role = kAllRoles[TakeByte(input) % kAllRoles.size()],
      .user = "fuzz-user"};
  const uint8_t day = TakeByte(input);
  const std::vector<absl::Time> days = FixedStates::Days();
  if (day % (days.size() + 1) < days.size()) {
    context.now = days[day % (days.size() + 1)];
  } else {
    int64_t seconds = 0;
    for (int i = 0; i < 8; ++i) seconds = (seconds << 8) | TakeByte(input);
    context.now = absl::FromUnixSeconds(seconds);
  }
  switch (command % 12) {
    case 0:
      return CheckDecision<v1::CreateTournamentRequest>(state, input, context,
                                                        DecideCreate);
    case 1:
      return CheckDecision<v1::AmendTournamentRequest>(state, input, context,
                                                       DecideAmend);
    case 2:
      return CheckDecision<v1::RecordStationResultsRequest>(
          state, input, context, DecideStationResults);
    case 3:
      return CheckDecision<v1::RegisterPlayerRequest>(state, input, context,
                                                      DecideRegister);
    case 4:
      return CheckDecision<v1::CheckInPlayerRequest>(state, input, context,
                                                     DecideCheckIn);
    case 5:
      return CheckDecision<v1::ExcuseAbsenceRequest>(state, input, context,
                                                     DecideExcuse);
    case 6:
      return CheckDecision<v1::CloseCheckInRequest>(state, input, context,
                                                    DecideCloseCheckIn);
    case 7:
      return CheckDecision<v1::WithdrawPlayerRequest>(state, input, context,
                                                      DecideWithdraw);
    case 8:
      return CheckDecision<v1::AmendPairingRequest>(state, input, context,
                                                    DecideAmendPairing);
    case 9:
      return CheckDecision<v1::RecordResultRequest>(state, input, context,
                                                    DecideRecordResult);
    case 10:
      return CheckDecision<v1::CorrectResultRequest>(state, input, context,
                                                     DecideCorrectResult);
    default:
      return CheckDecision<v1::RecordFoulRequest>(state, input, context,
                                                  DecideRecordFoul);
  }
}

}  // namespace
}  // namespace qiwang::rules::tournament

void qiwang::fuzz::FuzzOne(absl::string_view input) {
  rules::tournament::Run(input);
}
