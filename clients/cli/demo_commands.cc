#include "clients/cli/demo_commands.h"

#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "clients/cli/command_support.h"
#include "clients/cli/demo.h"

namespace qiwang::cli {
namespace {

// "open-men=20,professional=6".
absl::StatusOr<std::map<std::string, int>> ParseSizes(const std::string& text) {
  std::map<std::string, int> sizes;
  for (absl::string_view part : absl::StrSplit(text, ',', absl::SkipEmpty())) {
    std::vector<std::string> pair = absl::StrSplit(part, '=');
    int count = 0;
    if (pair.size() != 2 || pair[0].empty() ||
        !absl::SimpleAtoi(pair[1], &count) || count < 2 || count > 5000) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--sizes: SECTION=N,... with 2 <= N <= 5000 (got '", part, "')"));
    }
    sizes[pair[0]] = count;
  }
  if (sizes.empty()) return absl::InvalidArgumentError("--sizes: empty");
  return sizes;
}

absl::StatusOr<DemoOptions> OptionsFrom(const ParsedFlags& flags) {
  DemoOptions options;
  options.tokens_path = flags.Get("tokens", options.tokens_path);
  options.config_path = flags.Get("config", options.config_path);
  options.tournament_id = flags.Get("tournament", "");
  options.sizes = DefaultDemoSizes();
  if (flags.Has("sizes")) {
    absl::StatusOr<std::map<std::string, int>> sizes =
        ParseSizes(flags.Get("sizes", ""));
    if (!sizes.ok()) return sizes.status();
    options.sizes = *sizes;
  }
  struct IntOption {
    const char* flag;
    int* value;
    int64_t minimum;
    int64_t maximum;
  };
  for (const IntOption& option :
       {IntOption{"rounds", &options.swiss_rounds, 1, 50},
        IntOption{"arbiters", &options.arbiters, 1, 64},
        IntOption{"no-shows", &options.no_shows, 0, 9},
        IntOption{"stop-after-round", &options.stop_after_round, 1, 50},
        IntOption{"rows", &options.standings_rows, 0, 100000}}) {
    absl::StatusOr<int64_t> value = IntFlag(flags, option.flag, *option.value,
                                            option.minimum, option.maximum);
    if (!value.ok()) return value.status();
    *option.value = static_cast<int>(*value);
  }
  if (flags.Has("seed") &&
      !absl::SimpleAtoi(flags.Get("seed", ""), &options.seed)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--seed: a whole number (got '", flags.Get("seed", ""), "')"));
  }
  return options;
}

int DemoCommand(const CliContext& context, const ParsedFlags& flags) {
  absl::StatusOr<DemoOptions> options = OptionsFrom(flags);
  if (!options.ok()) return context.UsageError(options.status());
  return RunDemo(context, *options);
}

}  // namespace

CommandGroup DemoCommands() {
  return {
      "demo",
      "play the 2016 event through against a running qiwangd",
      {
          {"",
           "[--tokens FILE] [--config FILE] [--sizes S=N,...] [--rounds N] "
           "[--arbiters N] [--seed N] [--stop-after-round N]",
           "Plays the whole event on a manual-clock qiwangd (deploy/run.sh "
           "--demo): stations, registration, check-in with no-shows, every "
           "round paired and its results entered by several arbiters at "
           "once, then standings and prizes. Run again to resume.",
           {{"tokens", "FILE",
             "token file with every role (default var/tokens)"},
            {"config", "FILE",
             "tournament configuration (default: deploy/examples/"
             "sichuan-2016.json as built into qiwang)"},
            {"tournament", "ID",
             "tournament id (default: the configuration's)"},
            {"sizes", "S=N,...",
             "players per section; others are left out (default: ~200 over "
             "all nine)"},
            {"rounds", "N",
             "rounds of each Swiss section (default: configured)"},
            {"arbiters", "N", "arbiter threads entering results (default 4)"},
            {"seed", "N", "seed of people and results (default 2016)"},
            {"no-shows", "N", "players who do not check in (default 2)"},
            {"stop-after-round", "N", "stop after round N (resume later)"},
            {"rows", "N", "standings rows printed per category (default 10)"}},
           nullptr,
           DemoCommand},
      },
  };
}

}  // namespace qiwang::cli
