#include "tests/server/in_process_server.h"

#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <filesystem>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace qiwang::server {

bool AwaitServing(const std::shared_ptr<grpc::Channel>& channel,
                  absl::Duration timeout) {
  grpc::ClientContext call;
  call.set_deadline(absl::ToChronoTime(absl::Now() + timeout));
  auto watch = grpc::health::v1::Health::NewStub(channel)->Watch(
      &call, grpc::health::v1::HealthCheckRequest());
  grpc::health::v1::HealthCheckResponse response;
  bool serving = false;
  while (!serving && watch->Read(&response)) {
    serving =
        response.status() == grpc::health::v1::HealthCheckResponse::SERVING;
  }
  if (serving) call.TryCancel();
  watch->Finish().IgnoreError();
  return serving;
}

grpc::health::v1::HealthCheckResponse::ServingStatus HealthNow(
    const std::shared_ptr<grpc::Channel>& channel) {
  grpc::ClientContext call;
  call.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = grpc::health::v1::Health::NewStub(channel)->Check(
      &call, grpc::health::v1::HealthCheckRequest(), &response);
  if (!status.ok()) return grpc::health::v1::HealthCheckResponse::UNKNOWN;
  return response.status();
}

absl::StatusOr<std::unique_ptr<InProcessServer>> InProcessServer::Start(
    ServerOptions options, const std::string& seed_data_dir) {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "qiwang-test-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return absl::InternalError("cannot make a temporary folder");
  }
  std::unique_ptr<InProcessServer> started(new InProcessServer());
  started->dir_ = pattern;
  options.data_dir = started->dir_ + "/log";
  if (!seed_data_dir.empty()) {
    std::error_code error;
    std::filesystem::copy(seed_data_dir, options.data_dir,
                          std::filesystem::copy_options::recursive, error);
    if (error) {
      return absl::InternalError(
          absl::StrCat("copy ", seed_data_dir, ": ", error.message()));
    }
  }
  absl::StatusOr<std::unique_ptr<Server>> server = Server::Start(options);
  if (!server.ok()) return server.status();
  started->server_ = *std::move(server);
  started->channel_ = grpc::CreateChannel(started->server_->address(),
                                          grpc::InsecureChannelCredentials());
  if (!AwaitServing(started->channel_)) {
    return absl::DeadlineExceededError("the server never reported SERVING");
  }
  return started;
}

InProcessServer::~InProcessServer() {
  server_.reset();
  std::error_code ignored;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ignored);
}

}  // namespace qiwang::server
