// The HTTP front over TLS with qiwangd's --tls_cert/--tls_key (issue 15 §1):
// curl, trusting the test CA, reaches the probes, a Connect call and a live
// view; plaintext and a client trusting another CA get nothing; a TLS front
// may listen off loopback; bad PEM is refused naming the flag; a client that
// never finishes its handshake is closed while others are served.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/http/broadcast_feed.h"
#include "services/http/http_front.h"
#include "tests/e2e/test_certificates.h"
#include "tests/http/http_client.h"
#include "tests/http/live_route.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::http {
namespace {

using ::testing::HasSubstr;

class HttpTlsTest : public standings::StandingsServerTest {
 protected:
  void SetUp() override {
    StandingsServerTest::SetUp();
    certificates_ = e2e::MakeTestCertificates(temp_dir_);
    ASSERT_EQ(certificates_.error, "");
    options_.tls_cert_chain = e2e::ReadPemFile(certificates_.server_cert);
    options_.tls_private_key = e2e::ReadPemFile(certificates_.server_key);
    options_.request_timeout = absl::Seconds(1);
  }
  void TearDown() override {
    front_.reset();
    StandingsServerTest::TearDown();
  }

  absl::Status StartFront() {
    FrontServices services;
    services.channel = server_->InProcessChannel();
    services.routes = &routes_;
    absl::StatusOr<std::unique_ptr<HttpFront>> front =
        HttpFront::Start(options_, std::move(services));
    if (!front.ok()) return front.status();
    front_ = *std::move(front);
    return absl::OkStatus();
  }
  std::string Url(const std::string& scheme, const std::string& path) const {
    return absl::StrCat(scheme, "://127.0.0.1:", front_->port(), path);
  }

  e2e::TestCertificates certificates_;
  HttpFrontOptions options_;
  LiveRoute routes_;
  std::unique_ptr<HttpFront> front_;
};

TEST_F(HttpTlsTest, CurlTrustingTheCaReachesProbesConnectAndLiveViews) {
  ASSERT_TRUE(StartFront().ok());
  const std::vector<std::string> trust = {"--cacert", certificates_.ca};
  EXPECT_EQ(Curl(Url("https", "/healthz"), trust).status, 200);

  std::vector<std::string> call = trust;
  call.insert(call.end(), {"-H", "Content-Type: application/json",
                           "--data-binary", R"({"rankingId":"x"})"});
  const CurlAnswer refused =
      Curl(Url("https", "/qiwang.v1.StandingsService/GetStandings"), call);
  EXPECT_EQ(refused.status, 400);
  EXPECT_THAT(refused.body, HasSubstr("\"code\":\"invalid_argument\""));
  EXPECT_THAT(refused.body, HasSubstr("tournament_id"));

  routes_.feed->Publish(StandingsAt(7, "<p>seven</p>"));
  // A stream never ends by itself: curl reads it for two seconds.
  const CurlAnswer stream =
      Curl(Url("https", "/live"), {"--cacert", certificates_.ca, "-N"},
           absl::Seconds(2));
  EXPECT_THAT(stream.body,
              HasSubstr("id: 7\nevent: standings\ndata: <p>seven</p>\n"));
}

TEST_F(HttpTlsTest, PlaintextAndUntrustedClientsGetNothing) {
  ASSERT_TRUE(StartFront().ok());
  EXPECT_EQ(Curl(Url("http", "/healthz"), {}).status, 0);
  EXPECT_EQ(Curl(Url("https", "/healthz"), {"--cacert", certificates_.other_ca})
                .status,
            0);
  // Served still.
  EXPECT_EQ(
      Curl(Url("https", "/healthz"), {"--cacert", certificates_.ca}).status,
      200);
}

TEST_F(HttpTlsTest, AStalledHandshakeIsClosedWhileOthersAreServed) {
  ASSERT_TRUE(StartFront().ok());
  RawConnection stalled(front_->port());
  ASSERT_TRUE(stalled.connected());
  EXPECT_EQ(
      Curl(Url("https", "/healthz"), {"--cacert", certificates_.ca}).status,
      200);
  EXPECT_TRUE(stalled.ClosedByPeer(absl::Seconds(10)));
}

TEST_F(HttpTlsTest, ATlsFrontMayListenOffLoopback) {
  options_.listen_address = "0.0.0.0:0";
  EXPECT_TRUE(StartFront().ok());
}

TEST_F(HttpTlsTest, BadPemIsRefusedNamingTheFlag) {
  HttpFrontOptions options = options_;
  options.tls_cert_chain = "-----BEGIN CERTIFICATE-----\nnot base64\n";
  absl::StatusOr<std::unique_ptr<HttpFront>> front =
      HttpFront::Start(options, {});
  EXPECT_EQ(front.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(front.status().message(), HasSubstr("--tls_cert"));

  options = options_;
  options.tls_private_key = e2e::ReadPemFile(certificates_.ca);
  front = HttpFront::Start(options, {});
  EXPECT_EQ(front.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(front.status().message(), HasSubstr("--tls_key"));

  options = options_;
  options.tls_private_key.clear();
  front = HttpFront::Start(options, {});
  EXPECT_EQ(front.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(front.status().message(), HasSubstr("give both"));
}

}  // namespace
}  // namespace qiwang::http
