#include "services/remote/remote_event_log.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/support/channel_arguments.h>

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "base/grpc_status.h"
#include "services/events/event_from_record.h"

namespace qiwang::remote {
namespace {

// EventLogService.Read answers at most this many events per call.
constexpr uint64_t kReadPage = 10000;

}  // namespace

std::unique_ptr<RemoteEventLog> RemoteEventLog::Connect(
    const RemoteLogOptions& options) {
  grpc::ChannelArguments arguments;
  // A restarting ledger is back within seconds: try again soon rather than
  // after gRPC's default backoff, which grows to two minutes.
  arguments.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  // Not GRPC_ARG_MIN_RECONNECT_BACKOFF_MS: gRPC takes it as the connect
  // timeout too, which a TLS handshake over a slow link can exceed.
  arguments.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS,
                   static_cast<int>(absl::ToInt64Milliseconds(std::max(
                       options.max_backoff, absl::Milliseconds(100)))));
  arguments.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 60'000);
  arguments.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 20'000);
  // Events may be as large as the store allows (1 MiB by default).
  arguments.SetMaxReceiveMessageSize(-1);
  std::shared_ptr<grpc::Channel> channel = grpc::CreateCustomChannel(
      options.address,
      options.credentials != nullptr ? options.credentials
                                     : grpc::InsecureChannelCredentials(),
      arguments);
  return std::make_unique<RemoteEventLog>(
      options, v1::EventLogService::NewStub(channel));
}

RemoteEventLog::RemoteEventLog(
    RemoteLogOptions options,
    std::shared_ptr<v1::EventLogService::StubInterface> stub)
    : options_(std::move(options)), stub_(std::move(stub)) {}

absl::Status RemoteEventLog::Unwritable(const char* what) const {
  return absl::UnimplementedError(
      absl::StrCat(what, ": this qiwangd follows the ledger at ",
                   options_.address, " and never writes; send writes there"));
}

absl::StatusOr<store::AppendResult> RemoteEventLog::Append(
    const store::AppendRequest&) {
  return Unwritable("append");
}

std::vector<absl::StatusOr<store::AppendResult>> RemoteEventLog::AppendBatch(
    const std::vector<store::AppendRequest>& requests,
    const store::BatchOptions&) {
  return std::vector<absl::StatusOr<store::AppendResult>>(requests.size(),
                                                          Unwritable("append"));
}

absl::StatusOr<std::optional<store::AppendResult>>
RemoteEventLog::LookupCommand(const std::string&) const {
  return Unwritable("command lookup");
}

absl::StatusOr<store::AppendResult> RemoteEventLog::LookupRetry(
    const store::AppendRequest&) const {
  return Unwritable("command lookup");
}

absl::StatusOr<uint64_t> RemoteEventLog::Backup(const std::string&) {
  return Unwritable("backup");
}

absl::Status RemoteEventLog::Refresh() { return absl::OkStatus(); }

absl::Status RemoteEventLog::ReadPage(
    const v1::ReadRequest& request, std::vector<store::Record>& records) const {
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + options_.call_timeout));
  if (!options_.token.empty()) {
    context.AddMetadata("authorization",
                        absl::StrCat("Bearer ", options_.token));
  }
  std::unique_ptr<grpc::ClientReaderInterface<v1::ReadResponse>> reader =
      stub_->Read(&context, request);
  v1::ReadResponse response;
  while (reader->Read(&response)) {
    records.push_back(
        events::RecordFromEvent(std::move(*response.mutable_event())));
  }
  const grpc::Status finished = reader->Finish();
  if (!finished.ok()) {
    return base::FromGrpcStatus(
        finished, absl::StrCat("ledger at ", options_.address, ": Read: "));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<store::Record>> RemoteEventLog::Read(
    const store::ReadRequest& request) const {
  const bool backward = request.direction == store::Direction::kBackward;
  std::vector<store::Record> records;
  uint64_t from = request.from;
  if (backward && from == store::ReadRequest::kEnd) from = 0;  // the last
  while (records.size() < request.limit) {
    v1::ReadRequest page;
    page.set_stream(request.stream);
    page.set_from(from);
    page.set_backwards(backward);
    const uint64_t wanted = std::min<uint64_t>(
        kReadPage, static_cast<uint64_t>(request.limit - records.size()));
    page.set_limit(static_cast<uint32_t>(wanted));
    const size_t before = records.size();
    if (absl::Status read = ReadPage(page, records); !read.ok()) return read;
    const size_t got = records.size() - before;
    if (got < wanted) break;  // the log (or stream) has no more
    // Positions for the whole log, versions within a stream.
    const store::Record& last = records.back();
    const uint64_t at =
        request.stream.empty() ? last.position : last.stream_version;
    if (backward && at <= 1) break;
    from = backward ? at - 1 : at + 1;
  }
  return records;
}

absl::StatusOr<std::optional<store::Record>> RemoteEventLog::ReadLast(
    const std::string& stream) const {
  store::ReadRequest last;
  last.stream = stream;
  last.from = store::ReadRequest::kEnd;
  last.limit = 1;
  last.direction = store::Direction::kBackward;
  absl::StatusOr<std::vector<store::Record>> records = Read(last);
  if (!records.ok()) return records.status();
  if (records->empty()) return std::nullopt;
  return std::move(records->front());
}

uint64_t RemoteEventLog::LastPosition() const {
  absl::StatusOr<std::optional<store::Record>> last = ReadLast("");
  if (!last.ok()) return last_answered_.load();
  const uint64_t position = last->has_value() ? (*last)->position : 0;
  last_answered_.store(position);
  return position;
}

absl::StatusOr<uint64_t> RemoteEventLog::StreamVersion(
    const std::string& stream) const {
  absl::StatusOr<std::optional<store::Record>> last = ReadLast(stream);
  if (!last.ok()) return last.status();
  return last->has_value() ? (*last)->stream_version : 0;
}

std::unique_ptr<store::Subscription> RemoteEventLog::Subscribe(uint64_t from) {
  LedgerEndpoint endpoint;
  endpoint.address = options_.address;
  endpoint.stub = stub_;
  endpoint.token = options_.token;
  endpoint.max_backoff = options_.max_backoff;
  return std::make_unique<RemoteSubscription>(std::move(endpoint), from,
                                              options_.subscriber_buffer);
}

}  // namespace qiwang::remote
