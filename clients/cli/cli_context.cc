#include "clients/cli/cli_context.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "base/grpc_status.h"
#include "base/refusal_details.h"

namespace qiwang::cli {
namespace {

// `text` is `GROUP=HOST:PORT,...`; `source` names where it came from in
// errors ("--route" or "--route (from $QIWANG_ROUTE)"). An empty text names
// no route, so `--route=` overrides QIWANG_ROUTE.
absl::StatusOr<std::map<api::ServicePart, std::string>> ParseRoutes(
    absl::string_view text, absl::string_view source) {
  std::map<api::ServicePart, std::string> routes;
  for (absl::string_view item : absl::StrSplit(text, ',', absl::SkipEmpty())) {
    item = absl::StripAsciiWhitespace(item);
    if (item.empty()) continue;
    const size_t equals = item.find('=');
    if (equals == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ": '", item, "' is not GROUP=HOST:PORT"));
    }
    const absl::string_view name =
        absl::StripAsciiWhitespace(item.substr(0, equals));
    const absl::string_view address =
        absl::StripAsciiWhitespace(item.substr(equals + 1));
    const std::optional<api::ServicePart> group = api::ServicePartNamed(name);
    if (!group.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ": unknown service group '", name, "' in '",
                       item, "' (groups: ledger, pairing, standings, audit)"));
    }
    if (address.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          source, ": '", item, "' has no address (GROUP=HOST:PORT)"));
    }
    if (!routes.emplace(*group, std::string(address)).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ": service group '", name,
                       "' given twice (again in '", item, "')"));
    }
  }
  return routes;
}

}  // namespace

std::vector<FlagSpec> CommonFlags() {
  return {
      {"server", "HOST:PORT",
       "qiwangd address (default $QIWANG_SERVER or 127.0.0.1:50051)"},
      {"route", "GROUP=HOST:PORT,...",
       "send a service group's calls elsewhere (groups: ledger, pairing, "
       "standings, audit; default $QIWANG_ROUTE, else all to --server)"},
      {"json", "", "print protobuf JSON, one object per line"},
      {"timeout", "DURATION", "deadline of each call, e.g. 5s (default 10s)"},
      {"lang", "zh|en", "language of headings (default from LC_ALL/LANG)"},
      {"token", "TOKEN", "your token (default $QIWANG_TOKEN)"},
      {"role", "ROLE",
       "act in this of your roles (default: the first the command admits)"},
      {"tls_ca", "PEM",
       "connect over TLS, trusting these CA certificates (default "
       "$QIWANG_TLS_CA; none: plaintext)"},
      {"tls_server_name", "NAME",
       "name the server's certificate must carry (default: the host of "
       "--server or its --route)"},
  };
}

absl::StatusOr<CliContext> CliContext::FromFlags(const ParsedFlags& flags) {
  CliContext context;
  const char* environment_server = std::getenv("QIWANG_SERVER");
  context.server = flags.Get(
      "server", environment_server != nullptr && *environment_server != '\0'
                    ? environment_server
                    : "127.0.0.1:50051");
  const char* environment_route = std::getenv("QIWANG_ROUTE");
  absl::StatusOr<std::map<api::ServicePart, std::string>> routes =
      flags.Has("route") || environment_route == nullptr
          ? ParseRoutes(flags.Get("route", ""), "--route")
          : ParseRoutes(environment_route, "--route (from $QIWANG_ROUTE)");
  if (!routes.ok()) return routes.status();
  context.routes = *std::move(routes);
  context.json = flags.Has("json");
  if (flags.Has("timeout")) {
    const std::string text = flags.Get("timeout", "");
    if (!absl::ParseDuration(text, &context.timeout) ||
        context.timeout < absl::ZeroDuration()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--timeout: not a duration like 5s or 500ms (got '", text, "')"));
    }
  }
  const char* environment_token = std::getenv("QIWANG_TOKEN");
  context.token =
      flags.Get("token", environment_token != nullptr ? environment_token : "");
  context.role = flags.Get("role", "");
  const char* environment_ca = std::getenv("QIWANG_TLS_CA");
  const std::string ca_path =
      flags.Get("tls_ca", environment_ca != nullptr ? environment_ca : "");
  if (!ca_path.empty()) {
    std::ifstream in(ca_path);
    std::stringstream pem;
    pem << in.rdbuf();
    if (!in.is_open() || in.bad() || pem.str().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--tls_ca: cannot read a PEM file at ", ca_path));
    }
    context.tls_ca_pem = pem.str();
  }
  context.tls_server_name = flags.Get("tls_server_name", "");
  if (!context.tls_server_name.empty() && context.tls_ca_pem.empty()) {
    return absl::InvalidArgumentError(
        "--tls_server_name: only with --tls_ca (or QIWANG_TLS_CA)");
  }
  context.lang = LangFromEnvironment();
  if (flags.Has("lang")) {
    absl::StatusOr<Lang> lang = ParseLang(flags.Get("lang", ""));
    if (!lang.ok()) return lang.status();
    context.lang = *lang;
  }
  return context;
}

const std::string& CliContext::AddressOf(api::ServicePart group) const {
  auto route = routes.find(group);
  return route == routes.end() ? server : route->second;
}

std::shared_ptr<grpc::Channel> CliContext::Connect(
    grpc::ChannelArguments arguments) const {
  return Connect(*rpc, std::move(arguments));
}

std::shared_ptr<grpc::Channel> CliContext::Connect(
    const google::protobuf::MethodDescriptor& method,
    grpc::ChannelArguments arguments) const {
  const std::string& address = AddressOf(api::ServicePartOf(method));
  // Long streams (watch, log tail --follow): a ping a minute keeps NAT and
  // Wi-Fi mappings open, and a server gone without a word shows in 20 s.
  arguments.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 60'000);
  arguments.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 20'000);
  if (tls_ca_pem.empty()) {
    return grpc::CreateCustomChannel(
        address, grpc::InsecureChannelCredentials(), arguments);
  }
  grpc::SslCredentialsOptions ssl;
  ssl.pem_root_certs = tls_ca_pem;
  if (!tls_server_name.empty()) {
    arguments.SetSslTargetNameOverride(tls_server_name);
  }
  return grpc::CreateCustomChannel(address, grpc::SslCredentials(ssl),
                                   arguments);
}

std::unique_ptr<grpc::ClientContext> CliContext::NewCall(bool follow) const {
  auto call = std::make_unique<grpc::ClientContext>();
  if (!follow && timeout > absl::ZeroDuration()) {
    call->set_deadline(absl::ToChronoTime(absl::Now() + timeout));
  }
  if (!token.empty()) {
    call->AddMetadata("authorization", absl::StrCat("Bearer ", token));
  }
  if (!role.empty()) call->AddMetadata("x-qiwang-role", role);
  // Refusals come back with a sentence in this language
  // (services/server/refusal_language.h).
  call->AddMetadata("lang", lang == Lang::kZh ? "zh" : "en");
  return call;
}

int CliContext::UsageError(const absl::Status& status) const {
  return ReportUsageError(status, command);
}

int ReportRpcError(const grpc::Status& status) {
  const absl::Status refusal = base::FromGrpcStatus(status);
  const auto localized = base::LocalizedMessageOf(refusal);
  if (localized.has_value() && localized->locale() != "en") {
    // The reader's sentence first; the specific English message after it,
    // for the log book and for whoever the arbiter calls.
    std::fprintf(stderr, "错误：%s\n详情 (%s, %s): %s\n",
                 localized->message().c_str(),
                 base::ErrorInfoOf(refusal).reason().c_str(),
                 absl::StatusCodeToString(refusal.code()).c_str(),
                 status.error_message().c_str());
    return kExitRpcError;
  }
  std::fprintf(stderr, "error: %s: %s\n",
               absl::StatusCodeToString(refusal.code()).c_str(),
               status.error_message().c_str());
  return kExitRpcError;
}

int ReportUsageError(const absl::Status& status, const std::string& command) {
  std::fprintf(stderr, "error: %s: %s\n(see: %s --help)\n",
               absl::StatusCodeToString(status.code()).c_str(),
               std::string(status.message()).c_str(), command.c_str());
  return kExitUsage;
}

}  // namespace qiwang::cli
