#include "clients/cli/cli.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/cli/command_support.h"
#include "clients/cli/table.h"
#include "services/api/service_parts.h"

namespace qiwang::cli {
namespace {

bool IsHelp(const std::string& arg) { return arg == "--help" || arg == "-h"; }

void PrintGroupsUsage(absl::Span<const CommandGroup> groups) {
  Table table({"", "", ""});
  for (const CommandGroup& group : groups) {
    table.AddRow({"", group.name, group.summary});
  }
  std::string rendered = table.Render();
  std::printf(
      "usage: qiwang [global flags] <group> <command> [flags]\n\ngroups:\n%s"
      "\nglobal flags (before or after the command):\n%s",
      rendered.substr(rendered.find('\n') + 1).c_str(),
      FlagUsage(GlobalFlags()).c_str());
}

void PrintGroupUsage(const CommandGroup& group) {
  std::printf("usage: qiwang %s <command> [flags]\n\ncommands:\n",
              group.name.c_str());
  for (const Subcommand& command : group.subcommands) {
    std::printf("  qiwang %s %s %s\n      %s\n", group.name.c_str(),
                command.name.c_str(), command.synopsis.c_str(),
                command.summary.c_str());
  }
}

// "calls qiwang.v1.PlayService.RecordResult (service group ledger)".
std::string RpcLine(const Subcommand& command) {
  if (command.rpc == nullptr) return "";
  return absl::StrCat("calls ", command.rpc->full_name(), " (service group ",
                      api::ServicePartName(api::ServicePartOf(*command.rpc)),
                      ", see --route)\n\n");
}

void PrintCommandUsage(const std::string& full_command,
                       const Subcommand& command,
                       absl::Span<const FlagSpec> flags) {
  std::printf("usage: %s %s\n\n%s\n\n%sflags:\n%s", full_command.c_str(),
              command.synopsis.c_str(), command.summary.c_str(),
              RpcLine(command).c_str(), FlagUsage(flags).c_str());
}

int UsageError(const std::string& message, const std::string& command) {
  return ReportUsageError(absl::InvalidArgumentError(message), command);
}

// The command line split at its first command word: the global flags
// before it, each as one `--name=VALUE` or `--name` argument, and the rest.
struct SplitCommandLine {
  std::vector<std::string> leading_flags;
  std::vector<std::string> words_and_flags;
};

// INVALID_ARGUMENT naming a flag before the command that is no global flag
// or lacks its value. `--help` and `-h` stay in words_and_flags.
absl::StatusOr<SplitCommandLine> SplitAtCommand(
    const std::vector<std::string>& args) {
  const std::vector<FlagSpec> globals = GlobalFlags();
  SplitCommandLine split;
  size_t i = 0;
  for (; i < args.size() && absl::StartsWith(args[i], "-") && !IsHelp(args[i]);
       ++i) {
    const std::string& arg = args[i];
    const size_t equals = arg.find('=');
    const std::string name =
        arg.substr(std::min<size_t>(2, arg.size()), equals - 2);
    auto spec = std::find_if(globals.begin(), globals.end(),
                             [&](const FlagSpec& s) { return s.name == name; });
    if (!absl::StartsWith(arg, "--") || spec == globals.end()) {
      std::vector<std::string> names;
      for (const FlagSpec& global : globals) names.push_back(global.name);
      return absl::InvalidArgumentError(absl::StrCat(
          "unknown flag ", absl::StartsWith(arg, "--") ? "--" + name : arg,
          " before the command (there only --", absl::StrJoin(names, ", --"),
          ")"));
    }
    if (spec->value_name.empty() || equals != std::string::npos) {
      split.leading_flags.push_back(arg);
    } else if (i + 1 < args.size()) {
      split.leading_flags.push_back(absl::StrCat(arg, "=", args[++i]));
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("--", name, ": needs a value (", spec->value_name, ")"));
    }
  }
  split.words_and_flags.assign(args.begin() + i, args.end());
  return split;
}

}  // namespace

std::vector<FlagSpec> GlobalFlags() {
  std::vector<FlagSpec> flags = CommonFlags();
  flags.push_back(TournamentFlag());
  return flags;
}

int RunCli(const std::vector<std::string>& command_line,
           absl::Span<const CommandGroup> groups) {
  absl::StatusOr<SplitCommandLine> split = SplitAtCommand(command_line);
  if (!split.ok()) return ReportUsageError(split.status(), "qiwang");
  const std::vector<std::string>& args = split->words_and_flags;
  if (args.empty() || IsHelp(args[0]) || args[0] == "help") {
    PrintGroupsUsage(groups);
    return args.empty() ? kExitUsage : kExitOk;
  }
  auto group =
      std::find_if(groups.begin(), groups.end(),
                   [&](const CommandGroup& g) { return g.name == args[0]; });
  if (group == groups.end()) {
    return UsageError(absl::StrCat("unknown command group '", args[0], "'"),
                      "qiwang");
  }
  const std::string group_command = absl::StrCat("qiwang ", group->name);
  auto default_command =
      std::find_if(group->subcommands.begin(), group->subcommands.end(),
                   [](const Subcommand& c) { return c.name.empty(); });
  const bool no_word = args.size() < 2 || absl::StartsWith(args[1], "-");
  if (default_command == group->subcommands.end() &&
      (args.size() < 2 || IsHelp(args[1]))) {
    PrintGroupUsage(*group);
    return args.size() < 2 ? kExitUsage : kExitOk;
  }
  std::string word = no_word ? "" : args[1];
  auto command =
      std::find_if(group->subcommands.begin(), group->subcommands.end(),
                   [&](const Subcommand& c) { return c.name == word; });
  // `qiwang standings open-men`: a bare word that names no subcommand is the
  // positional argument of the group's default command.
  bool word_is_positional = false;
  if (command == group->subcommands.end() &&
      default_command != group->subcommands.end() &&
      !default_command->positional.empty()) {
    command = default_command;
    word_is_positional = true;
  }
  if (command == group->subcommands.end()) {
    return UsageError(absl::StrCat("unknown command '", args[1], "'"),
                      group_command);
  }
  std::vector<FlagSpec> flags = command->flags;
  for (FlagSpec& common : CommonFlags()) flags.push_back(std::move(common));
  std::vector<std::string> rest(
      args.begin() + (no_word || word_is_positional ? 1 : 2), args.end());
  if (!command->positional.empty() && !rest.empty() &&
      !absl::StartsWith(rest[0], "-")) {
    rest[0] = absl::StrCat("--", command->positional, "=", rest[0]);
  }
  rest.insert(rest.end(), split->leading_flags.begin(),
              split->leading_flags.end());
  const std::string full_command =
      command->name.empty() ? group_command
                            : absl::StrCat(group_command, " ", command->name);
  if (WantsHelp(rest)) {
    PrintCommandUsage(full_command, *command, flags);
    return kExitOk;
  }
  absl::StatusOr<ParsedFlags> parsed = ParseFlags(flags, rest);
  if (!parsed.ok()) return ReportUsageError(parsed.status(), full_command);
  absl::StatusOr<CliContext> context = CliContext::FromFlags(*parsed);
  if (!context.ok()) return ReportUsageError(context.status(), full_command);
  context->command = full_command;
  context->rpc = command->rpc;
  return command->run(*context, *parsed);
}

}  // namespace qiwang::cli
