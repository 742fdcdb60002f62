// What serving costs over calling the store directly: each benchmark does the
// same work both ways in the same run and reports grpc/direct as a ratio.
// Both sides use the store with sync off, so the ratio isolates gRPC, the
// request mapping and serialisation from disk flushes.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/time/clock.h"
#include "benchmark/benchmark.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "services/server/server.h"

namespace qiwang::server {
namespace {

// A Server and, beside it, a second log opened directly, in one temp folder.
class Rig {
 public:
  Rig() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-bench-XXXXXX")
            .string();
    dir_ = mkdtemp(pattern.data());
    store::Options store_options;
    store_options.sync = false;
    direct_ = *store::EventLog::Open(dir_ + "/direct", store_options);
    ServerOptions options;
    options.data_dir = dir_ + "/served";
    options.store_options = store_options;
    options.tokens = {{"bench-token", "bench", {rules::Role::kOrganiser}}};
    server_ = *Server::Start(options);
    stub_ = v1::EventLogService::NewStub(grpc::CreateChannel(
        server_->address(), grpc::InsecureChannelCredentials()));
  }
  ~Rig() {
    server_.reset();
    direct_.reset();
    std::filesystem::remove_all(dir_);
  }

  store::EventLog& direct() { return *direct_; }
  v1::EventLogService::Stub& stub() { return *stub_; }

 private:
  std::string dir_;
  std::unique_ptr<store::EventLog> direct_;
  std::unique_ptr<Server> server_;
  std::unique_ptr<v1::EventLogService::Stub> stub_;
};

v1::AppendRequest NoteRequest(int notes) {
  v1::AppendRequest request;
  request.set_stream("notes/bench");
  request.mutable_expected_version()->set_kind(v1::ExpectedVersion::KIND_ANY);
  for (int i = 0; i < notes; ++i) {
    v1::ProposedEvent* event = request.add_events();
    event->set_reason("bench");
    event->mutable_log_note()->set_text("第一轮编排 round one pairing note");
  }
  return request;
}

// The same events for the store, as bytes of comparable size.
store::AppendRequest DirectRequest(const v1::AppendRequest& request) {
  store::AppendRequest direct;
  direct.stream = request.stream();
  for (const v1::ProposedEvent& event : request.events()) {
    direct.events.push_back(event.SerializeAsString());
  }
  return direct;
}

// Runs `direct` and `grpc` once per iteration, timing each, and reports
// their mean times and the ratio grpc/direct.
template <typename Direct, typename Grpc>
void RunPaired(benchmark::State& state, Direct direct, Grpc grpc) {
  absl::Duration direct_time;
  absl::Duration grpc_time;
  for (auto _ : state) {
    absl::Time start = absl::Now();
    direct();
    direct_time += absl::Now() - start;
    start = absl::Now();
    grpc();
    grpc_time += absl::Now() - start;
  }
  const double iterations = static_cast<double>(state.iterations());
  state.counters["direct_us"] =
      absl::ToDoubleMicroseconds(direct_time) / iterations;
  state.counters["grpc_us"] =
      absl::ToDoubleMicroseconds(grpc_time) / iterations;
  state.counters["grpc_over_direct"] = absl::ToDoubleMicroseconds(grpc_time) /
                                       absl::ToDoubleMicroseconds(direct_time);
}

// One append of state.range(0) note events: store.Append vs Append RPC.
void BM_AppendGrpcVersusDirect(benchmark::State& state) {
  Rig rig;
  const v1::AppendRequest request = NoteRequest(state.range(0));
  const store::AppendRequest direct_request = DirectRequest(request);
  RunPaired(
      state,
      [&] { benchmark::DoNotOptimize(rig.direct().Append(direct_request)); },
      [&] {
        grpc::ClientContext context;
        context.AddMetadata("authorization", "Bearer bench-token");
        v1::AppendResponse response;
        benchmark::DoNotOptimize(
            rig.stub().Append(&context, request, &response));
      });
}
BENCHMARK(BM_AppendGrpcVersusDirect)->Arg(1)->Arg(100);

// Reading state.range(0) events: store.Read vs the Read RPC stream.
void BM_ReadGrpcVersusDirect(benchmark::State& state) {
  Rig rig;
  const v1::AppendRequest request = NoteRequest(state.range(0));
  grpc::ClientContext append_context;
  append_context.AddMetadata("authorization", "Bearer bench-token");
  v1::AppendResponse appended;
  (void)rig.stub().Append(&append_context, request, &appended);
  (void)rig.direct().Append(DirectRequest(request));

  store::ReadRequest direct_read;
  direct_read.limit = state.range(0);
  v1::ReadRequest grpc_read;
  grpc_read.set_limit(state.range(0));
  RunPaired(
      state, [&] { benchmark::DoNotOptimize(rig.direct().Read(direct_read)); },
      [&] {
        grpc::ClientContext context;
        context.AddMetadata("authorization", "Bearer bench-token");
        auto reader = rig.stub().Read(&context, grpc_read);
        v1::ReadResponse response;
        while (reader->Read(&response)) benchmark::DoNotOptimize(response);
        benchmark::DoNotOptimize(reader->Finish());
      });
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_ReadGrpcVersusDirect)->Arg(1000);

}  // namespace
}  // namespace qiwang::server

BENCHMARK_MAIN();
