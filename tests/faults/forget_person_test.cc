// Personal data the log can forget (issue 18), against the real qiwangd with
// --data_key_file: ID numbers in no file of the data folder yet readable by
// officials; ForgetPerson refused early and to other roles; after it, the
// person's private fields unreadable through every API and the key's bytes
// in no file, while the log, the public state and other players stay as they
// were; SIGKILL during forgetting leaves it done or not done, never half.
#include <sys/stat.h>

#include <fstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/time/civil_time.h"
#include "absl/time/clock.h"
#include "base/timestamp.h"
#include "crypto/master_key_file.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "store/event_log.h"
#include "store/person_key_store.h"
#include "tests/faults/faults_fixture.h"
#include "tests/faults/forget_attack.h"
#include "tests/http/http_client.h"
#include "tests/store/log_test_support.h"

namespace qiwang::faults {
namespace {

using ::testing::HasSubstr;

constexpr int kForgettablePlayers = 3;
// The first day ForgetPerson is allowed: 180 days after the last round's
// start (2016-10-16, Asia/Shanghai).
constexpr char kRetentionEnds[] = "2017-04-14";

constexpr char kAreaCode[] = "510104";  // Chengdu, Jinjiang district

// The ID number of FaultsTest::Person(index): their area code and birth date.
std::string PlayerIdNumber(int index) {
  return ChineseIdNumber(kAreaCode, absl::CivilDay(1960, 1, 1) + 7 * index,
                         100 + index);
}

bool AnyFileContains(const std::string& dir, const std::string& bytes) {
  return store::testing::FilesContaining(dir, bytes) > 0;
}

class ForgetPersonTest : public FaultsTest {
 protected:
  void SetUp() override {
    FaultsTest::SetUp();
    const std::string key_file = temp_dir_ + "/data.key";
    std::ofstream(key_file) << std::string(64, 'a') << "\n";
    ::chmod(key_file.c_str(), 0600);
    ledger_flags_ = {"--data_key_file=" + key_file, "--http_listen=127.0.0.1:0",
                     "--http_port_file=" + temp_dir_ + "/http-port"};
  }

  // GetPlayer through the HTTP front's Connect protocol (JSON), with curl.
  std::string PlayerOverHttp(int64_t player_id, const std::string& token) {
    const std::string port = e2e::ReadFile(temp_dir_ + "/http-port");
    const http::CurlAnswer answer = http::Curl(
        absl::StrCat("http://127.0.0.1:", absl::StripAsciiWhitespace(port),
                     "/qiwang.v1.TournamentService/GetPlayer"),
        {"-H", "Content-Type: application/json", "-H",
         "Authorization: Bearer " + token, "--data",
         absl::StrCat(R"({"tournamentId":")", kTournamentId, R"(","playerId":)",
                      player_id, "}")});
    EXPECT_EQ(answer.status, 200) << answer.body;
    return answer.body;
  }

  std::string DataDir() const { return temp_dir_ + "/log"; }

  // Creates the event and registers kForgettablePlayers players with ID
  // numbers.
  void RegisterPlayers() {
    CreateEvent(kForgettablePlayers);
    auto stub = v1::TournamentService::NewStub(NewChannel());
    for (int i = 0; i < kForgettablePlayers; ++i) {
      v1::RegisterPlayerRequest request =
          Registration(i, absl::StrCat("register-", i));
      request.mutable_person()->set_id_number(PlayerIdNumber(i));
      v1::RegisterPlayerResponse response;
      const grpc::Status status =
          stub->RegisterPlayer(Call(kRegistrarToken).get(), request, &response);
      ASSERT_TRUE(status.ok()) << status.error_message();
      section_ = response.section_id();
    }
  }

  v1::PlayerView Player(int64_t player_id, const std::string& token) {
    v1::GetPlayerRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_player_id(player_id);
    v1::GetPlayerResponse response;
    const grpc::Status status = v1::TournamentService::NewStub(NewChannel())
                                    ->GetPlayer(Call(token, absl::Seconds(30),
                                                     /*wait_for_ready=*/true)
                                                    .get(),
                                                request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.player();
  }

  v1::ListPlayersResponse PublicPlayers() {
    v1::ListPlayersRequest request;
    request.set_tournament_id(kTournamentId);
    v1::ListPlayersResponse response;
    const grpc::Status status =
        v1::TournamentService::NewStub(NewChannel())
            ->ListPlayers(Call("").get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }

  grpc::Status Forget(int64_t player_id, const std::string& token,
                      const std::string& command_id,
                      bool wait_for_ready = false) {
    v1::ForgetPersonRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournamentId);
    request.set_player_id(player_id);
    request.set_reason("retention period over (PIPL art. 19)");
    v1::ForgetPersonResponse response;
    return v1::TournamentService::NewStub(NewChannel())
        ->ForgetPerson(Call(token, absl::Seconds(30), wait_for_ready).get(),
                       request, &response);
  }

  void SetClock(const std::string& rfc3339) {
    absl::Time time;
    std::string error;
    ASSERT_TRUE(absl::ParseTime(absl::RFC3339_full, rfc3339, &time, &error))
        << error;
    v1::SetClockRequest request;
    *request.mutable_time() = base::ToTimestamp(time);
    v1::SetClockResponse response;
    const grpc::Status status =
        v1::AdminService::NewStub(NewChannel())
            ->SetClock(Call(kOrganiserToken).get(), request, &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
  }

  // The wrapped data key of `player_id`, read from the stopped server's data
  // folder (the server is started again on its port).
  std::string WrappedKeyOf(int64_t player_id) {
    std::string key_id;
    for (const v1::Event& event : ReadLog()) {
      if (event.has_player_registered() &&
          event.player_registered().player_id() == player_id) {
        key_id = event.player_registered().person().sealed().key_id();
      }
    }
    EXPECT_FALSE(key_id.empty());
    EXPECT_EQ(StopServer(), 0);
    std::string wrapped;
    {
      absl::StatusOr<std::unique_ptr<store::EventLog>> log =
          store::EventLog::Open(DataDir());
      EXPECT_TRUE(log.ok()) << log.status();
      auto keys = store::PersonKeyStore::InLog(**log);
      auto value =
          (*keys)->Get(absl::StrCat("person-key/", kTournamentId, "/", key_id));
      EXPECT_TRUE(value.ok() && value->has_value());
      if (value.ok() && value->has_value()) wrapped = **value;
    }
    Start(port_);
    return wrapped;
  }

  // The TRF export of the players' section, as an official asks for it.
  std::string Trf() {
    v1::ExportTrfRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_section_id(section_);
    v1::ExportTrfResponse response;
    const grpc::Status status =
        v1::ExportService::NewStub(NewChannel())
            ->ExportTrf(Call(kOrganiserToken).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.trf();
  }

  std::string section_;
};

TEST_F(ForgetPersonTest, IdNumbersAreInNoFileOfTheDataFolderYetOfficialsRead) {
  // Plain files: a number cannot hide from the scan by being compressed.
  ledger_flags_.push_back("--nolog_compression");
  Start();
  RegisterPlayers();
  for (int restart = 0; restart < 2; ++restart) {
    for (int i = 0; i < kForgettablePlayers; ++i) {
      EXPECT_FALSE(AnyFileContains(DataDir(), PlayerIdNumber(i)))
          << PlayerIdNumber(i);
      EXPECT_EQ(Player(i + 1, kRegistrarToken).id_number(), PlayerIdNumber(i));
      EXPECT_EQ(Player(i + 1, "").id_number(), "");
    }
    EXPECT_EQ(Player(1, kChiefToken).birth_date().year(), 1960);
    EXPECT_EQ(Player(1, "").birth_year(), 1960);
    // Again after a restart, with the log's memtables flushed to tables.
    EXPECT_EQ(StopServer(), 0);
    Start(port_);
  }
  for (const v1::Event& event : ReadLog()) {
    EXPECT_THAT(event.SerializeAsString(),
                ::testing::Not(HasSubstr(PlayerIdNumber(0))));
  }
}

// The scan above is not vacuous: without a data key the same folder shows
// the numbers.
TEST_F(ForgetPersonTest, WithoutADataKeyTheSameScanFindsTheNumbers) {
  ledger_flags_ = {"--nolog_compression"};
  Start();
  RegisterPlayers();
  EXPECT_TRUE(AnyFileContains(DataDir(), PlayerIdNumber(0)));
}

TEST_F(ForgetPersonTest, ForgettingHidesOnePersonEverywhereAndChangesNoResult) {
  Start();
  RegisterPlayers();
  SetClock("2017-04-13T23:00:00+08:00");
  const grpc::Status early = Forget(1, kOrganiserToken, "forget-early");
  EXPECT_EQ(early.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(early.error_message(), HasSubstr(kRetentionEnds));
  SetClock("2017-04-14T09:00:00+08:00");
  EXPECT_EQ(Forget(1, kChiefToken, "forget-by-chief").error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Forget(1, kRegistrarToken, "forget-by-registrar").error_code(),
            grpc::StatusCode::PERMISSION_DENIED);

  const std::string wrapped = WrappedKeyOf(1);
  SetClock("2017-04-14T09:00:00+08:00");  // the manual clock restarts too
  ASSERT_FALSE(wrapped.empty());
  ASSERT_TRUE(AnyFileContains(DataDir(), wrapped)) << "vacuous key scan";
  const std::vector<v1::Event> before = ReadLog();
  const v1::ListPlayersResponse public_before = PublicPlayers();
  const std::string trf_before = Trf();

  const grpc::Status forgot = Forget(1, kOrganiserToken, "forget-1");
  ASSERT_TRUE(forgot.ok()) << forgot.error_message();

  // The person: no private field for any role, and who forgot them.
  for (const std::string& token :
       {std::string(kOrganiserToken), std::string(kRegistrarToken),
        std::string(kChiefToken), std::string()}) {
    const v1::PlayerView forgotten = Player(1, token);
    EXPECT_EQ(forgotten.id_number(), "");
    EXPECT_FALSE(forgotten.has_birth_date());
    EXPECT_EQ(forgotten.forgotten().user(), "olive");
    EXPECT_THAT(forgotten.forgotten().reason(), HasSubstr("retention"));
    EXPECT_EQ(forgotten.birth_year(), 1960);
    EXPECT_EQ(forgotten.name(), "Player 0");
  }
  EXPECT_FALSE(AnyFileContains(DataDir(), wrapped));
  const std::string over_http = PlayerOverHttp(1, kRegistrarToken);
  EXPECT_THAT(over_http, HasSubstr("forgotten"));
  EXPECT_THAT(over_http, ::testing::Not(HasSubstr(PlayerIdNumber(0))));
  EXPECT_THAT(PlayerOverHttp(2, kRegistrarToken), HasSubstr(PlayerIdNumber(1)));
  // Others untouched.
  EXPECT_EQ(Player(2, kRegistrarToken).id_number(), PlayerIdNumber(1));
  EXPECT_FALSE(Player(2, kRegistrarToken).has_forgotten());

  // The log: the same records, byte for byte, and one event more.
  const std::vector<v1::Event> after = ReadLog();
  ASSERT_EQ(after.size(), before.size() + 1);
  for (size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(after[i].SerializeAsString(), before[i].SerializeAsString())
        << "position " << i + 1;
  }
  EXPECT_EQ(after.back().person_forgotten().player_id(), 1);
  v1::VerifyLogResponse verified;
  ASSERT_TRUE(v1::AuditService::NewStub(NewChannel())
                  ->VerifyLog(Call(kOrganiserToken).get(),
                              v1::VerifyLogRequest(), &verified)
                  .ok());
  EXPECT_TRUE(verified.ok());
  EXPECT_EQ(verified.last_position(), after.back().position());

  // The public state: as before but the mark that says who forgot.
  v1::ListPlayersResponse public_after = PublicPlayers();
  ASSERT_EQ(public_after.players_size(), public_before.players_size());
  public_after.mutable_players(0)->clear_forgotten();
  for (int i = 0; i < public_after.players_size(); ++i) {
    EXPECT_EQ(public_after.players(i).SerializeAsString(),
              public_before.players(i).SerializeAsString());
  }
  // Fold determinism: the log folded without any key gives the same public
  // views as the ledger, which holds the keys.
  const v1::ListPlayersResponse folded =
      Fold(after).ListPlayers("", /*official=*/false);
  const v1::ListPlayersResponse served = PublicPlayers();
  ASSERT_EQ(folded.players_size(), served.players_size());
  for (int i = 0; i < served.players_size(); ++i) {
    EXPECT_EQ(folded.players(i).SerializeAsString(),
              served.players(i).SerializeAsString());
  }

  // Exports and the log's own API show no private field of the person.
  EXPECT_EQ(Trf(), trf_before);
  v1::ExportSpreadsheetRequest sheet;
  sheet.set_tournament_id(kTournamentId);
  sheet.set_section_id(section_);
  v1::ExportSpreadsheetResponse sheet_file;
  ASSERT_TRUE(
      v1::ExportService::NewStub(NewChannel())
          ->ExportSpreadsheet(Call(kOrganiserToken).get(), sheet, &sheet_file)
          .ok());
  EXPECT_THAT(sheet_file.xlsx(), ::testing::Not(HasSubstr(PlayerIdNumber(0))));
  for (const v1::Event& event : after) {
    EXPECT_THAT(event.SerializeAsString(),
                ::testing::Not(HasSubstr(PlayerIdNumber(0))));
  }

  // Forgetting twice is refused, and survives a restart.
  EXPECT_EQ(StopServer(), 0);
  Start(port_);
  SetClock("2017-04-14T09:00:00+08:00");
  EXPECT_EQ(Player(1, kRegistrarToken).id_number(), "");
  EXPECT_EQ(Player(2, kRegistrarToken).id_number(), PlayerIdNumber(1));
  EXPECT_EQ(Forget(1, kOrganiserToken, "forget-1-again").error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
}

// Issue 24: forgetting cannot be undone with the master key. The attack of
// forget_attack.h (every birth date of the year in clear, every ID number of
// the area code and those dates, under every key the master key gives,
// against the whole data folder) finds the player before forgetting, so it is
// real, and nothing of them afterwards, while it still finds another player.
TEST_F(ForgetPersonTest, AfterForgettingNoCandidateLeadsBackWithTheMasterKey) {
  Start();
  RegisterPlayers();
  SetClock("2017-04-14T09:00:00+08:00");
  const absl::StatusOr<std::string> master_key =
      crypto::LoadMasterKeyFile(temp_dir_ + "/data.key");
  ASSERT_TRUE(master_key.ok()) << master_key.status();
  auto attack = [&](int index) {
    EXPECT_EQ(StopServer(), 0);
    const absl::StatusOr<Recovered> found =
        RecoverPerson(DataDir(), *master_key, Person(index).name(),
                      Person(index).birth_date().year(), kAreaCode);
    EXPECT_TRUE(found.ok()) << found.status();
    Start(port_);
    SetClock("2017-04-14T09:00:00+08:00");
    return found.value_or(Recovered());
  };
  const Recovered before = attack(0);
  EXPECT_THAT(before.id_numbers, ::testing::ElementsAre(PlayerIdNumber(0)));
  EXPECT_THAT(before.birth_dates, ::testing::ElementsAre("1960-01-01"));

  const grpc::Status forgot =
      Forget(1, kOrganiserToken, "forget-1", /*wait_for_ready=*/true);
  ASSERT_TRUE(forgot.ok()) << forgot.error_message();

  const Recovered after = attack(0);
  EXPECT_THAT(after.id_numbers, ::testing::IsEmpty());
  EXPECT_THAT(after.birth_dates, ::testing::IsEmpty());
  EXPECT_THAT(attack(1).id_numbers, ::testing::ElementsAre(PlayerIdNumber(1)));
}

// SIGKILL while ForgetPerson runs, at several moments: afterwards the
// player is either forgotten (the event in the log, no private field
// readable) or not at all (no event, the ID number readable), never one
// without the other.
TEST_F(ForgetPersonTest, SigkillDuringForgettingLeavesItWholeOrUndone) {
  Start();
  RegisterPlayers();
  SetClock("2017-05-01T09:00:00+08:00");
  int forgotten_count = 0;
  for (int player = 1; player <= kForgettablePlayers; ++player) {
    std::thread forget([&] {
      (void)Forget(player, kOrganiserToken, absl::StrCat("forget-", player));
    });
    // Where the kill lands: before, during or after the key's destruction.
    absl::SleepFor(absl::Milliseconds(3 * player));
    KillServer();
    forget.join();
    Start(port_);
    SetClock("2017-05-01T09:00:00+08:00");
    bool logged = false;
    for (const v1::Event& event : ReadLog()) {
      logged = logged || (event.has_person_forgotten() &&
                          event.person_forgotten().player_id() == player);
    }
    const v1::PlayerView seen = Player(player, kRegistrarToken);
    if (logged) {
      ++forgotten_count;
      EXPECT_TRUE(seen.has_forgotten());
      EXPECT_EQ(seen.id_number(), "");
    } else {
      EXPECT_FALSE(seen.has_forgotten());
      EXPECT_EQ(seen.id_number(), PlayerIdNumber(player - 1));
    }
  }
  // Whatever the kills hit, forgetting can be completed afterwards.
  for (int player = 1; player <= kForgettablePlayers; ++player) {
    const grpc::Status status =
        Forget(player, kOrganiserToken, absl::StrCat("forget-", player));
    EXPECT_TRUE(status.ok()) << status.error_message();
    EXPECT_EQ(Player(player, kRegistrarToken).id_number(), "");
  }
  RecordProperty("forgotten_before_the_kill", forgotten_count);
}

}  // namespace
}  // namespace qiwang::faults
