#include "clients/cli/cli.h"

#include <algorithm>
#include <cstdio>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "clients/cli/table.h"

namespace qiwang::cli {
namespace {

void PrintGroupsUsage(absl::Span<const CommandGroup> groups) {
  Table table({"", "", ""});
  for (const CommandGroup& group : groups) {
    table.AddRow({"", group.name, group.summary});
  }
  std::string rendered = table.Render();
  std::printf("usage: qiwang <group> <command> [flags]\n\ngroups:\n%s",
              rendered.substr(rendered.find('\n') + 1).c_str());
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

void PrintCommandUsage(const CommandGroup& group, const Subcommand& command,
                       absl::Span<const FlagSpec> flags) {
  std::printf("usage: qiwang %s %s %s\n\n%s\n\nflags:\n%s", group.name.c_str(),
              command.name.c_str(), command.synopsis.c_str(),
              command.summary.c_str(), FlagUsage(flags).c_str());
}

int UsageError(const std::string& message, const std::string& command) {
  return ReportUsageError(absl::InvalidArgumentError(message), command);
}

}  // namespace

int RunCli(const std::vector<std::string>& args,
           absl::Span<const CommandGroup> groups) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" ||
      args[0] == "help") {
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
      (args.size() < 2 || args[1] == "--help" || args[1] == "-h")) {
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
  if (WantsHelp(rest)) {
    PrintCommandUsage(*group, *command, flags);
    return kExitOk;
  }
  const std::string full_command =
      command->name.empty() ? group_command
                            : absl::StrCat(group_command, " ", command->name);
  absl::StatusOr<ParsedFlags> parsed = ParseFlags(flags, rest);
  if (!parsed.ok()) return ReportUsageError(parsed.status(), full_command);
  absl::StatusOr<CliContext> context = CliContext::FromFlags(*parsed);
  if (!context.ok()) return ReportUsageError(context.status(), full_command);
  return command->run(*context, *parsed);
}

}  // namespace qiwang::cli
