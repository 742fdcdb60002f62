// How long the audit reads take on a whole Swiss through a real qiwangd on
// 127.0.0.1 (log synced as in production): N open men (argument; 128 when
// none), 11 rounds, every
// result recorded and one corrected; then WhatIf without the correction,
// RulingHistory of a player, ListRulings and VerifyLog, each timed over
// repeated calls, against a baseline in the same run: standings as of the
// last position (one fold of the stream). Prints one "name=value" line a
// figure. Built, not run by
// ctest: `build/tests/audit/audit_bench [players]`.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "services/server/server.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::audit {
namespace {

using standings::NewCall;

constexpr int kRounds = 11;
constexpr int kCalls = 20;

// Aborts on a refused call: figures from a broken run are worthless.
void Check(const grpc::Status& status, const std::string& what) {
  if (status.ok()) return;
  fprintf(stderr, "%s: %s\n", what.c_str(), status.error_message().c_str());
  abort();
}

// Median milliseconds of `calls` runs of `call`.
double MedianMs(int calls, const std::function<void()>& call) {
  std::vector<double> ms;
  for (int i = 0; i < calls; ++i) {
    const absl::Time start = absl::Now();
    call();
    ms.push_back(absl::ToDoubleMilliseconds(absl::Now() - start));
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

int Main(int players) {
  std::string dir =
      (std::filesystem::temp_directory_path() / "qiwang-audit-XXXXXX").string();
  if (mkdtemp(dir.data()) == nullptr) abort();
  server::ServerOptions options;
  options.data_dir = dir + "/log";
  options.tokens = standings::RoleTokens();
  auto clock = std::make_shared<ledger::ManualClock>(
      rules::tournament::Beijing(2016, 9, 1, 10, 0));
  options.clock = clock;
  absl::StatusOr<std::unique_ptr<server::Server>> server =
      server::Server::Start(options);
  if (!server.ok()) abort();
  auto channel = grpc::CreateChannel((*server)->address(),
                                     grpc::InsecureChannelCredentials());
  standings::EnterOpenMen(channel, *clock, players);
  auto pairing = v1::PairingService::NewStub(channel);
  auto play = v1::PlayService::NewStub(channel);
  auto audit = v1::AuditService::NewStub(channel);

  int commands = 0;  // results recorded
  uint64_t last = 0;
  for (int round = 1; round <= kRounds; ++round) {
    v1::PairRoundRequest pair;
    pair.set_command_id(absl::StrCat("pair-", round));
    pair.set_tournament_id(standings::kTournamentId);
    pair.set_section_id("open-men");
    pair.set_round(round);
    pair.set_lots_seed(2016);
    v1::PairRoundResponse paired;
    Check(pairing->PairRound(NewCall(standings::kPairingOfficer).get(), pair,
                             &paired),
          "PairRound");
    const int boards = paired.rounds(0).boards_size();
    for (int board = 1; board <= boards; ++board) {
      v1::RecordResultRequest result;
      result.set_command_id(absl::StrCat("result-", ++commands));
      result.set_tournament_id(standings::kTournamentId);
      result.set_section_id("open-men");
      result.set_round(round);
      result.set_board(board);
      static constexpr v1::GameResult kResults[] = {v1::GAME_RESULT_RED_WIN,
                                                    v1::GAME_RESULT_DRAW,
                                                    v1::GAME_RESULT_BLACK_WIN};
      result.set_result(kResults[(round + board) % 3]);
      v1::RecordResultResponse recorded;
      Check(play->RecordResult(NewCall(standings::kArbiter).get(), result,
                               &recorded),
            "RecordResult");
      last = recorded.result().last_position();
    }
  }
  v1::CorrectResultRequest correct;
  correct.set_command_id("correct");
  correct.set_tournament_id(standings::kTournamentId);
  correct.set_section_id("open-men");
  correct.set_round(kRounds);
  correct.set_board(1);
  correct.set_result(v1::GAME_RESULT_DOUBLE_FORFEIT);
  correct.set_reason("neither player was at the board");
  v1::CorrectResultResponse corrected;
  Check(play->CorrectResult(NewCall(standings::kChief).get(), correct,
                            &corrected),
        "CorrectResult");
  last = corrected.result().last_position();

  v1::ListRulingsRequest corrections;
  corrections.set_tournament_id(standings::kTournamentId);
  corrections.set_kind(v1::RULING_KIND_CORRECTION);
  corrections.mutable_read()->set_min_position(last);
  v1::ListRulingsResponse listed;
  Check(audit->ListRulings(NewCall(standings::kChief).get(), corrections,
                           &listed),
        "ListRulings");
  const std::string ruling_id = listed.rulings(0).ruling_id();

  printf("players_asked=%d\nresults=%d\nevents=%llu\n", players, commands,
         static_cast<unsigned long long>(last));
  // Baseline: standings as of the last position, which folds the stream
  // from the log once (R7.5); WhatIf folds it again without the ruling.
  auto standings = v1::StandingsService::NewStub(channel);
  const double fold_ms = MedianMs(kCalls, [&] {
    v1::GetStandingsRequest request;
    request.set_tournament_id(standings::kTournamentId);
    request.set_ranking_id("open-men");
    request.mutable_read()->set_at_position(last);
    v1::GetStandingsResponse response;
    Check(standings->GetStandings(NewCall(standings::kChief).get(), request,
                                  &response),
          "GetStandings");
  });
  printf("standings_at_position_p50_ms=%.1f (baseline: one fold)\n", fold_ms);
  double what_if_ms = 0;
  printf("what_if_p50_ms=%.1f\n",
         what_if_ms = MedianMs(kCalls, [&] {
           v1::WhatIfRequest request;
           request.set_tournament_id(standings::kTournamentId);
           request.set_ruling_id(ruling_id);
           v1::WhatIfResponse response;
           Check(audit->WhatIf(NewCall(standings::kChief).get(), request,
                               &response),
                 "WhatIf");
         }));
  printf("what_if_over_baseline=%.2f\n", what_if_ms / fold_ms);
  printf("player_history_p50_ms=%.1f\n", MedianMs(kCalls, [&] {
           v1::RulingHistoryRequest request;
           request.set_tournament_id(standings::kTournamentId);
           request.set_player_id(1);
           v1::RulingHistoryResponse response;
           Check(audit->RulingHistory(NewCall(standings::kChief).get(), request,
                                      &response),
                 "RulingHistory");
         }));
  printf("list_rulings_p50_ms=%.1f\n", MedianMs(kCalls, [&] {
           v1::ListRulingsRequest request;
           request.set_tournament_id(standings::kTournamentId);
           v1::ListRulingsResponse response;
           Check(audit->ListRulings(NewCall(standings::kChief).get(), request,
                                    &response),
                 "ListRulings");
         }));
  printf("verify_log_p50_ms=%.1f\n", MedianMs(kCalls, [&] {
           v1::VerifyLogResponse response;
           Check(audit->VerifyLog(NewCall(standings::kOrganiser).get(),
                                  v1::VerifyLogRequest(), &response),
                 "VerifyLog");
           if (!response.ok()) abort();
         }));
  server->reset();
  std::filesystem::remove_all(dir);
  return 0;
}

}  // namespace
}  // namespace qiwang::audit

int main(int argc, char** argv) {
  return qiwang::audit::Main(argc > 1 ? atoi(argv[1]) : 128);
}
