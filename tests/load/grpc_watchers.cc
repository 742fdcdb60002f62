#include "tests/load/grpc_watchers.h"

#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/async_stream.h>

#include <algorithm>

#include "absl/time/clock.h"
#include "qiwang/v1/standings_service.grpc.pb.h"

namespace qiwang::load {

struct GrpcWatchers::Watch {
  enum class Step { kStarting, kReading, kFinishing };
  int index = 0;
  Step step = Step::kStarting;
  std::unique_ptr<v1::StandingsService::Stub> stub;
  grpc::ClientContext call;
  std::unique_ptr<grpc::ClientAsyncReader<v1::WatchStandingsResponse>> reader;
  v1::WatchStandingsResponse message;
  grpc::Status status;
};

GrpcWatchers::GrpcWatchers(const std::string& address,
                           const std::string& tournament_id,
                           const std::string& ranking_id, int count)
    : logs_(count) {
  v1::WatchStandingsRequest request;
  request.set_tournament_id(tournament_id);
  request.set_ranking_id(ranking_id);
  for (int i = 0; i < count; ++i) {
    auto watch = std::make_unique<Watch>();
    watch->index = i;
    // A distinct argument keeps gRPC from sharing one connection.
    grpc::ChannelArguments arguments;
    arguments.SetInt("qiwang.load.client", i);
    watch->stub = v1::StandingsService::NewStub(grpc::CreateCustomChannel(
        address, grpc::InsecureChannelCredentials(), arguments));
    watch->reader =
        watch->stub->PrepareAsyncWatchStandings(&watch->call, request, &queue_);
    watch->reader->StartCall(watch.get());
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
    case Watch::Step::kReading:
      if (watch.step == Watch::Step::kReading && ok) {
        WatchLog& log = logs_[watch.index];
        if (log.seen.empty()) ++ready_;
        log.seen.emplace_back(watch.message.as_of_position(), now);
      }
      if (ok) {
        watch.step = Watch::Step::kReading;
        watch.reader->Read(&watch.message, &watch);
        return true;
      }
      watch.step = Watch::Step::kFinishing;
      watch.reader->Finish(&watch.status, &watch);
      return true;
    case Watch::Step::kFinishing:
      if (!stopping_) ++failed_;
      return false;
  }
  return false;
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
