#ifndef QIWANG_CLIENTS_CLI_CLI_H_
#define QIWANG_CLIENTS_CLI_CLI_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "clients/cli/cli_context.h"
#include "clients/cli/flag_parser.h"
#include "google/protobuf/descriptor.h"

namespace qiwang::cli {

// One row of the command table, `qiwang <group> <name>`: one RPC. Its usage,
// its dispatch and its route come from this row alone. `flags` are its own;
// the global flags are added by the dispatcher.
struct Subcommand {
  std::string name;
  std::string synopsis;  // the flags line of its usage
  std::string summary;
  std::vector<FlagSpec> flags;
  // The RPC it calls, from the generated descriptor (RpcOf); --route sends
  // it to that RPC's ServiceGroupOf. nullptr: a command of several RPCs,
  // each routed by its own (the demo).
  const google::protobuf::MethodDescriptor* rpc;
  std::function<int(const CliContext&, const ParsedFlags&)> run;
  // If set, one bare argument is taken as the value of a flag of this name
  // (`qiwang players show 7`); it must also be listed in `flags`.
  std::string positional = "";
};

// A set of subcommands under one word (log, tournament, player, ...). A
// subcommand named "" runs when no subcommand word is given
// (`qiwang qualifiers --station chengdu`).
struct CommandGroup {
  std::string name;
  std::string summary;
  std::vector<Subcommand> subcommands;
};

// The flags a command line may give before its command words as well as
// after them: the common flags and --tournament.
std::vector<FlagSpec> GlobalFlags();

// Runs `qiwang [global flags] <group> <subcommand> [flags]` (args without
// the program name) and answers the exit code: kExitOk, kExitRpcError or
// kExitUsage.
int RunCli(const std::vector<std::string>& args,
           absl::Span<const CommandGroup> groups);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_CLI_H_
