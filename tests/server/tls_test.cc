// Issue 7: qiwangd over TLS. A client that trusts the server's CA is
// answered (tokens included); a plaintext client or one trusting another CA
// gets nothing; plaintext that other machines could reach is refused unless
// the operator says so.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "services/server/server.h"
#include "tests/e2e/test_certificates.h"

namespace qiwang::server {
namespace {

constexpr char kToken[] = "tls-organiser-secret";

class TlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-tls-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    certificates_ = e2e::MakeTestCertificates(temp_dir_);
    ASSERT_EQ(certificates_.error, "");
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(temp_dir_);
  }

  ServerOptions Options(const std::string& listen) const {
    ServerOptions options;
    options.data_dir = temp_dir_ + "/log";
    options.listen_address = listen;
    options.tokens = {{kToken, "olive", {rules::Role::kOrganiser}}};
    return options;
  }
  ServerOptions TlsOptions(const std::string& listen) const {
    ServerOptions options = Options(listen);
    options.tls_cert_chain = e2e::ReadPemFile(certificates_.server_cert);
    options.tls_private_key = e2e::ReadPemFile(certificates_.server_key);
    return options;
  }
  void Start(const ServerOptions& options) {
    absl::StatusOr<std::unique_ptr<Server>> server = Server::Start(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
  }

  std::shared_ptr<grpc::Channel> TrustingChannel(const std::string& ca) const {
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = e2e::ReadPemFile(ca);
    return grpc::CreateChannel(
        absl::StrCat("127.0.0.1:", server_->port()), grpc::SslCredentials(ssl));
  }

  // GetClock (public) through `channel`.
  static grpc::Status GetClock(const std::shared_ptr<grpc::Channel>& channel) {
    grpc::ClientContext call;
    call.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(10)));
    v1::GetClockResponse response;
    return v1::AdminService::NewStub(channel)->GetClock(
        &call, v1::GetClockRequest(), &response);
  }

  std::string temp_dir_;
  e2e::TestCertificates certificates_;
  std::unique_ptr<Server> server_;
};

TEST_F(TlsTest, ClientTrustingTheCaIsAnsweredAndItsTokenAccepted) {
  Start(TlsOptions("127.0.0.1:0"));
  EXPECT_TRUE(server_->tls());
  const std::shared_ptr<grpc::Channel> channel =
      TrustingChannel(certificates_.ca);
  const grpc::Status clock = GetClock(channel);
  EXPECT_TRUE(clock.ok()) << clock.error_message();

  grpc::ClientContext call;
  call.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(10)));
  call.AddMetadata("authorization", absl::StrCat("Bearer ", kToken));
  v1::ReadRequest request;
  v1::ReadResponse response;
  std::unique_ptr<grpc::ClientReader<v1::ReadResponse>> reader =
      v1::EventLogService::NewStub(channel)->Read(&call, request);
  while (reader->Read(&response)) {
  }
  const grpc::Status read = reader->Finish();
  EXPECT_TRUE(read.ok()) << read.error_message();
}

TEST_F(TlsTest, PlaintextClientGetsNoAnswer) {
  Start(TlsOptions("127.0.0.1:0"));
  const grpc::Status status = GetClock(grpc::CreateChannel(
      absl::StrCat("127.0.0.1:", server_->port()),
      grpc::InsecureChannelCredentials()));
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE)
      << status.error_message();
}

TEST_F(TlsTest, ClientTrustingAnotherCaGetsNoAnswer) {
  Start(TlsOptions("127.0.0.1:0"));
  const grpc::Status status = GetClock(TrustingChannel(certificates_.other_ca));
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE)
      << status.error_message();
}

TEST_F(TlsTest, CertificateWithoutKeyIsRefusedNamingTheMissingFlag) {
  ServerOptions options = TlsOptions("127.0.0.1:0");
  options.tls_private_key.clear();
  absl::StatusOr<std::unique_ptr<Server>> server = Server::Start(options);
  EXPECT_EQ(server.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(server.status().message(), "--tls_key"))
      << server.status();
  EXPECT_FALSE(std::filesystem::exists(temp_dir_ + "/log"));
}

TEST_F(TlsTest, PlaintextOffLoopbackIsRefusedUnlessAllowed) {
  absl::StatusOr<std::unique_ptr<Server>> refused =
      Server::Start(Options("0.0.0.0:0"));
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(absl::StrContains(refused.status().message(),
                                "--allow_plaintext_remote"))
      << refused.status();
  EXPECT_FALSE(std::filesystem::exists(temp_dir_ + "/log"));

  ServerOptions allowed = Options("0.0.0.0:0");
  allowed.allow_plaintext_remote = true;
  Start(allowed);
  EXPECT_FALSE(server_->tls());
  EXPECT_TRUE(GetClock(grpc::CreateChannel(
                           absl::StrCat("127.0.0.1:", server_->port()),
                           grpc::InsecureChannelCredentials()))
                  .ok());
}

TEST_F(TlsTest, TlsOffLoopbackNeedsNoOverride) {
  Start(TlsOptions("0.0.0.0:0"));
  const grpc::Status status = GetClock(TrustingChannel(certificates_.ca));
  EXPECT_TRUE(status.ok()) << status.error_message();
}

}  // namespace
}  // namespace qiwang::server
