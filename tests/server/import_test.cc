// Issue 26 §3: a TRF import lands whole and atomically however large the
// file a section can hold: 5,000 players x 11 rounds (37,514 events, over
// the 10,000 of any other command) through a real qiwangd over RocksDB in a
// temporary folder, then its standings read back; a file over
// --max_import_events is refused naming the flag, with nothing appended.
// Slow (label "slow"): the big import takes seconds.
#include <grpcpp/client_context.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "qiwang/v1/import_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/trf/trf_format.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

using ::testing::HasSubstr;

// A Swiss file of `players` (even) over `rounds` by the circle method (no
// rematch, no bye), 2/1/0: in round r the lower of a pair has red in odd
// rounds; (7 lower + 13 higher + r) mod 3 says red wins, draws or loses.
// `points[id]` receives each player's points, worked out here and not by
// the server.
std::string CircleTrf(int players, int rounds, std::vector<int>& points) {
  exports::TrfDocument document;
  document.version = exports::TrfVersion::kTrf2026;
  document.name = "Big Open - Men";
  document.time_control = "90'+30\"";
  document.rounds = rounds;
  document.point_system = {{'W', 20}, {'D', 10}, {'L', 0}, {'P', 20}};
  document.players.resize(players);
  points.assign(players + 1, 0);
  for (int i = 0; i < players; ++i) {
    exports::TrfPlayer& player = document.players[i];
    player.start_number = i + 1;
    player.sex = 'm';
    player.name = absl::StrCat("Player ", i + 1);
    player.birth_date = "1990";
    player.rounds.resize(rounds);
  }
  const int ring = players - 1;  // player `ring` (0-based) stays put
  for (int round = 0; round < rounds; ++round) {
    std::vector<std::pair<int, int>> pairs = {{round % ring, ring}};
    for (int k = 1; k <= (ring - 1) / 2; ++k) {
      pairs.push_back({(round + k) % ring, (round - k + ring) % ring});
    }
    for (auto [a, b] : pairs) {
      const int lower = std::min(a, b);
      const int higher = std::max(a, b);
      const int red = round % 2 == 0 ? lower : higher;
      const int black = red == lower ? higher : lower;
      const int outcome = (7 * lower + 13 * higher + round) % 3;
      const char red_result = "1=0"[outcome];
      const char black_result = "0=1"[outcome];
      document.players[red].rounds[round] = {black + 1, 'w', red_result};
      document.players[black].rounds[round] = {red + 1, 'b', black_result};
      points[red + 1] += outcome == 0 ? 2 : outcome == 1 ? 1 : 0;
      points[black + 1] += outcome == 2 ? 2 : outcome == 1 ? 1 : 0;
    }
  }
  for (int i = 0; i < players; ++i) {
    document.players[i].points_tenths = points[i + 1] * 10;
  }
  return exports::FormatTrf(document);
}

v1::ImportTrfRequest ImportRequest(const std::string& trf) {
  v1::ImportTrfRequest request;
  request.set_command_id("import-big");
  request.set_tournament_id("big-open");
  request.set_file_name("big.trf");
  request.set_trf(trf);
  return request;
}

// A call as the organiser with a deadline long enough for the big import.
std::unique_ptr<grpc::ClientContext> LongCall() {
  auto call = std::make_unique<grpc::ClientContext>();
  call->set_deadline(absl::ToChronoTime(absl::Now() + absl::Minutes(5)));
  call->AddMetadata("authorization", absl::StrCat("Bearer ", kOrganiserToken));
  return call;
}

class ImportTest : public ServerTest {};

TEST_F(ImportTest, Issue26_FiveThousandPlayersElevenRoundsImportWhole) {
  std::vector<int> points;
  const std::string trf = CircleTrf(5000, 11, points);
  auto imports = v1::ImportService::NewStub(channel_);
  v1::ImportTrfResponse imported;
  const absl::Time start = absl::Now();
  const grpc::Status status =
      imports->ImportTrf(LongCall().get(), ImportRequest(trf), &imported);
  const absl::Duration took = absl::Now() - start;
  ASSERT_TRUE(status.ok()) << status.error_message();
  std::printf("import of 5,000 players x 11 rounds (%zu bytes): %s\n",
              trf.size(), absl::FormatDuration(took).c_str());
  EXPECT_EQ(imported.players(), 5000);
  EXPECT_EQ(imported.rounds(), 11);
  // 1 creation, 5,000 registrations and check-ins, the close, the lots,
  // and per round its pairing and 2,500 results: one append.
  const uint64_t events = 1 + 5000 + 5000 + 1 + 1 + 11 * (1 + 2500);
  EXPECT_EQ(imported.result().first_position(), 1u);
  EXPECT_EQ(imported.result().last_position(), events);

  auto standings = v1::StandingsService::NewStub(channel_);
  v1::GetStandingsRequest request;
  request.set_tournament_id("big-open");
  request.set_ranking_id(imported.section_id());
  request.mutable_read()->set_min_position(events);
  v1::GetStandingsResponse table;
  const grpc::Status read =
      standings->GetStandings(LongCall().get(), request, &table);
  ASSERT_TRUE(read.ok()) << read.error_message();
  EXPECT_EQ(table.after_round(), 11);
  ASSERT_EQ(table.rows_size(), 5000);
  int wrong = 0;
  for (const v1::StandingRow& row : table.rows()) {
    if (row.score() != points[row.player_id()]) ++wrong;
    EXPECT_EQ(row.games_played(), 11) << row.player_id();
  }
  EXPECT_EQ(wrong, 0);
  // Ranked by points (R7.1): nobody below a player of fewer points.
  for (int i = 1; i < table.rows_size(); ++i) {
    EXPECT_LE(table.rows(i).score(), table.rows(i - 1).score()) << i;
  }
}

class SmallCeilingImportTest : public ServerTest {
 protected:
  ServerOptions Options() const override {
    ServerOptions options = ServerTest::Options();
    options.store_options.max_events_per_bulk_append = 1000;
    return options;
  }
};

// 300 players x 5 rounds make 1,358 events: over a ceiling of 1,000.
TEST_F(SmallCeilingImportTest, Issue26_OverTheCeilingIsRefusedNamingTheFlag) {
  std::vector<int> points;
  auto imports = v1::ImportService::NewStub(channel_);
  v1::ImportTrfResponse imported;
  const grpc::Status status = imports->ImportTrf(
      LongCall().get(), ImportRequest(CircleTrf(300, 5, points)), &imported);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              HasSubstr("the file makes 1358 events, more than one import "
                        "may append (qiwangd --max_import_events=1000)"));
  EXPECT_TRUE(ReadAll().empty());
  // Under the ceiling the same server imports whole.
  const grpc::Status small = imports->ImportTrf(
      LongCall().get(), ImportRequest(CircleTrf(100, 5, points)), &imported);
  ASSERT_TRUE(small.ok()) << small.error_message();
  EXPECT_EQ(imported.result().last_position(),
            1u + 100 + 100 + 1 + 1 + 5 * (1 + 50));
}

// Under a master key (issue 18) the server seals personal data in the log.
class SealedImportTest : public ServerTest {
 protected:
  ServerOptions Options() const override {
    ServerOptions options = ServerTest::Options();
    options.data_key = std::string(32, 'k');
    options.data_key_file = "test key";
    return options;
  }
};

// Issue 26 §3, issue 18: an imported full birth date is personal data like
// a registration's: sealed in the log, the year and the FIDE record in
// clear; the export, which reads sealed events, writes the year only and
// the rating, title and FIDE number as the file had them.
TEST_F(SealedImportTest, Issue26_ImportedBirthDatesAreSealed) {
  const std::string trf =
      "012 Test Open - Men\n"
      "122 90'+30\"\n"
      "142 1\n"
      "162  W 2.0    D 1.0    L 0.0    P 2.0\n"
      "001    1 m GM Wang, Tianyi                      2750 CHN     8603006 "
      "1989/06/27  2.0    1     2 w 1\n"
      "001    2 w    Tang, Dan                                     86000011 "
      "1990/05/17  0.0    2     1 b 0\n";
  auto imports = v1::ImportService::NewStub(channel_);
  v1::ImportTrfResponse imported;
  const grpc::Status status =
      imports->ImportTrf(LongCall().get(), ImportRequest(trf), &imported);
  ASSERT_TRUE(status.ok()) << status.error_message();
  int registered = 0;
  for (const v1::Event& event : ReadAll()) {
    if (!event.has_player_registered()) continue;
    ++registered;
    const v1::PlayerRegistered& player = event.player_registered();
    EXPECT_FALSE(player.person().has_birth_date()) << event.DebugString();
    EXPECT_FALSE(player.person().sealed().ciphertext().empty());
    EXPECT_TRUE(player.has_fide());
    if (player.player_id() == 1) {
      EXPECT_EQ(player.person().birth_year(), 1989);
      EXPECT_EQ(player.fide().rating(), 2750);
      EXPECT_EQ(player.fide().fide_id(), "8603006");
    }
  }
  EXPECT_EQ(registered, 2);

  auto exports = v1::ExportService::NewStub(channel_);
  v1::ExportTrfRequest request;
  request.set_tournament_id("big-open");
  request.set_section_id(imported.section_id());
  request.mutable_read()->set_min_position(imported.result().last_position());
  v1::ExportTrfResponse exported;
  const grpc::Status read =
      exports->ExportTrf(LongCall().get(), request, &exported);
  ASSERT_TRUE(read.ok()) << read.error_message();
  EXPECT_THAT(exported.trf(),
              HasSubstr("001    1 m GM Wang, Tianyi                      2750 "
                        "        8603006 1989      "));
}

}  // namespace
}  // namespace qiwang::server
