#include "tests/trf/simulated_trf.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "services/trf/trf_import.h"
#include "services/trf/trf_writer.h"

namespace qiwang::exports {

rules::sim::SimulationParams EventfulParams(uint64_t seed, int players,
                                            int rounds) {
  rules::sim::SimulationParams params;
  params.seed = seed;
  params.players = players;
  params.rounds = rounds;
  params.forfeit_ppm = 120000;
  params.double_forfeit_ppm = 40000;
  params.withdrawal_ppm = 40000;
  params.late_entry_ppm = 60000;
  return params;
}

TrfDocument SimulatedTrf(const rules::sim::SimulationParams& params) {
  absl::StatusOr<std::vector<rules::PlayerRecord>> records =
      rules::sim::SimulateSwiss(params);
  EXPECT_TRUE(records.ok()) << records.status();
  const rules::Scoring& scoring = params.config.scoring;
  TrfDocument document;
  document.version = TrfVersion::kTrf2026;
  document.name = absl::StrCat("Simulated ", params.seed, " - Open");
  document.type = "Swiss System";
  document.time_control = "40'+10\"";
  document.rounds = params.rounds;
  document.point_system = {{'W', scoring.win * 10},
                           {'D', scoring.draw * 10},
                           {'L', scoring.loss * 10},
                           {'P', scoring.bye * 10}};
  if (!records.ok()) return document;
  for (const rules::PlayerRecord& record : *records) {
    TrfPlayer player;
    player.start_number = static_cast<int>(record.id);
    player.sex = record.id % 2 == 0 ? 'w' : 'm';
    player.name = absl::StrCat("Player ", record.id);
    player.points_tenths = record.Score(scoring) * 10;
    for (const rules::RoundRecord& round : record.rounds) {
      TrfRound trf;
      trf.opponent = static_cast<int>(round.opponent);
      if (round.colour.has_value()) {
        trf.colour = *round.colour == rules::Colour::kRed ? 'w' : 'b';
      }
      trf.result = TrfResultCode(round.outcome);
      player.rounds.push_back(trf);
    }
    document.players.push_back(std::move(player));
  }
  return document;
}

v1::ImportTrfRequest ImportRequest(const std::string& trf) {
  v1::ImportTrfRequest request;
  request.set_command_id("import-1");
  request.set_tournament_id("imported");
  request.set_file_name("event.trf");
  request.set_trf(trf);
  return request;
}

absl::StatusOr<rules::tournament::Events> DecideImport(
    const v1::ImportTrfRequest& request) {
  return DecideTrfImport(rules::tournament::TournamentState(), request,
                         {absl::FromUnixSeconds(1'800'000'000),
                          rules::Role::kOrganiser, "organiser-1"});
}

rules::tournament::TournamentState FoldEvents(
    const rules::tournament::Events& events) {
  rules::tournament::TournamentState state;
  for (const v1::Event& event : events) {
    v1::Event stored = event;
    stored.set_stream_version(state.version() + 1);
    stored.set_position(state.position() + 1);
    const absl::Status applied = state.Apply(stored);
    EXPECT_TRUE(applied.ok()) << applied;
  }
  return state;
}

}  // namespace qiwang::exports
