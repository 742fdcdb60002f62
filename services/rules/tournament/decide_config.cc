// The configuration decisions (R1.1) and the recording of station rankings
// (R3).
#include "absl/strings/str_cat.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/config_validation.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/dropped_references.h"
#include "services/rules/tournament/person.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

// The station as the configuration lists it, when it does; a recorded
// station must then agree with it.
absl::Status MatchConfiguredStation(const v1::TournamentConfig& config,
                                    const v1::Station& station) {
  for (const v1::Station& configured : config.stations()) {
    if (configured.id() != station.id()) continue;
    if (configured.kind() != station.kind() ||
        FormatDate(configured.date()) != FormatDate(station.date())) {
      return absl::InvalidArgumentError(
          absl::StrCat("station: '", station.id(), "' is configured as ",
                       v1::StationKind_Name(configured.kind()), " on ",
                       FormatDate(configured.date())));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateStation(const TournamentState& state,
                             const v1::Station& station) {
  QIWANG_RETURN_IF_ERROR(ValidateText(station.id(), true, "station.id"));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(station.name().zh(), false, "station.name.zh"));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(station.name().en(), false, "station.name.en"));
  if (station.kind() == v1::STATION_KIND_UNSPECIFIED ||
      !v1::StationKind_IsValid(station.kind())) {
    return absl::InvalidArgumentError("station.kind: unspecified");
  }
  QIWANG_RETURN_IF_ERROR(ValidateDate(station.date(), "station.date"));
  return MatchConfiguredStation(state.config(), station);
}

absl::Status ValidateRanking(
    const google::protobuf::RepeatedPtrField<v1::Person>& ranking) {
  if (ranking.empty()) return absl::InvalidArgumentError("ranking: empty");
  for (int i = 0; i < ranking.size(); ++i) {
    const std::string field = absl::StrCat("ranking[", i, "]");
    QIWANG_RETURN_IF_ERROR(ValidatePerson(ranking[i], false, field));
    for (int j = 0; j < i; ++j) {
      if (SamePerson(ranking[j], ranking[i])) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ": ", Describe(ranking[i]),
                         " is already ranked at ranking[", j, "]"));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Events> DecideCreate(const TournamentState& state,
                                    const v1::CreateTournamentRequest& command,
                                    const CommandContext& /*context*/) {
  QIWANG_RETURN_IF_ERROR(ValidateConfig(command.config()));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), false, "reason", kMaxReasonBytes));
  if (state.exists()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R1.1: tournament ", command.config().id(), " already exists"));
  }
  v1::Event event = EventWithReason(command.reason());
  *event.mutable_tournament_created()->mutable_config() = command.config();
  return Events{std::move(event)};
}

absl::StatusOr<Events> DecideAmend(const TournamentState& state,
                                   const v1::AmendTournamentRequest& command,
                                   const CommandContext& /*context*/) {
  QIWANG_RETURN_IF_ERROR(RequireTournament(state, command.tournament_id()));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), true, "reason", kMaxReasonBytes));
  QIWANG_RETURN_IF_ERROR(ValidateConfig(command.config()));
  if (command.config().id() != state.config().id()) {
    return absl::InvalidArgumentError(
        absl::StrCat("R1.1: config.id: the id '", state.config().id(),
                     "' cannot change (asked: '", command.config().id(), "')"));
  }
  QIWANG_RETURN_IF_ERROR(RequireDroppedUnreferenced(state, command.config()));
  v1::Event event = EventWithReason(command.reason());
  *event.mutable_tournament_amended()->mutable_config() = command.config();
  return Events{std::move(event)};
}

absl::StatusOr<Events> DecideStationResults(
    const TournamentState& state,
    const v1::RecordStationResultsRequest& command,
    const CommandContext& /*context*/) {
  QIWANG_RETURN_IF_ERROR(RequireTournament(state, command.tournament_id()));
  QIWANG_RETURN_IF_ERROR(ValidateStation(state, command.station()));
  QIWANG_RETURN_IF_ERROR(ValidateRanking(command.ranking()));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), false, "reason", kMaxReasonBytes));
  bool has_quota = false;
  for (const v1::StationQuota& quota : state.config().station_quotas()) {
    has_quota |= quota.kind() == command.station().kind();
  }
  if (!has_quota) {
    return absl::FailedPreconditionError(
        absl::StrCat("R3.1: the configuration has no quota for ",
                     v1::StationKind_Name(command.station().kind())));
  }
  for (const v1::StationResultsRecorded& recorded : state.stations()) {
    if (recorded.station().id() == command.station().id()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "R3: station ", command.station().id(), " is already recorded (",
          FormatDate(recorded.station().date()), ")"));
    }
  }
  v1::Event event = EventWithReason(command.reason());
  v1::StationResultsRecorded& recorded =
      *event.mutable_station_results_recorded();
  *recorded.mutable_station() = command.station();
  *recorded.mutable_ranking() = command.ranking();
  return Events{std::move(event)};
}

}  // namespace qiwang::rules::tournament
