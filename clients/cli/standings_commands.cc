#include "clients/cli/standings_commands.h"

#include <string>
#include <vector>

#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/play_tables.h"
#include "qiwang/v1/standings_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

std::unique_ptr<v1::StandingsService::Stub> StandingsStub(
    const CliContext& context) {
  return v1::StandingsService::NewStub(context.Connect());
}

int Standings(const CliContext& context, const ParsedFlags& flags) {
  v1::GetStandingsRequest request;
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> ranking = Required(flags, "ranking");
  if (!ranking.ok()) return context.UsageError(ranking.status());
  request.set_ranking_id(*ranking);
  absl::StatusOr<int64_t> after_round =
      IntFlag(flags, "after-round", 0, 1, 1000);
  if (!after_round.ok()) return context.UsageError(after_round.status());
  request.set_after_round(static_cast<int32_t>(*after_round));
  v1::GetStandingsResponse response;
  const grpc::Status status = StandingsStub(context)->GetStandings(
      context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response)
                     : StandingsText(response, context.lang));
  return kExitOk;
}

int Crosstable(const CliContext& context, const ParsedFlags& flags) {
  v1::GetCrosstableRequest request;
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> section = Required(flags, "section");
  if (!section.ok()) return context.UsageError(section.status());
  request.set_section_id(*section);
  v1::GetCrosstableResponse response;
  const grpc::Status status = StandingsStub(context)->GetCrosstable(
      context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response)
                     : CrosstableText(response, context.lang));
  return kExitOk;
}

int Prizes(const CliContext& context, const ParsedFlags& flags) {
  v1::GetPrizesRequest request;
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  v1::GetPrizesResponse response;
  const grpc::Status status = StandingsStub(context)->GetPrizes(
      context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response) : PrizesText(response, context.lang));
  return kExitOk;
}

}  // namespace

CommandGroup StandingsCommands() {
  return {
      "standings",
      "standings of a ranking category with every tie-break (R7)",
      {
          {"", "RANKING --tournament ID [--after-round N] [--at POSITION]",
           "Ranks a category (or a section's whole pool) now, after a round, "
           "or as of a log position (R7.5). Everyone.",
           WithReadFlags({TournamentFlag(),
                          {"ranking", "ID", "ranking category or section id"},
                          {"after-round", "N",
                           "count only rounds 1..N (default: every result)"}}),
           RpcOf<v1::StandingsService>("GetStandings"), Standings, "ranking"},
      },
  };
}

CommandGroup CrosstableCommands() {
  return {
      "crosstable",
      "a section's crosstable",
      {
          {"", "SECTION --tournament ID [--at POSITION]",
           "Every player by pairing number, round by round: opponent, colour, "
           "outcome. Everyone.",
           WithReadFlags({TournamentFlag(), {"section", "S", "section id"}}),
           RpcOf<v1::StandingsService>("GetCrosstable"), Crosstable, "section"},
      },
  };
}

CommandGroup PrizesCommands() {
  return {
      "prizes",
      "prize money, trophies, certificates, national-final places (R8)",
      {
          {"", "--tournament ID [--at POSITION]",
           "The prize list of every ranking category. Everyone.",
           WithReadFlags({TournamentFlag()}),
           RpcOf<v1::StandingsService>("GetPrizes"), Prizes},
      },
  };
}

}  // namespace qiwang::cli
