#ifndef QIWANG_CLIENTS_CLI_CLI_CONTEXT_H_
#define QIWANG_CLIENTS_CLI_CLI_CONTEXT_H_

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>
#include <grpcpp/support/channel_arguments.h>
#include <grpcpp/support/status.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "clients/cli/flag_parser.h"
#include "clients/cli/labels.h"
#include "clients/cli/rpc_of.h"
#include "google/protobuf/descriptor.h"
#include "services/api/service_parts.h"

namespace qiwang::cli {

// Exit codes of every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitRpcError = 1;
inline constexpr int kExitUsage = 2;

// The flags every subcommand accepts (--server, --route, --json, --timeout,
// --lang, --token, --role, --tls_ca, --tls_server_name).
std::vector<FlagSpec> CommonFlags();

// What every subcommand needs from the command line: which command runs
// (for its usage errors and its route), where the server is, how to print,
// and the deadline of each call.
struct CliContext {
  // "qiwang tournament create": the command's words, named in usage errors.
  std::string command = "qiwang";
  // The RPC the command calls (its row in the command table); Connect()
  // goes to the group serving it. nullptr: a command of several RPCs.
  const google::protobuf::MethodDescriptor* rpc = nullptr;
  std::string server;
  // Where each named group's calls go (from --route or QIWANG_ROUTE); a
  // group not named here goes to `server`.
  std::map<api::ServicePart, std::string> routes;
  bool json = false;
  absl::Duration timeout = absl::Seconds(10);  // zero: no deadline
  Lang lang = Lang::kEn;
  // Sent as `authorization: Bearer <token>` (from --token or QIWANG_TOKEN);
  // empty: none (public reads only).
  std::string token;
  // Sent as `x-qiwang-role`: which of the user's roles acts; empty: the
  // server picks the first the RPC admits.
  std::string role;
  // PEM certificates to trust (from --tls_ca or QIWANG_TLS_CA); empty:
  // plaintext.
  std::string tls_ca_pem;
  // The name the server's certificate must carry, when not the --server host.
  std::string tls_server_name;

  // From the parsed common flags, the environment (QIWANG_SERVER,
  // QIWANG_ROUTE, QIWANG_TOKEN, QIWANG_TLS_CA, LANG, LC_ALL) and defaults;
  // INVALID_ARGUMENT naming the flag if malformed or its file unreadable.
  static absl::StatusOr<CliContext> FromFlags(const ParsedFlags& flags);

  // The address serving `group`'s calls: its route, else `server`.
  const std::string& AddressOf(api::ServicePart group) const;

  // A channel to the process serving `method` (AddressOf its
  // ServiceGroupOf): over TLS, checking the server's certificate against
  // tls_ca_pem, when that is set; plaintext otherwise. Keepalive pings on
  // top of `arguments`.
  std::shared_ptr<grpc::Channel> Connect(
      const google::protobuf::MethodDescriptor& method,
      grpc::ChannelArguments arguments = grpc::ChannelArguments()) const;
  // Connect(*rpc): the channel for the command's own RPC; rpc must be set.
  std::shared_ptr<grpc::Channel> Connect(
      grpc::ChannelArguments arguments = grpc::ChannelArguments()) const;
  // A context for one call, with the --timeout deadline unless `follow`, and
  // the token and role as metadata.
  std::unique_ptr<grpc::ClientContext> NewCall(bool follow = false) const;

  // ReportUsageError(status, command).
  int UsageError(const absl::Status& status) const;
};

// Prints "error: <CODE>: <message>" to stderr and answers kExitRpcError.
int ReportRpcError(const grpc::Status& status);
// Prints "error: INVALID_ARGUMENT: <message>" and a hint; kExitUsage.
int ReportUsageError(const absl::Status& status, const std::string& command);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_CLI_CONTEXT_H_
