// Fuzz target (b): a tournament configuration as the organiser's JSON file
// (what `qiwang tournament create --config` sends) -> TournamentConfig ->
// ValidateConfig and DecideCreate on an empty log.
// Promises: a refused configuration is INVALID_ARGUMENT with a message naming
// the field; DecideCreate agrees with ValidateConfig; an accepted one creates
// a tournament whose state holds exactly that configuration.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/message_differencer.h"
#include "services/rules/tournament/config_validation.h"
#include "services/rules/tournament/decide.h"
#include "tests/fuzz/fuzz_target.h"

namespace qiwang::fuzz {
namespace {

using rules::tournament::TournamentState;

void Run(absl::string_view json) {
  v1::CreateTournamentRequest create;
  if (!google::protobuf::util::JsonStringToMessage(
           std::string(json), create.mutable_config())
           .ok()) {
    return;  // not a configuration: the CLI refuses it before any call
  }
  const absl::Status valid = rules::tournament::ValidateConfig(create.config());
  const absl::StatusOr<rules::tournament::Events> events =
      rules::tournament::DecideCreate(TournamentState(), create,
                                      {.now = absl::UnixEpoch(),
                                       .role = rules::Role::kOrganiser,
                                       .user = "organiser"});
  if (!valid.ok()) {
    CheckRefusal(valid, {absl::StatusCode::kInvalidArgument},
                 "a bad configuration is INVALID_ARGUMENT naming the field");
    Check(events.status() == valid,
          "creation refuses a configuration as validation does");
    return;
  }
  Check(events.ok() && events->size() == 1,
        "a valid configuration creates the tournament in one event");
  v1::Event event = events->front();
  event.set_stream(create.config().id());
  event.set_stream_version(1);
  event.set_position(1);
  event.mutable_server_time()->set_seconds(1460768400);  // 2016-04-16
  TournamentState state;
  Check(state.Apply(event).ok(), "the creation event applies to an empty log");
  Check(state.exists() && google::protobuf::util::MessageDifferencer::Equals(
                              state.config(), create.config()),
        "the created tournament holds the configuration as sent");
}

}  // namespace

void FuzzOne(absl::string_view input) { Run(input); }

}  // namespace qiwang::fuzz
