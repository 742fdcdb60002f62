#include "clients/cli/watch_commands.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/play_tables.h"
#include "proto/wire_twin.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

// What a watch needs besides the stream: how many states to print before
// ending (0: no limit) and how long to keep reconnecting without success.
struct WatchLimits {
  int64_t count = 0;
  absl::Duration give_up = absl::Minutes(5);
};

// A channel for the watch's RPC that retries a lost server every second at
// most, so a watch resumes soon after qiwangd is back.
std::shared_ptr<grpc::Channel> WatchChannel(const CliContext& context) {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  // Not GRPC_ARG_MIN_RECONNECT_BACKOFF_MS: gRPC takes it as the connect
  // timeout too, which a TLS handshake over the hall's Wi-Fi can exceed.
  arguments.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 1000);
  return context.Connect(arguments);
}

absl::StatusOr<WatchLimits> LimitsFrom(const ParsedFlags& flags) {
  WatchLimits limits;
  absl::StatusOr<int64_t> count = IntFlag(flags, "count", 0, 1, INT32_MAX);
  if (!count.ok()) return count.status();
  limits.count = *count;
  if (flags.Has("give-up")) {
    const std::string text = flags.Get("give-up", "");
    if (!absl::ParseDuration(text, &limits.give_up) ||
        limits.give_up <= absl::ZeroDuration()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--give-up: a duration like 30s or 5m (got '", text, "')"));
    }
  }
  return limits;
}

// Codes after which the stream is retried: the server went away or is
// shutting down (UNAVAILABLE; CANCELLED when a call reaches it while it
// stops), or the connection broke mid-call. This client cancels only after
// --count states, and returns before looking at the status then.
bool Retriable(grpc::StatusCode code) {
  return code == grpc::StatusCode::UNAVAILABLE ||
         code == grpc::StatusCode::CANCELLED ||
         code == grpc::StatusCode::UNKNOWN ||
         code == grpc::StatusCode::INTERNAL;
}

// Runs `open(after_position)` streams until one ends cleanly, `limits.count`
// states are printed, a non-retriable error arrives, or reconnecting fails
// for `limits.give_up`. `print` shows one state; the position to resume
// from is each state's as_of_position.
template <typename Response>
int Follow(const CliContext& context, uint64_t after_position,
           const WatchLimits& limits,
           const std::function<std::unique_ptr<grpc::ClientReader<Response>>(
               grpc::ClientContext*, uint64_t)>& open,
           const std::function<void(const Response&)>& print) {
  int64_t printed = 0;
  absl::Time last_contact = absl::Now();
  absl::Duration backoff = absl::Milliseconds(100);
  while (true) {
    std::unique_ptr<grpc::ClientContext> call = context.NewCall(true);
    std::unique_ptr<grpc::ClientReader<Response>> reader =
        open(call.get(), after_position);
    Response response;
    while (reader->Read(&response)) {
      last_contact = absl::Now();
      backoff = absl::Milliseconds(100);
      after_position = std::max(after_position, response.as_of_position());
      print(response);
      if (limits.count > 0 && ++printed >= limits.count) {
        call->TryCancel();
        reader->Finish();
        return kExitOk;
      }
    }
    const grpc::Status status = reader->Finish();
    if (status.ok()) return kExitOk;
    if (!Retriable(status.error_code()) ||
        absl::Now() - last_contact > limits.give_up) {
      return ReportRpcError(status);
    }
    std::fprintf(stderr, "watch: %s; reconnecting after position %llu\n",
                 status.error_message().c_str(),
                 static_cast<unsigned long long>(after_position));
    absl::SleepFor(backoff);
    backoff = std::min(backoff * 2, absl::Seconds(2));
  }
}

int WatchStandings(const CliContext& context, const ParsedFlags& flags) {
  v1::WatchStandingsRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> ranking = Required(flags, "ranking");
  if (!ranking.ok()) return context.UsageError(ranking.status());
  request.set_ranking_id(*ranking);
  absl::StatusOr<int64_t> after = IntFlag(flags, "after", 0, 0, INT64_MAX);
  if (!after.ok()) return context.UsageError(after.status());
  absl::StatusOr<WatchLimits> limits = LimitsFrom(flags);
  if (!limits.ok()) return context.UsageError(limits.status());
  auto stub = v1::StandingsService::NewStub(WatchChannel(context));
  return Follow<v1::WatchStandingsResponse>(
      context, static_cast<uint64_t>(*after), *limits,
      [&](grpc::ClientContext* call, uint64_t after_position) {
        request.set_after_position(after_position);
        return stub->WatchStandings(call, request);
      },
      [&](const v1::WatchStandingsResponse& watched) {
        const auto standings =
            proto::AsWireTwin<v1::GetStandingsResponse>(watched);
        Print(context.json
                  ? JsonLine(standings)
                  : absl::StrCat(StandingsText(standings, context.lang), "\n"));
      });
}

int WatchPairings(const CliContext& context, const ParsedFlags& flags) {
  v1::WatchPairingsRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> section = Required(flags, "section");
  if (!section.ok()) return context.UsageError(section.status());
  request.set_section_id(*section);
  absl::StatusOr<int64_t> after = IntFlag(flags, "after", 0, 0, INT64_MAX);
  if (!after.ok()) return context.UsageError(after.status());
  absl::StatusOr<WatchLimits> limits = LimitsFrom(flags);
  if (!limits.ok()) return context.UsageError(limits.status());
  auto stub = v1::PairingService::NewStub(WatchChannel(context));
  const Lang lang = context.lang;
  return Follow<v1::WatchPairingsResponse>(
      context, static_cast<uint64_t>(*after), *limits,
      [&](grpc::ClientContext* call, uint64_t after_position) {
        request.set_after_position(after_position);
        return stub->WatchPairings(call, request);
      },
      [&](const v1::WatchPairingsResponse& pairings) {
        if (context.json) {
          Print(JsonLine(pairings));
          return;
        }
        // The latest published round is what the hall looks at.
        std::string text;
        if (!pairings.rounds().empty()) {
          text = RoundText(*pairings.rounds().rbegin(), lang);
        }
        Print(absl::StrCat(text, Text(Label::kAsOfPosition, lang), " ",
                           pairings.as_of_position(), "\n\n"));
      });
}

std::vector<FlagSpec> WatchFlags(FlagSpec subject) {
  return {TournamentFlag(),
          std::move(subject),
          {"after", "POSITION",
           "the last as_of_position you saw: print only newer states"},
          {"count", "N", "end after printing N states (default: follow)"},
          {"give-up", "DURATION",
           "stop reconnecting after this long without the server "
           "(default 5m)"}};
}

}  // namespace

CommandGroup WatchCommands() {
  return {
      "watch",
      "follow standings or pairings live (Ctrl-C ends)",
      {
          {"standings",
           "RANKING --tournament ID [--after POSITION] [--count N]",
           "Prints the standings now and again after every change. Everyone.",
           WatchFlags({"ranking", "ID", "ranking category or section id"}),
           RpcOf<v1::StandingsService>("WatchStandings"), WatchStandings,
           "ranking"},
          {"pairings", "SECTION --tournament ID [--after POSITION] [--count N]",
           "Prints the section's latest round now and again after every "
           "change (pairing, result, amendment). Everyone.",
           WatchFlags({"section", "S", "section id"}),
           RpcOf<v1::PairingService>("WatchPairings"), WatchPairings,
           "section"},
      },
  };
}

}  // namespace qiwang::cli
