#include "tests/load/grpc_watchers.h"

#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/byte_buffer.h>

#include <algorithm>
#include <cstdint>

#include "absl/time/clock.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/wire_format_lite.h"
#include "qiwang/v1/standings_service.pb.h"

namespace qiwang::load {
namespace {

constexpr char kWatchStandings[] = "/qiwang.v1.StandingsService/WatchStandings";

// WatchStandingsResponse.as_of_position from the message's bytes, skipping
// every other field: the generator reads only the position, so parsing whole
// standings (1,000 watchers of 128 rows, 20 times a second) does not make it
// the bottleneck it measures. 0 when the bytes hold no position.
uint64_t AsOfPosition(const grpc::ByteBuffer& message) {
  using google::protobuf::internal::WireFormatLite;
  grpc::Slice bytes;
  if (!message.DumpToSingleSlice(&bytes).ok()) return 0;
  google::protobuf::io::CodedInputStream input(bytes.begin(), bytes.size());
  const int field = v1::WatchStandingsResponse::kAsOfPositionFieldNumber;
  uint64_t position = 0;
  while (uint32_t tag = input.ReadTag()) {
    if (WireFormatLite::GetTagFieldNumber(tag) == field &&
        WireFormatLite::GetTagWireType(tag) ==
            WireFormatLite::WIRETYPE_VARINT) {
      if (!input.ReadVarint64(&position)) return 0;
    } else if (!WireFormatLite::SkipField(&input, tag)) {
      return 0;
    }
  }
  return position;
}

}  // namespace

struct GrpcWatchers::Watch {
  enum class Step { kStarting, kAsking, kReading, kFinishing };
  int index = 0;
  Step step = Step::kStarting;
  std::unique_ptr<grpc::GenericStub> stub;
  grpc::ClientContext call;
  std::unique_ptr<grpc::GenericClientAsyncReaderWriter> stream;
  grpc::ByteBuffer message;
  grpc::Status status;
};

GrpcWatchers::GrpcWatchers(const std::string& address,
                           const std::string& tournament_id,
                           const std::string& ranking_id, int count)
    : logs_(count) {
  v1::WatchStandingsRequest request;
  request.set_tournament_id(tournament_id);
  request.set_ranking_id(ranking_id);
  request_ = request.SerializeAsString();
  for (int i = 0; i < count; ++i) {
    auto watch = std::make_unique<Watch>();
    watch->index = i;
    // A distinct argument keeps gRPC from sharing one connection.
    grpc::ChannelArguments arguments;
    arguments.SetInt("qiwang.load.client", i);
    watch->stub = std::make_unique<grpc::GenericStub>(grpc::CreateCustomChannel(
        address, grpc::InsecureChannelCredentials(), arguments));
    watch->stream =
        watch->stub->PrepareCall(&watch->call, kWatchStandings, &queue_);
    watch->stream->StartCall(watch.get());
    watches_.push_back(std::move(watch));
  }
  thread_ = std::thread([this] { Run(); });
}

GrpcWatchers::~GrpcWatchers() { Stop(); }

void GrpcWatchers::Stop() {
  if (!thread_.joinable()) return;
  stopping_ = true;
  for (auto& watch : watches_) watch->call.TryCancel();
  thread_.join();
  queue_.Shutdown();
  void* tag;
  bool ok;
  while (queue_.Next(&tag, &ok)) {
  }
}

bool GrpcWatchers::Advance(Watch& watch, bool ok, absl::Time now) {
  switch (watch.step) {
    case Watch::Step::kStarting:
      if (ok) {
        watch.step = Watch::Step::kAsking;
        grpc::Slice request(request_);
        watch.message = grpc::ByteBuffer(&request, 1);
        watch.stream->WriteLast(watch.message, grpc::WriteOptions(), &watch);
        return true;
      }
      break;
    case Watch::Step::kAsking:
    case Watch::Step::kReading:
      if (watch.step == Watch::Step::kReading && ok) {
        WatchLog& log = logs_[watch.index];
        if (log.seen.empty()) ++ready_;
        log.seen.emplace_back(AsOfPosition(watch.message), now);
      }
      if (ok) {
        watch.step = Watch::Step::kReading;
        watch.stream->Read(&watch.message, &watch);
        return true;
      }
      break;
    case Watch::Step::kFinishing:
      if (!stopping_) ++failed_;
      return false;
  }
  watch.step = Watch::Step::kFinishing;
  watch.stream->Finish(&watch.status, &watch);
  return true;
}

void GrpcWatchers::Run() {
  size_t live = watches_.size();
  absl::Time next_summary = absl::Now();
  while (live > 0) {
    void* tag;
    bool ok;
    const auto status = queue_.AsyncNext(
        &tag, &ok, absl::ToChronoTime(absl::Now() + absl::Milliseconds(5)));
    if (status == grpc::CompletionQueue::SHUTDOWN) break;
    const absl::Time now = absl::Now();
    if (status == grpc::CompletionQueue::GOT_EVENT &&
        !Advance(*static_cast<Watch*>(tag), ok, now)) {
      --live;
    }
    if (now >= next_summary) {
      next_summary = now + absl::Milliseconds(10);
      least_last_ = LeastLast(logs_);
    }
  }
}

}  // namespace qiwang::load
