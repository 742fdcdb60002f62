#include "tests/rules/tournament/pre_event_fixture.h"

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/time_util.h"
#include "tests/test_paths.h"

namespace qiwang::rules::tournament {

v1::TournamentConfig ConfigFromJsonFile(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  v1::TournamentConfig config;
  const auto status =
      google::protobuf::util::JsonStringToMessage(text.str(), &config);
  EXPECT_TRUE(status.ok()) << path << ": " << status;
  return config;
}

v1::TournamentConfig Sichuan2016() {
  return ConfigFromJsonFile(test_paths::Sichuan2016Json());
}

absl::Time Beijing(int year, int month, int day, int hour, int minute,
                   int second) {
  absl::TimeZone zone;
  EXPECT_TRUE(absl::LoadTimeZone("Asia/Shanghai", &zone));
  return absl::FromCivil(
      absl::CivilSecond(year, month, day, hour, minute, second), zone);
}

v1::Person MakePerson(const std::string& name, int year, int month, int day,
                      v1::Gender gender, const std::string& id_number) {
  v1::Person person;
  person.set_name(name);
  person.mutable_birth_date()->set_year(year);
  person.mutable_birth_date()->set_month(month);
  person.mutable_birth_date()->set_day(day);
  person.set_gender(gender);
  person.set_id_number(id_number);
  return person;
}

std::vector<v1::Person> Ranking(const std::string& prefix, int count) {
  std::vector<v1::Person> ranking;
  for (int i = 1; i <= count; ++i) {
    ranking.push_back(
        MakePerson(absl::StrCat(prefix, " ", i), 1980, 1, i, v1::GENDER_MALE));
  }
  return ranking;
}

void PreEventTest::SetUp() {
  v1::CreateTournamentRequest create;
  create.set_command_id("create");
  *create.mutable_config() = Sichuan2016();
  ASSERT_TRUE(
      Run(&DecideCreate, create, Beijing(2016, 4, 16, 9, 0), Role::kOrganiser)
          .ok());
}

void PreEventTest::Commit(const Events& events, absl::Time now) {
  for (v1::Event event : events) {
    event.set_position(log_.size() + 1);
    event.set_stream(kTournament);
    event.set_stream_version(state_.version() + 1);
    *event.mutable_server_time() =
        google::protobuf::util::TimeUtil::SecondsToTimestamp(
            absl::ToUnixSeconds(now));
    ASSERT_TRUE(state_.Apply(event).ok()) << event.DebugString();
    log_.push_back(std::move(event));
  }
}

v1::RegisterPlayerRequest PreEventTest::Entry(
    const v1::Person& person, const std::string& section_id) const {
  v1::RegisterPlayerRequest request;
  request.set_tournament_id(kTournament);
  *request.mutable_person() = person;
  request.set_section_id(section_id);
  request.set_title(v1::TITLE_NONE);
  request.set_residency(v1::RESIDENCY_NATIVE);
  request.set_insurance_confirmed(true);
  return request;
}

absl::StatusOr<int64_t> PreEventTest::Register(
    const v1::RegisterPlayerRequest& request, absl::Time now, Role role) {
  absl::StatusOr<Events> events = Run(&DecideRegister, request, now, role);
  if (!events.ok()) return events.status();
  return events->front().player_registered().player_id();
}

absl::Status PreEventTest::RecordStation(
    const std::string& id, v1::StationKind kind, int year, int month, int day,
    const std::vector<v1::Person>& ranking) {
  v1::RecordStationResultsRequest request;
  request.set_tournament_id(kTournament);
  request.mutable_station()->set_id(id);
  request.mutable_station()->set_kind(kind);
  request.mutable_station()->mutable_date()->set_year(year);
  request.mutable_station()->mutable_date()->set_month(month);
  request.mutable_station()->mutable_date()->set_day(day);
  for (const v1::Person& person : ranking) *request.add_ranking() = person;
  return Run(&DecideStationResults, request, Beijing(year, month, day, 20, 0))
      .status();
}

void PreEventTest::AmendSection(
    const std::string& section_id,
    const std::function<void(v1::Section&)>& change) {
  v1::AmendTournamentRequest amend;
  amend.set_tournament_id(kTournament);
  amend.set_reason("test configuration");
  *amend.mutable_config() = state_.config();
  for (v1::Section& section : *amend.mutable_config()->mutable_sections()) {
    if (section.id() == section_id) change(section);
  }
  ASSERT_TRUE(
      Run(&DecideAmend, amend, kBeforeDeadline(), Role::kOrganiser).ok());
}

absl::StatusOr<Events> PreEventTest::CheckIn(
    int64_t player_id, std::vector<v1::CheckInDocument> documents,
    absl::Time now) {
  v1::CheckInPlayerRequest request;
  request.set_tournament_id(kTournament);
  request.set_player_id(player_id);
  for (v1::CheckInDocument document : documents)
    request.add_documents(document);
  return Run(&DecideCheckIn, request, now);
}

absl::StatusOr<Events> PreEventTest::CheckInWithUsualDocuments(
    int64_t player_id) {
  return CheckIn(player_id, {v1::CHECK_IN_DOCUMENT_IDENTITY_COPY,
                             v1::CHECK_IN_DOCUMENT_INSURANCE});
}

absl::StatusOr<Events> PreEventTest::CloseCheckIn(absl::Time now, Role role) {
  v1::CloseCheckInRequest request;
  request.set_tournament_id(kTournament);
  request.set_reason("window over");
  return Run(&DecideCloseCheckIn, request, now, role);
}

}  // namespace qiwang::rules::tournament
