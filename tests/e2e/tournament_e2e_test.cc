// The pre-event workflow of the 2016 Sichuan tournament (R1-R4) through the
// real qiwangd on a manual clock and the real qiwang CLI: create, record
// three stations, register 60 players, check in during the window, excuse
// one, leave some absent, close check-in, read the section lists.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "tests/e2e/e2e_fixture.h"
#include "tests/forms/ranking_files.h"
#include "tests/test_paths.h"

namespace qiwang::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Entrant {
  std::string name;
  std::string id_number;
  std::string birth_date;
  std::string gender;  // m or f
};

// Station `station` (0..2), rank `rank`: a mix of genders and age groups so
// that derived sections differ (R2.2, R2.3).
Entrant StationEntrant(int station, int rank) {
  const int year = rank % 5 == 0 ? 1950 : 1980;
  return {absl::StrCat("S", station, "-", rank),
          absl::StrFormat("5101%d%02d%04d0000", station, rank, year),
          absl::StrFormat("%d-03-%02d", year, rank), rank % 4 == 0 ? "f" : "m"};
}

class TournamentEndToEndTest : public EndToEndTest {
 protected:
  ProcessResult As(const std::string& token, std::vector<std::string> args) {
    args.push_back(std::string("--token=") + token);
    return Cli(std::move(args));
  }

  // Writes the CSV ranking of a station: `count` entrants, with an optional
  // entrant from another station placed at rank `shared_rank` (R3.2).
  std::string WriteRanking(int station, int count,
                           const Entrant* shared = nullptr,
                           int shared_rank = 0) {
    const std::string path =
        absl::StrCat(temp_dir_, "/station", station, ".csv");
    std::ofstream csv(path);
    csv << "rank,name,id_number,birth_date,gender\n";
    for (int rank = 1; rank <= count; ++rank) {
      const Entrant entrant = rank == shared_rank && shared != nullptr
                                  ? *shared
                                  : StationEntrant(station, rank);
      csv << rank << "," << entrant.name << "," << entrant.id_number << ","
          << entrant.birth_date << "," << entrant.gender << "\n";
    }
    return path;
  }

  // Writes the ranking of a station as its spreadsheet: an .xlsx with a
  // Chinese heading and birth dates as date cells, saved under a name that
  // does not say xlsx (the CLI knows it by its content).
  std::string WriteRankingWorkbook(int station, int count) {
    using Row = std::vector<forms::WorkbookCell>;
    std::vector<Row> rows = {Row{std::string("名次"), std::string("姓名"),
                                 std::string("身份证号"),
                                 std::string("出生日期"), std::string("性别")}};
    for (int rank = 1; rank <= count; ++rank) {
      const Entrant entrant = StationEntrant(station, rank);
      const std::vector<std::string> date =
          absl::StrSplit(entrant.birth_date, '-');
      forms::DateCell born{0, 0, 0, "yyyy-mm-dd"};
      EXPECT_TRUE(date.size() == 3 && absl::SimpleAtoi(date[0], &born.year) &&
                  absl::SimpleAtoi(date[1], &born.month) &&
                  absl::SimpleAtoi(date[2], &born.day));
      rows.push_back(Row{static_cast<double>(rank), entrant.name,
                         entrant.id_number, born, entrant.gender});
    }
    const std::string path =
        absl::StrCat(temp_dir_, "/station", station, ".ranking");
    std::ofstream(path, std::ios::binary) << forms::WorkbookBytes(rows);
    return path;
  }

  int64_t Register(const Entrant& entrant,
                   const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = {"player",
                                     "register",
                                     kTournament,
                                     "--name=" + entrant.name,
                                     "--id-number=" + entrant.id_number,
                                     "--birth-date=" + entrant.birth_date,
                                     "--gender=" + entrant.gender,
                                     "--insurance",
                                     "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const ProcessResult registered = As(kRegistrarToken, args);
    EXPECT_EQ(registered.exit_code, 0)
        << entrant.name << ": " << registered.err;
    if (registered.exit_code != 0) return 0;
    return FromJson<v1::RegisterPlayerResponse>(Lines(registered.out)[0])
        .player_id();
  }

  void SetClock(const std::string& time) {
    const ProcessResult set = Cli({"admin", "clock", "set", "--time=" + time});
    ASSERT_EQ(set.exit_code, 0) << set.err;
  }
};

TEST_F(TournamentEndToEndTest, PreEventWorkflowOfTheSichuan2016Event) {
  StartServer("manual:2016-04-16T09:00:00+08:00");
  // R1.1: the organiser creates the event from its configuration.
  const ProcessResult created =
      Cli({"tournament", "create", "--config=" + test_paths::Sichuan2016Json(),
           "--command-id=create-2016"});
  ASSERT_EQ(created.exit_code, 0) << created.err;
  EXPECT_THAT(created.out, HasSubstr("create-2016"));
  // R1.2: a registrar may not create one.
  const ProcessResult refused =
      As(kRegistrarToken,
         {"tournament", "create", "--config=" + test_paths::Sichuan2016Json()});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_THAT(refused.err,
              StartsWith("error: PERMISSION_DENIED: R1.2: CreateTournament "
                         "admits organiser; you are registrar"));

  // R3.1, R3.2: three city stations; Chengdu's winner also came second at
  // Mianyang, played later, so Mianyang's quota moves down one place.
  // Leshan sends an .xlsx.
  SetClock("2016-09-01T10:00:00+08:00");
  const Entrant chengdu_winner = StationEntrant(0, 1);
  const std::string stations[] = {"chengdu", "mianyang", "leshan"};
  const std::string dates[] = {"2016-05-14", "2016-06-12", "2016-07-09"};
  for (int s = 0; s < 3; ++s) {
    const std::string csv = s == 1   ? WriteRanking(s, 16, &chengdu_winner, 2)
                            : s == 2 ? WriteRankingWorkbook(s, 16)
                                     : WriteRanking(s, 16);
    const ProcessResult recorded =
        As(kRegistrarToken,
           {"station", "record", kTournament, "--station=" + stations[s],
            "--kind=city", "--date=" + dates[s], "--ranking=" + csv});
    ASSERT_EQ(recorded.exit_code, 0) << recorded.err;
  }
  const ProcessResult mianyang =
      Cli({"qualifiers", kTournament, "--station=mianyang", "--json"});
  ASSERT_EQ(mianyang.exit_code, 0) << mianyang.err;
  const auto qualifiers =
      FromJson<v1::ListQualifiersResponse>(Lines(mianyang.out)[0]);
  int counting = 0;
  for (const v1::Qualifier& qualifier : qualifiers.qualifiers()) {
    if (qualifier.station_rank() == 2) {
      EXPECT_EQ(qualifier.qualified_at_station_id(), "chengdu");
    } else {
      ++counting;
    }
  }
  EXPECT_EQ(counting, 12);

  // R2, R3: the 36 station qualifiers (sections derived) and 24
  // professionals (no qualifier needed, R2.1).
  std::map<std::string, std::vector<int64_t>> by_station;
  for (int s = 0; s < 3; ++s) {
    for (int rank = 1; rank <= 13; ++rank) {
      if (s == 1 && rank == 2) continue;
      if (s != 1 && rank == 13) continue;
      by_station[stations[s]].push_back(Register(StationEntrant(s, rank)));
    }
  }
  std::vector<int64_t> professionals;
  for (int i = 1; i <= 24; ++i) {
    professionals.push_back(Register(
        {absl::StrCat("Pro-", i), absl::StrFormat("51019701%02d0000", i),
         absl::StrFormat("1970-01-%02d", i), "m"},
        {"--section=professional", "--title=provincial-team-master"}));
  }
  const ProcessResult all = Cli({"players", "list", kTournament, "--json"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  const auto registered = FromJson<v1::ListPlayersResponse>(Lines(all.out)[0]);
  ASSERT_EQ(registered.players_size(), 60);
  std::set<std::string> sections;
  for (const v1::PlayerView& player : registered.players()) {
    sections.insert(player.section_id());
  }
  EXPECT_THAT(sections,
              ::testing::IsSupersetOf(
                  {"open-men", "open-women", "senior-men", "professional"}));

  // R4.2: the check-in window; the last of each station and one professional
  // stay away, one professional phones in (R4.3).
  SetClock("2016-10-13T14:30:00+08:00");
  std::set<int64_t> absent = {by_station["chengdu"].back(),
                              by_station["mianyang"].back(),
                              by_station["leshan"].back(), professionals[0]};
  const int64_t excused = professionals[1];
  for (const v1::PlayerView& player : registered.players()) {
    if (absent.contains(player.player_id()) || player.player_id() == excused) {
      continue;
    }
    const ProcessResult checked =
        As(kArbiterToken, {"checkin", "record", kTournament,
                           absl::StrCat("--player=", player.player_id()),
                           "--documents=identity,insurance"});
    ASSERT_EQ(checked.exit_code, 0) << checked.err;
  }
  ASSERT_EQ(As(kRegistrarToken, {"checkin", "excuse", kTournament,
                                 absl::StrCat("--player=", excused),
                                 "--note=phoned: train delayed"})
                .exit_code,
            0);
  // Time never runs backwards.
  const ProcessResult backwards =
      Cli({"admin", "clock", "set", "--time=2016-10-01T00:00:00+08:00"});
  EXPECT_EQ(backwards.exit_code, 1);
  EXPECT_THAT(backwards.err, StartsWith("error: FAILED_PRECONDITION: clock"));

  // R4.3, R3.3: the chief arbiter closes check-in after the window.
  SetClock("2016-10-13T18:30:00+08:00");
  EXPECT_EQ(As(kRegistrarToken, {"checkin", "close", kTournament}).exit_code,
            1);
  const ProcessResult closed =
      As(kChiefToken, {"checkin", "close", kTournament, "--json"});
  ASSERT_EQ(closed.exit_code, 0) << closed.err;
  const auto close = FromJson<v1::CloseCheckInResponse>(Lines(closed.out)[0]);
  EXPECT_THAT(std::set<int64_t>(close.withdrawn_player_ids().begin(),
                                close.withdrawn_player_ids().end()),
              ::testing::ContainerEq(absent));
  std::set<std::string> invited_from;
  for (const v1::SubstituteInvited& substitute : close.substitutes()) {
    invited_from.insert(substitute.station_id());
  }
  EXPECT_EQ(invited_from,
            (std::set<std::string>{"chengdu", "mianyang", "leshan"}));

  // The withdrawals name the responsible station (R4.3), in the log.
  const ProcessResult log =
      Cli({"log", "read", "--stream=sichuan-2016", "--json", "--limit=10000"});
  ASSERT_EQ(log.exit_code, 0) << log.err;
  std::map<int64_t, std::string> withdrawn_station;
  for (const std::string& line : Lines(log.out)) {
    const auto event = FromJson<v1::Event>(line);
    if (event.has_player_withdrawn()) {
      withdrawn_station[event.player_withdrawn().player_id()] =
          event.player_withdrawn().responsible_station_id();
      EXPECT_EQ(event.actor().user(), "chen");
    }
  }
  EXPECT_EQ(withdrawn_station[by_station["chengdu"].back()], "chengdu");
  EXPECT_EQ(withdrawn_station[by_station["mianyang"].back()], "mianyang");
  EXPECT_EQ(withdrawn_station[by_station["leshan"].back()], "leshan");

  // The section lists after check-in, as the public sees them.
  const ProcessResult open_men =
      As("", {"players", "list", kTournament, "--section=open-men", "--json"});
  ASSERT_EQ(open_men.exit_code, 0) << open_men.err;
  const auto section =
      FromJson<v1::ListPlayersResponse>(Lines(open_men.out)[0]);
  ASSERT_GT(section.players_size(), 0);
  for (const v1::PlayerView& player : section.players()) {
    EXPECT_EQ(player.section_id(), "open-men");
    EXPECT_TRUE(player.id_number().empty());
    EXPECT_EQ(player.status(), absent.contains(player.player_id())
                                   ? v1::PLAYER_STATUS_WITHDRAWN
                                   : v1::PLAYER_STATUS_CHECKED_IN);
  }
  const ProcessResult pros =
      Cli({"players", "list", kTournament, "--section=professional", "--json"});
  const auto pro_list = FromJson<v1::ListPlayersResponse>(Lines(pros.out)[0]);
  ASSERT_EQ(pro_list.players_size(), 24);
  EXPECT_EQ(pro_list.players(0).status(), v1::PLAYER_STATUS_WITHDRAWN);
  EXPECT_EQ(pro_list.players(1).status(), v1::PLAYER_STATUS_EXCUSED);
  EXPECT_FALSE(pro_list.players(1).id_number().empty());

  // A human table, in Chinese, for the desk.
  const ProcessResult status =
      As(kRegistrarToken, {"checkin", "status", kTournament, "--lang=zh"});
  ASSERT_EQ(status.exit_code, 0) << status.err;
  EXPECT_THAT(status.out, HasSubstr("报到已截止"));
}

// A retried command (same --command-id) is answered with the original
// result, not applied twice.
TEST_F(TournamentEndToEndTest, RetriedRegistrationIsAnsweredNotRepeated) {
  StartServer("manual:2016-09-01T10:00:00+08:00");
  ASSERT_EQ(
      Cli({"tournament", "create", "--config=" + test_paths::Sichuan2016Json()})
          .exit_code,
      0);
  const Entrant pro{"Pro", "510101197001010000", "1970-01-01", "m"};
  const std::vector<std::string> extra = {"--section=professional",
                                          "--title=provincial-team-master",
                                          "--command-id=reg-pro"};
  const int64_t first = Register(pro, extra);
  const int64_t again = Register(pro, extra);
  EXPECT_EQ(first, 1);
  EXPECT_EQ(again, 1);
  const ProcessResult list = Cli({"players", "list", kTournament, "--json"});
  EXPECT_EQ(
      FromJson<v1::ListPlayersResponse>(Lines(list.out)[0]).players_size(), 1);
  const ProcessResult missing = Cli({"players", "show", "7", kTournament});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, StartsWith("error: NOT_FOUND: "));
}

// N13.4: `player register --unit` logs the unit the player represents; a
// unit holding a control character is refused naming the field.
TEST_F(TournamentEndToEndTest, N13_4_RegisteredUnitIsLogged) {
  StartServer("manual:2016-09-01T10:00:00+08:00");
  ASSERT_EQ(
      Cli({"tournament", "create", "--config=" + test_paths::Sichuan2016Json()})
          .exit_code,
      0);
  const Entrant pro{"Pro", "510101197001010000", "1970-01-01", "m"};
  const std::vector<std::string> pro_flags = {"--section=professional",
                                              "--title=provincial-team-master"};
  // A newline inside the argument (as a script might pass it).
  const ProcessResult refused =
      As(kRegistrarToken,
         {"player", "register", kTournament, "--name=Pro",
          "--id-number=510101197001010000", "--birth-date=1970-01-01",
          "--gender=m", "--insurance", "--section=professional",
          "--title=provincial-team-master", "--unit=四川\n棋院"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_THAT(refused.err,
              HasSubstr("INVALID_ARGUMENT: unit: control character 0x0a"));

  std::vector<std::string> with_unit = pro_flags;
  with_unit.push_back("--unit=四川棋院");
  ASSERT_EQ(Register(pro, with_unit), 1);
  const ProcessResult log =
      Cli({"log", "read", "--stream=sichuan-2016", "--json"});
  ASSERT_EQ(log.exit_code, 0) << log.err;
  int registered = 0;
  for (const std::string& line : Lines(log.out)) {
    const v1::Event event = FromJson<v1::Event>(line);
    if (!event.has_player_registered()) continue;
    ++registered;
    EXPECT_EQ(event.player_registered().unit(), "四川棋院");
  }
  EXPECT_EQ(registered, 1);
}

// R1.2: qiwangd will not start on a token file others can read, nor on a
// malformed one, and says which line without echoing a token.
TEST_F(TournamentEndToEndTest, QiwangdRefusesAnUnsafeOrMalformedTokenFile) {
  const std::vector<std::string> qiwangd = {
      test_paths::kQiwangd, "--data_dir=" + temp_dir_ + "/log",
      "--listen=127.0.0.1:0", "--tokens=" + TokensFile()};
  std::filesystem::permissions(TokensFile(), std::filesystem::perms::group_read,
                               std::filesystem::perm_options::add);
  const ProcessResult readable = RunProcess(qiwangd, NeutralEnv());
  EXPECT_EQ(readable.exit_code, 1);
  EXPECT_THAT(readable.err, HasSubstr("chmod 600"));
  EXPECT_THAT(readable.err, ::testing::Not(HasSubstr(kOrganiserToken)));

  const size_t bad_line = Lines(ReadFile(TokensFile())).size() + 1;
  std::ofstream(TokensFile(), std::ios::app) << "lonely-secret olive\n";
  std::filesystem::permissions(TokensFile(), std::filesystem::perms::group_read,
                               std::filesystem::perm_options::remove);
  const ProcessResult malformed = RunProcess(qiwangd, NeutralEnv());
  EXPECT_EQ(malformed.exit_code, 1);
  EXPECT_THAT(malformed.err, HasSubstr(absl::StrCat("tokens:", bad_line)));
  EXPECT_THAT(malformed.err, ::testing::Not(HasSubstr("lonely-secret")));
}

// Issue 18: the master key file is a secret like the token file, and a
// data folder's keys are opened only with the master key they were written
// with; either refusal names the file.
TEST_F(TournamentEndToEndTest, QiwangdRefusesAnUnsafeOrWrongDataKeyFile) {
  const std::string key_file = temp_dir_ + "/data.key";
  const auto write_key = [&](char digit) {
    std::ofstream(key_file, std::ios::trunc) << std::string(64, digit) << "\n";
    std::filesystem::permissions(key_file,
                                 std::filesystem::perms::owner_read |
                                     std::filesystem::perms::owner_write);
  };
  const std::vector<std::string> qiwangd = {
      test_paths::kQiwangd, "--data_dir=" + temp_dir_ + "/log",
      "--tokens=" + TokensFile(), "--data_key_file=" + key_file};
  write_key('a');
  ASSERT_NE(StartProcess(qiwangd, 0, "port", ServerLog(), server_), 0);
  ASSERT_EQ(StopServer(), 0);
  // The keys live in the log's own database (its person_keys family), not
  // in a folder of their own.
  EXPECT_FALSE(std::filesystem::exists(temp_dir_ + "/log/keys"));

  std::vector<std::string> listening = qiwangd;
  listening.push_back("--listen=127.0.0.1:0");
  write_key('b');
  const ProcessResult wrong = RunProcess(listening, NeutralEnv());
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_THAT(wrong.err, HasSubstr(key_file));
  EXPECT_THAT(wrong.err, HasSubstr("not the master key"));
  EXPECT_THAT(wrong.err, ::testing::Not(HasSubstr("bbbbbbbb")));

  write_key('a');
  std::filesystem::permissions(key_file, std::filesystem::perms::group_read,
                               std::filesystem::perm_options::add);
  const ProcessResult readable = RunProcess(listening, NeutralEnv());
  EXPECT_EQ(readable.exit_code, 1);
  EXPECT_THAT(readable.err, HasSubstr(key_file));
  EXPECT_THAT(readable.err, HasSubstr("chmod 600"));
}

// Limits out of range are refused at start, naming the flag.
TEST_F(TournamentEndToEndTest, QiwangdRefusesLimitsOutOfRange) {
  for (const std::string flag :
       {"--max_message_bytes=100", "--max_watches_per_client=-1",
        "--max_import_events=0"}) {
    SCOPED_TRACE(flag);
    const ProcessResult refused =
        RunProcess({test_paths::kQiwangd, "--data_dir=" + temp_dir_ + "/log",
                    "--listen=127.0.0.1:0", "--tokens=" + TokensFile(), flag},
                   NeutralEnv());
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_THAT(refused.err, HasSubstr(flag.substr(0, flag.find('='))));
  }
}

}  // namespace
}  // namespace qiwang::e2e
