// The registration decision (R2, R3.1, R3.3, R4.1).
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "base/timestamp.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/config_validation.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/eligibility.h"
#include "services/rules/tournament/person.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

absl::Status ValidateEntry(const v1::TournamentConfig& config,
                           const v1::RegisterPlayerRequest& command) {
  QIWANG_RETURN_IF_ERROR(ValidatePerson(command.person(), true, "person"));
  if (!command.section_id().empty() &&
      FindSection(config, command.section_id()) == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("section_id: no section '", command.section_id(), "'"));
  }
  if (command.title() == v1::TITLE_UNSPECIFIED ||
      !v1::Title_IsValid(command.title())) {
    return RequiredFieldError("title",
                              "(TITLE_NONE when the entrant holds none)");
  }
  if (command.residency() == v1::RESIDENCY_UNSPECIFIED ||
      !v1::Residency_IsValid(command.residency())) {
    return RequiredFieldError("residency", "(R2.5)");
  }
  QIWANG_RETURN_IF_ERROR(ValidateText(
      command.reason(), command.late_admission(), "reason", kMaxReasonBytes));
  QIWANG_RETURN_IF_ERROR(ValidateOneLineText(command.unit(), "unit"));  // N13.4
  return absl::OkStatus();
}

// R4.1: on time, or a late admission by the chief arbiter.
absl::Status CheckDeadline(const TournamentState& state,
                           const v1::RegisterPlayerRequest& command,
                           const CommandContext& context) {
  const absl::Time deadline =
      base::FromTimestamp(state.config().registration_deadline());
  const std::string closes = FormatInstant(deadline, state.time_zone());
  if (context.now < deadline) {
    if (command.late_admission()) {
      return base::WithRefusal(
          absl::FailedPreconditionError(
              absl::StrCat("R4.1: registration is open until ", closes,
                           "; late_admission is only for entries after it")),
          base::refusal::kRegistrationStillOpen, {{"closes", closes}});
    }
    return absl::OkStatus();
  }
  if (!command.late_admission()) {
    return base::WithRefusal(
        absl::FailedPreconditionError(
            absl::StrCat("R4.1: registration closed at ", closes,
                         "; only the chief arbiter may admit a late entry")),
        base::refusal::kRegistrationClosed, {{"closes", closes}});
  }
  if (context.role != Role::kChiefArbiter) {
    return base::WithRefusal(
        absl::PermissionDeniedError(
            absl::StrCat("R4.1: registration closed at ", closes,
                         "; a late admission is the chief arbiter's, not the ",
                         std::string(RoleName(context.role)), "'s")),
        base::refusal::kLateAdmissionIsTheChiefs,
        {{"closes", closes}, {"role", std::string(RoleName(context.role))}});
  }
  return absl::OkStatus();
}

// Where `person` placed at the stations recorded: (station id, place).
std::vector<std::pair<std::string, int>> StationPlaces(
    const TournamentState& state, const v1::Person& person) {
  std::vector<std::pair<std::string, int>> places;
  for (const v1::StationResultsRecorded& station : state.stations()) {
    for (int i = 0; i < station.ranking_size(); ++i) {
      if (SamePerson(station.ranking(i), person)) {
        places.emplace_back(station.station().id(), i + 1);
      }
    }
  }
  return places;
}

// R3.1: `person` neither qualified nor was invited; the refusal says where
// they placed, by the stations' ids and configured names.
absl::Status RefuseUnqualified(const TournamentState& state,
                               const v1::Section& section,
                               const v1::Person& person) {
  std::vector<std::string> standings;
  // "station\tplace" per station, by id and by its configured names.
  std::vector<std::string> by_id, by_zh, by_en;
  for (const auto& [station, place] : StationPlaces(state, person)) {
    standings.push_back(absl::StrCat("ranked ", place, " at ", station));
    v1::Label name;
    for (const v1::Station& configured : state.config().stations()) {
      if (configured.id() == station) name = configured.name();
    }
    by_id.push_back(absl::StrCat(station, "\t", place));
    by_zh.push_back(
        absl::StrCat(name.zh().empty() ? station : name.zh(), "\t", place));
    by_en.push_back(
        absl::StrCat(name.en().empty() ? station : name.en(), "\t", place));
  }
  return base::WithRefusal(
      absl::FailedPreconditionError(
          absl::StrCat("R3.1: section ", section.id(),
                       " needs a station qualification; ", Describe(person),
                       " is neither a qualifier nor an invited substitute (",
                       standings.empty() ? "played no recorded station"
                                         : absl::StrJoin(standings, ", "),
                       ")")),
      base::refusal::kNotQualified,
      {{"section", section.id()},
       {"name", person.name()},
       {"stations", absl::StrJoin(by_id, "\n")},
       {"stations_zh", absl::StrJoin(by_zh, "\n")},
       {"stations_en", absl::StrJoin(by_en, "\n")}});
}

// R3.1, R3.3: for a section that needs qualification, fills the qualifying
// station (and the replaced player of a substitute) of `registered`, or
// refuses.
absl::Status Qualify(const TournamentState& state, const v1::Section& section,
                     v1::PlayerRegistered& registered) {
  if (!section.eligibility().requires_qualification()) {
    return absl::OkStatus();
  }
  const v1::Person& person = registered.person();
  if (const StationPlace* place =
          state.qualification().QualificationOf(person)) {
    registered.set_qualifying_station_id(place->station_id);
    return absl::OkStatus();
  }
  if (const v1::SubstituteInvited* invited = state.FindInvitation(person)) {
    registered.set_qualifying_station_id(invited->station_id());
    registered.set_substitute_for_player_id(invited->replaces_player_id());
    return absl::OkStatus();
  }
  return RefuseUnqualified(state, section, person);
}

// A section takes at most its max_players (0: kMaxPlayersPerSection);
// withdrawn players keep their place, as their games stay in the section.
absl::Status CheckRoom(const TournamentState& state,
                       const v1::Section& section) {
  const int most =
      section.max_players() > 0 ? section.max_players() : kMaxPlayersPerSection;
  int entered = 0;
  for (const PlayerEntry& player : state.players()) {
    entered += player.registration.section_id() == section.id();
  }
  if (entered < most) return absl::OkStatus();
  return base::WithRefusal(
      absl::FailedPreconditionError(absl::StrCat(
          "section ", section.id(), " is full: ", entered,
          " players entered, the most it takes (",
          section.max_players() > 0 ? "its max_players"
                                    : "the pairing engine's tested size",
          ")")),
      base::refusal::kSectionFull,
      {{"section", section.id()}, {"entered", absl::StrCat(entered)}});
}

}  // namespace

absl::StatusOr<Events> DecideRegister(const TournamentState& state,
                                      const v1::RegisterPlayerRequest& command,
                                      const CommandContext& context) {
  QIWANG_RETURN_IF_ERROR(RequireTournament(state, command.tournament_id()));
  const v1::TournamentConfig& config = state.config();
  QIWANG_RETURN_IF_ERROR(ValidateEntry(config, command));
  QIWANG_RETURN_IF_ERROR(CheckDeadline(state, command, context));

  const v1::Section* section = nullptr;
  if (command.section_id().empty()) {
    absl::StatusOr<const v1::Section*> derived =
        DeriveSection(config, command.person());
    if (!derived.ok()) return derived.status();
    section = *derived;
  } else {
    section = FindSection(config, command.section_id());
  }
  QIWANG_RETURN_IF_ERROR(CheckEligibility(config, *section, command));
  QIWANG_RETURN_IF_ERROR(CheckRoom(state, *section));

  if (const PlayerEntry* existing = state.FindRegistered(command.person())) {
    return base::WithRefusal(
        absl::FailedPreconditionError(absl::StrCat(
            "R3.2: no double admission: ", Describe(command.person()),
            " is already registered as player ", existing->id(), " in ",
            existing->registration.section_id())),
        base::refusal::kAlreadyRegistered,
        {{"name", command.person().name()},
         {"player", absl::StrCat(existing->id())},
         {"section", existing->registration.section_id()}});
  }

  v1::Event event = EventWithReason(command.reason());
  v1::PlayerRegistered& registered = *event.mutable_player_registered();
  registered.set_player_id(static_cast<int64_t>(state.players().size()) + 1);
  *registered.mutable_person() = command.person();
  registered.set_section_id(section->id());
  registered.set_title(command.title());
  registered.set_residency(command.residency());
  registered.set_late_admission(command.late_admission());
  registered.set_insurance_confirmed(command.insurance_confirmed());
  registered.set_unit(command.unit());
  QIWANG_RETURN_IF_ERROR(Qualify(state, *section, registered));
  return Events{std::move(event)};
}

}  // namespace qiwang::rules::tournament
