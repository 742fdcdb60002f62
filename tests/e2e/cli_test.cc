// The CLI's building blocks, where the end-to-end test cannot pin every case:
// terminal widths of mixed Chinese/Latin text, table alignment, flag parsing,
// routing calls to the processes of a split qiwangd.
#include "clients/cli/cli.h"

#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "clients/cli/cli_context.h"
#include "clients/cli/display_width.h"
#include "clients/cli/flag_parser.h"
#include "clients/cli/play_values.h"
#include "clients/cli/player_commands.h"
#include "clients/cli/round_commands.h"
#include "clients/cli/rpc_of.h"
#include "clients/cli/table.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "services/api/service_parts.h"

namespace qiwang::cli {
namespace {

using ::testing::ElementsAre;

TEST(DisplayWidthTest, CountsChineseAsTwoColumnsAndLatinAsOne) {
  EXPECT_EQ(DisplayWidth(""), 0u);
  EXPECT_EQ(DisplayWidth("abc"), 3u);
  EXPECT_EQ(DisplayWidth("棋王"), 4u);
  EXPECT_EQ(DisplayWidth("R6.3 不得重复对局"), 5u + 12u);
  EXPECT_EQ(DisplayWidth("（全角）"), 8u);   // full-width parentheses
  EXPECT_EQ(DisplayWidth("e\xCC\x81"), 1u);  // e + combining acute accent
  EXPECT_EQ(DisplayWidth("\xFF"), 1u);       // an invalid byte
}

TEST(TableTest, PadsByDisplayWidthSoColumnsLineUp) {
  Table table({"名次", "name", "score"});
  table.AddRow({"1", "王天一", "18"});
  table.AddRow({"10", "Li", "7"});
  EXPECT_EQ(table.Render(),
            "名次  name    score\n"
            "1     王天一  18\n"
            "10    Li      7\n");
}

TEST(TableTest, MissingCellsAreBlankAndTrailingBlanksTrimmed) {
  Table table({"a", "b"});
  table.AddRow({"long cell"});
  EXPECT_EQ(table.Render(), "a          b\nlong cell\n");
}

const std::vector<FlagSpec>& Specs() {
  static const std::vector<FlagSpec> specs = {
      {"stream", "S", "stream"},
      {"note", "TEXT", "note", /*repeated=*/true},
      {"json", "", "json"},
  };
  return specs;
}

TEST(FlagParserTest, AcceptsBothValueFormsRepeatsAndSwitches) {
  absl::StatusOr<ParsedFlags> flags = ParseFlags(
      Specs(), {"--stream=t", "--note", "one", "--note=two", "--json"});
  ASSERT_TRUE(flags.ok()) << flags.status();
  EXPECT_EQ(flags->Get("stream", ""), "t");
  EXPECT_THAT(flags->All("note"), ElementsAre("one", "two"));
  EXPECT_TRUE(flags->Has("json"));
  EXPECT_EQ(flags->Get("missing", "fallback"), "fallback");
}

TEST(FlagParserTest, RefusesMalformedCommandLinesNamingTheFlag) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--colour=red"}, "--colour"},
      {{"--stream"}, "--stream"},
      {{"--stream=a", "--stream=b"}, "--stream"},
      {{"--json=yes"}, "--json"},
      {{"stray"}, "stray"},
  };
  for (const auto& [args, named] : cases) {
    absl::StatusOr<ParsedFlags> flags = ParseFlags(Specs(), args);
    EXPECT_EQ(flags.status().code(), absl::StatusCode::kInvalidArgument)
        << named;
    EXPECT_TRUE(absl::StrContains(flags.status().message(), named))
        << flags.status();
  }
}

// Sets (or, given nullopt, unsets) an environment variable for one test and
// puts back what was there, so the tests see neither the caller's
// QIWANG_ROUTE nor each other's.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name); old != nullptr) old_ = old;
    if (value.has_value()) {
      setenv(name, value->c_str(), /*overwrite=*/1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_.has_value()) {
      setenv(name_, old_->c_str(), /*overwrite=*/1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// The context `qiwang` builds from these common flags.
absl::StatusOr<CliContext> ContextOf(const std::vector<std::string>& args) {
  absl::StatusOr<ParsedFlags> flags = ParseFlags(CommonFlags(), args);
  if (!flags.ok()) return flags.status();
  return CliContext::FromFlags(*flags);
}

TEST(RouteTest, SendsNamedGroupsToTheirRoutesAndTheRestToServer) {
  ScopedEnv route("QIWANG_ROUTE", std::nullopt);
  absl::StatusOr<CliContext> context =
      ContextOf({"--server=10.0.0.1:50051",
                 "--route=pairing=127.0.0.1:5002,standings=127.0.0.1:5003,"
                 "audit=127.0.0.1:5003"});
  ASSERT_TRUE(context.ok()) << context.status();
  EXPECT_EQ(context->AddressOf(api::ServicePart::kLedger), "10.0.0.1:50051");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kPairing), "127.0.0.1:5002");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kStandings), "127.0.0.1:5003");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kAudit), "127.0.0.1:5003");

  context = ContextOf({"--server=10.0.0.1:50051",
                       "--route=ledger=10.0.0.9:7000,audit=10.0.0.8:7001"});
  ASSERT_TRUE(context.ok()) << context.status();
  EXPECT_EQ(context->AddressOf(api::ServicePart::kLedger), "10.0.0.9:7000");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kPairing), "10.0.0.1:50051");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kStandings), "10.0.0.1:50051");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kAudit), "10.0.0.8:7001");
}

TEST(RouteTest, WithoutRoutesEveryGroupGoesToServer) {
  ScopedEnv route("QIWANG_ROUTE", std::nullopt);
  absl::StatusOr<CliContext> context = ContextOf({"--server=10.0.0.1:50051"});
  ASSERT_TRUE(context.ok()) << context.status();
  for (api::ServicePart group :
       {api::ServicePart::kLedger, api::ServicePart::kPairing,
        api::ServicePart::kStandings, api::ServicePart::kAudit}) {
    EXPECT_EQ(context->AddressOf(group), "10.0.0.1:50051")
        << api::ServicePartName(group);
  }
}

TEST(RouteTest, RefusesMalformedRoutesNamingTheFlagAndTheItem) {
  ScopedEnv route("QIWANG_ROUTE", std::nullopt);
  // The --route value, and what the message must name besides --route.
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"pairing=127.0.0.1:5002,ranking=127.0.0.1:5003",
       {"ranking", "ledger", "pairing", "standings", "audit"}},
      {"pairing=127.0.0.1:5002,127.0.0.1:5003", {"127.0.0.1:5003"}},
      {"standings", {"standings"}},
      {"audit=", {"audit="}},
      {"pairing=127.0.0.1:5002,audit=127.0.0.1:5003,pairing=127.0.0.1:5004",
       {"pairing=127.0.0.1:5004", "twice"}},
  };
  for (const auto& [value, named] : cases) {
    absl::StatusOr<CliContext> context =
        ContextOf({"--server=10.0.0.1:50051", "--route=" + value});
    EXPECT_EQ(context.status().code(), absl::StatusCode::kInvalidArgument)
        << value;
    EXPECT_TRUE(absl::StrContains(context.status().message(), "--route"))
        << context.status();
    for (const std::string& part : named) {
      EXPECT_TRUE(absl::StrContains(context.status().message(), part))
          << part << " not in: " << context.status();
    }
  }
}

TEST(RouteTest, UsesQiwangRouteUnlessTheFlagIsGiven) {
  ScopedEnv route("QIWANG_ROUTE",
                  "pairing=127.0.0.1:5002,standings=127.0.0.1:5003");
  absl::StatusOr<CliContext> context = ContextOf({"--server=10.0.0.1:50051"});
  ASSERT_TRUE(context.ok()) << context.status();
  EXPECT_EQ(context->AddressOf(api::ServicePart::kPairing), "127.0.0.1:5002");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kStandings), "127.0.0.1:5003");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kLedger), "10.0.0.1:50051");

  // The flag replaces the whole environment list, not group by group.
  context =
      ContextOf({"--server=10.0.0.1:50051", "--route=audit=127.0.0.1:5004"});
  ASSERT_TRUE(context.ok()) << context.status();
  EXPECT_EQ(context->AddressOf(api::ServicePart::kAudit), "127.0.0.1:5004");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kPairing), "10.0.0.1:50051");
  EXPECT_EQ(context->AddressOf(api::ServicePart::kStandings), "10.0.0.1:50051");

  // An empty --route sends everything to --server despite QIWANG_ROUTE.
  context = ContextOf({"--server=10.0.0.1:50051", "--route="});
  ASSERT_TRUE(context.ok()) << context.status();
  EXPECT_EQ(context->AddressOf(api::ServicePart::kPairing), "10.0.0.1:50051");
}

TEST(RouteTest, AMalformedQiwangRouteIsRefusedNamingTheVariable) {
  ScopedEnv route("QIWANG_ROUTE", "pairing:127.0.0.1:5002");
  absl::StatusOr<CliContext> context = ContextOf({"--server=10.0.0.1:50051"});
  EXPECT_EQ(context.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(context.status().message(), "--route"))
      << context.status();
  EXPECT_TRUE(absl::StrContains(context.status().message(), "QIWANG_ROUTE"))
      << context.status();
  EXPECT_TRUE(
      absl::StrContains(context.status().message(), "pairing:127.0.0.1:5002"))
      << context.status();
}

TEST(RouteTest, HelpShowsTheSyntaxAndTheGroups) {
  const std::string usage = FlagUsage(CommonFlags());
  EXPECT_TRUE(absl::StrContains(usage, "--route=GROUP=HOST:PORT,...")) << usage;
  EXPECT_TRUE(
      absl::StrContains(usage, "groups: ledger, pairing, standings, audit"))
      << usage;
  EXPECT_TRUE(absl::StrContains(usage, "QIWANG_ROUTE")) << usage;
}

// R5.3: every way an arbiter may type a result, from red's side.
// What one run of a stand-in `qiwang export trf SECTION` saw.
struct TrfRun {
  int exit_code = -1;
  std::string error_output;
  std::optional<CliContext> context;
  std::string section;
  std::string tournament;
};

// Runs `args` against a table of one group whose command records what it
// was given instead of calling qiwangd.
TrfRun RunTrf(const std::vector<std::string>& args) {
  // Links export_service.pb.cc, whose descriptors RpcOf reads, as a real
  // command does by building its request.
  (void)v1::ExportTrfRequest::descriptor();
  TrfRun run;
  const std::vector<CommandGroup> groups = {
      {"export",
       "documents",
       {{"trf",
         "SECTION --tournament ID",
         "the TRF of a section",
         {{"section", "S", "section id"},
          {"tournament", "ID", "tournament id"}},
         RpcOf<v1::ExportService>("ExportTrf"),
         [&run](const CliContext& context, const ParsedFlags& flags) {
           run.context = context;
           run.section = flags.Get("section", "");
           run.tournament = flags.Get("tournament", "");
           return kExitOk;
         },
         "section"}}}};
  testing::internal::CaptureStderr();
  run.exit_code = RunCli(args, groups);
  run.error_output = testing::internal::GetCapturedStderr();
  return run;
}

TEST(GlobalFlagsTest, AreTakenBeforeOrAfterTheCommand) {
  ScopedEnv route("QIWANG_ROUTE", std::nullopt);
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{
           {"--server", "10.0.0.1:7000", "--tournament=t1", "--json", "export",
            "trf", "open-men"},
           {"export", "trf", "open-men", "--server=10.0.0.1:7000",
            "--tournament", "t1", "--json"},
           {"--json", "export", "trf", "open-men", "--server", "10.0.0.1:7000",
            "--tournament=t1"}}) {
    const TrfRun run = RunTrf(args);
    ASSERT_EQ(run.exit_code, kExitOk) << run.error_output;
    ASSERT_TRUE(run.context.has_value());
    EXPECT_EQ(run.context->server, "10.0.0.1:7000");
    EXPECT_TRUE(run.context->json);
    EXPECT_EQ(run.section, "open-men");
    EXPECT_EQ(run.tournament, "t1");
    EXPECT_EQ(run.context->command, "qiwang export trf");
  }
}

TEST(GlobalFlagsTest, AnUnknownFlagIsRefusedNamingItInEitherPosition) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{
           {"--bogus", "export", "trf", "open-men"},
           {"--bogus=1", "export", "trf", "open-men"},
           {"export", "trf", "open-men", "--bogus"}}) {
    const TrfRun run = RunTrf(args);
    EXPECT_EQ(run.exit_code, kExitUsage) << args[0];
    EXPECT_FALSE(run.context.has_value());
    EXPECT_TRUE(absl::StrContains(run.error_output, "unknown flag --bogus"))
        << run.error_output;
  }
  const TrfRun missing = RunTrf({"export", "trf", "open-men", "--server"});
  EXPECT_EQ(missing.exit_code, kExitUsage);
  const TrfRun leading_missing = RunTrf({"--server"});
  EXPECT_EQ(leading_missing.exit_code, kExitUsage);
  EXPECT_TRUE(absl::StrContains(leading_missing.error_output,
                                "--server: needs a value"))
      << leading_missing.error_output;
  const TrfRun twice =
      RunTrf({"--json", "export", "trf", "open-men", "--json"});
  EXPECT_EQ(twice.exit_code, kExitUsage);
  EXPECT_TRUE(absl::StrContains(twice.error_output, "--json"))
      << twice.error_output;
}

TEST(CommandTableTest, ACommandsRouteIsTheServiceGroupOfItsRpc) {
  ScopedEnv route("QIWANG_ROUTE", std::nullopt);
  const TrfRun run = RunTrf({"--route=audit=10.0.0.8:7001", "export", "trf",
                             "open-men", "--server=10.0.0.1:7000"});
  ASSERT_EQ(run.exit_code, kExitOk) << run.error_output;
  ASSERT_NE(run.context->rpc, nullptr);
  EXPECT_EQ(run.context->rpc->full_name(), "qiwang.v1.ExportService.ExportTrf");
  EXPECT_EQ(run.context->AddressOf(api::ServicePartOf(*run.context->rpc)),
            "10.0.0.8:7001");
}

TEST(CommandTableTest, PairingCommandsGoToTheLedgerAndItsReadsToPairing) {
  std::map<std::string, std::string> group_of;
  for (const CommandGroup& group :
       {RoundCommands(), PairingsCommands(), ScheduleCommands()}) {
    for (const Subcommand& command : group.subcommands) {
      ASSERT_NE(command.rpc, nullptr) << group.name << " " << command.name;
      group_of[group.name + " " + command.name] =
          std::string(api::ServicePartName(api::ServicePartOf(*command.rpc)));
    }
  }
  EXPECT_EQ(group_of["round pair"], "ledger");
  EXPECT_EQ(group_of["round amend"], "ledger");
  EXPECT_EQ(group_of["round preview"], "pairing");
  EXPECT_EQ(group_of["pairings "], "pairing");
  EXPECT_EQ(group_of["schedule "], "pairing");
}

TEST(CommandTableTest, HelpNamesTheRpcAndItsServiceGroup) {
  testing::internal::CaptureStdout();
  const TrfRun run = RunTrf({"export", "trf", "--help"});
  const std::string usage = testing::internal::GetCapturedStdout();
  EXPECT_EQ(run.exit_code, kExitOk);
  EXPECT_TRUE(absl::StrContains(usage, "usage: qiwang export trf SECTION"))
      << usage;
  EXPECT_TRUE(absl::StrContains(
      usage, "calls qiwang.v1.ExportService.ExportTrf (service group audit"))
      << usage;
}

// N13.4: `qiwang player register --unit` sends the unit the player
// represents; without the flag the request has none (the station stands in).
TEST(PlayerRegisterTest, N13_4_UnitFlagReachesTheRequest) {
  const CommandGroup players = PlayerCommands();
  const Subcommand& register_command = players.subcommands.front();
  ASSERT_EQ(register_command.name, "register");
  std::vector<FlagSpec> specs = register_command.flags;
  const std::vector<std::string> entry = {
      "--tournament=t", "--name=王天一", "--id-number=X1",
      "--birth-date=1988-11-01", "--gender=m"};
  std::vector<std::string> with_unit = entry;
  with_unit.push_back("--unit=杭州棋院");
  for (const auto& [args, unit] :
       {std::pair(with_unit, std::string("杭州棋院")),
        std::pair(entry, std::string())}) {
    absl::StatusOr<ParsedFlags> flags = ParseFlags(specs, args);
    ASSERT_TRUE(flags.ok()) << flags.status();
    absl::StatusOr<v1::RegisterPlayerRequest> request = RegisterRequest(*flags);
    ASSERT_TRUE(request.ok()) << request.status();
    EXPECT_EQ(request->unit(), unit);
  }
}

TEST(PlayValuesTest, ParsesEveryResultSpelling) {
  const std::vector<std::pair<std::string, v1::GameResult>> cases = {
      {"1-0", v1::GAME_RESULT_RED_WIN},
      {"red", v1::GAME_RESULT_RED_WIN},
      {"RED", v1::GAME_RESULT_RED_WIN},
      {"0-1", v1::GAME_RESULT_BLACK_WIN},
      {"black", v1::GAME_RESULT_BLACK_WIN},
      {"1/2", v1::GAME_RESULT_DRAW},
      {"=", v1::GAME_RESULT_DRAW},
      {"draw", v1::GAME_RESULT_DRAW},
      {"和", v1::GAME_RESULT_DRAW},
      {"+/-", v1::GAME_RESULT_RED_WIN_BY_FORFEIT},
      {"-/+", v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT},
      {"0/0", v1::GAME_RESULT_DOUBLE_FORFEIT},
      {"--", v1::GAME_RESULT_DOUBLE_FORFEIT},
  };
  for (const auto& [text, result] : cases) {
    absl::StatusOr<v1::GameResult> parsed = ParseGameResult(text, "result");
    ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status();
    EXPECT_EQ(*parsed, result) << text;
  }
}

TEST(PlayValuesTest, RefusesOtherResultsNamingTheFlag) {
  for (const std::string text : {"", "2-0", "1:0", "redd", "+"}) {
    absl::StatusOr<v1::GameResult> parsed = ParseGameResult(text, "result");
    EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_TRUE(absl::StrContains(parsed.status().message(), "--result"));
  }
}

TEST(PlayValuesTest, TranslatesResultsColoursAndFouls) {
  EXPECT_EQ(Say(v1::GAME_RESULT_RED_WIN, Lang::kZh), "红胜");
  EXPECT_EQ(Say(v1::GAME_RESULT_RED_WIN, Lang::kEn), "red wins");
  EXPECT_EQ(Say(v1::GAME_RESULT_UNSPECIFIED, Lang::kZh), "未赛");
  EXPECT_EQ(ColourText(false, Lang::kZh), "黑");
  EXPECT_EQ(Say(v1::FOUL_KIND_PERPETUAL_CHECK, Lang::kZh), "长将");
  EXPECT_EQ(*ParseFoulKind("perpetual-chase", "kind"),
            v1::FOUL_KIND_PERPETUAL_CHASE);
  EXPECT_FALSE(ParseFoulKind("cheating", "kind").ok());
  EXPECT_EQ(YuanText(123450), "1234.50");
  EXPECT_EQ(YuanText(100000), "1000");
}

}  // namespace
}  // namespace qiwang::cli
