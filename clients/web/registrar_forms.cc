// The registrar page's two server-side forms: the section an entry would
// enter, asked as it is typed (R2.2), and a station's ranking file (R3).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "base/refusal_details.h"
#include "clients/forms/station_ranking.h"
#include "clients/web/official_fragments.h"
#include "clients/web/official_words.h"
#include "clients/web/pages.h"
#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/rules/tournament/eligibility.h"
#include "services/rules/tournament/text_input.h"
#include "words/refusal_words.h"

namespace qiwang::web {
namespace {

// The entry the registration form's fields describe, as the page's module
// sends them (their names are the request's JSON paths); nullopt while the
// birth date is still being typed (a year of four digits, a month, a day).
std::optional<v1::RegisterPlayerRequest> EntryOf(
    const OfficialRequest& request) {
  v1::RegisterPlayerRequest entry;
  v1::Person& person = *entry.mutable_person();
  int year = 0, month = 0, day = 0;
  if (!absl::SimpleAtoi(request.Param("person.birthDate.year"), &year) ||
      !absl::SimpleAtoi(request.Param("person.birthDate.month"), &month) ||
      !absl::SimpleAtoi(request.Param("person.birthDate.day"), &day) ||
      year < 1000) {
    return std::nullopt;
  }
  person.mutable_birth_date()->set_year(year);
  person.mutable_birth_date()->set_month(month);
  person.mutable_birth_date()->set_day(day);
  v1::Gender gender = v1::GENDER_UNSPECIFIED;
  v1::Gender_Parse(request.Param("person.gender"), &gender);
  person.set_gender(gender);
  v1::Title title = v1::TITLE_UNSPECIFIED;
  v1::Title_Parse(request.Param("title"), &title);
  entry.set_title(title);
  v1::Residency residency = v1::RESIDENCY_UNSPECIFIED;
  v1::Residency_Parse(request.Param("residency"), &residency);
  entry.set_residency(residency);
  entry.set_insurance_confirmed(!request.Param("insuranceConfirmed").empty());
  entry.set_section_id(request.Param("sectionId"));
  return entry;
}

// The section `entry` would enter, checked as the server's DecideRegister
// checks it: the one named, else the one its birth date and gender derive
// (R2.2); then its eligibility (R2.1, R2.2, R2.5).
absl::StatusOr<const v1::Section*> SectionOf(
    const v1::TournamentConfig& config,
    const v1::RegisterPlayerRequest& entry) {
  const v1::Section* section = nullptr;
  if (entry.section_id().empty()) {
    absl::StatusOr<const v1::Section*> derived =
        rules::tournament::DeriveSection(config, entry.person());
    if (!derived.ok()) return derived.status();
    section = *derived;
  } else {
    section = rules::tournament::FindSection(config, entry.section_id());
    if (section == nullptr) {
      return absl::NotFoundError(
          absl::StrCat("section '", entry.section_id(), "' is not configured"));
    }
  }
  absl::Status eligible =
      rules::tournament::CheckEligibility(config, *section, entry);
  if (!eligible.ok()) return eligible;
  return section;
}

// The upload's request: the station from the query, the ranking from the
// body by the CLI's rules; INVALID_ARGUMENT naming what is not right.
absl::StatusOr<v1::RecordStationResultsRequest> RankingToRecord(
    const OfficialRequest& request) {
  v1::RecordStationResultsRequest record;
  record.set_tournament_id(request.view.tournament_id);
  record.set_command_id(request.Param("commandId"));
  record.mutable_station()->set_id(request.Param("station"));
  if (record.station().id().empty()) {
    return rules::tournament::RequiredFieldError("station");
  }
  absl::StatusOr<v1::StationKind> kind =
      forms::ParseStationKind(request.Param("kind"), "kind");
  if (!kind.ok()) return kind.status();
  record.mutable_station()->set_kind(*kind);
  absl::StatusOr<v1::Date> date =
      forms::ParseDate(request.Param("date"), "date");
  if (!date.ok()) return date.status();
  *record.mutable_station()->mutable_date() = *date;
  const std::string file = request.Param("file");
  absl::StatusOr<std::vector<v1::Person>> ranking =
      forms::ReadStationRanking(request.body, file.empty() ? "ranking" : file);
  if (!ranking.ok()) return ranking.status();
  for (v1::Person& person : *ranking) {
    *record.add_ranking() = std::move(person);
  }
  return record;
}

}  // namespace

absl::StatusOr<std::string> RegistrantSectionFragment(
    const OfficialRequest& request) {
  const std::optional<v1::RegisterPlayerRequest> entry = EntryOf(request);
  if (!entry.has_value()) return std::string();
  Data data = OfficialData(request);
  absl::StatusOr<const v1::Section*> section =
      SectionOf(request.config, *entry);
  if (section.ok()) {
    data.set("section", LabelText((*section)->name(), request.view.lang));
  } else {
    data.set("refusal",
             words::RefusalText(section.status(), request.view.lang));
  }
  return RenderTemplate("registrant_section", data);
}

absl::StatusOr<std::string> StationRankingUpload(
    const OfficialRequest& request) {
  absl::StatusOr<v1::RecordStationResultsRequest> record =
      RankingToRecord(request);
  if (!record.ok()) {
    // What was not read names the field, or the file's line and column, in
    // the reader's words; the sentence before it is the page's.
    google::rpc::LocalizedMessage localized;
    localized.set_locale(std::string(words::LocaleOf(request.view.lang)));
    localized.set_message(absl::StrCat(
        OfficialWords(request.view.lang).get("ranking_unread")->string_value(),
        words::RefusalText(record.status(), request.view.lang)));
    return base::WithLocalizedMessage(record.status(), localized);
  }
  absl::StatusOr<v1::RecordStationResultsResponse> recorded =
      request.calls.RecordStationResults(request.authorization, *record);
  if (!recorded.ok()) return recorded.status();
  Data data = OfficialData(request);
  data.set("station", record->station().id());
  data.set("count", absl::StrCat(record->ranking_size()));
  return RenderTemplate("station_recorded", data);
}

}  // namespace qiwang::web
