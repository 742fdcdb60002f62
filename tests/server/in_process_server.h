// The one in-process qiwangd of the tests: a real Server on 127.0.0.1:0 over a
// real RocksDB log in a fresh temporary folder (or a copy of a seed folder),
// and a real channel to it. Fixtures (ServerTest, StandingsServerTest, the
// role matrix, the upgrade test) hold one instead of starting servers of
// their own.
#ifndef QIWANG_TESTS_SERVER_IN_PROCESS_SERVER_H_
#define QIWANG_TESTS_SERVER_IN_PROCESS_SERVER_H_

#include <grpcpp/channel.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "services/server/server.h"

namespace qiwang::server {

// Waits (up to `timeout`) until the server behind `channel` reports its
// overall health SERVING; false if it did not by then.
bool AwaitServing(const std::shared_ptr<grpc::Channel>& channel,
                  absl::Duration timeout = absl::Seconds(30));

// The overall health the server behind `channel` reports now.
grpc::health::v1::HealthCheckResponse::ServingStatus HealthNow(
    const std::shared_ptr<grpc::Channel>& channel);

// Owns the temporary folder, the server and a plaintext channel to it; the
// destructor shuts the server down and removes the folder. Not thread-safe.
class InProcessServer {
 public:
  // Starts `options` with data_dir set to "log" in a new temporary folder,
  // holding a copy of `seed_data_dir` when that is not empty; returns once
  // the server reports SERVING (its projection caught up).
  static absl::StatusOr<std::unique_ptr<InProcessServer>> Start(
      ServerOptions options, const std::string& seed_data_dir = "");
  ~InProcessServer();

  Server& server() { return *server_; }
  const std::shared_ptr<grpc::Channel>& channel() const { return channel_; }
  // The temporary folder (the log is in its "log" folder).
  const std::string& dir() const { return dir_; }

 private:
  InProcessServer() = default;

  std::string dir_;
  std::unique_ptr<Server> server_;
  std::shared_ptr<grpc::Channel> channel_;
};

}  // namespace qiwang::server

#endif  // QIWANG_TESTS_SERVER_IN_PROCESS_SERVER_H_
