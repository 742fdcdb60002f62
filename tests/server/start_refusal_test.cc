// Issue 24: a second server on an address already served is refused with a
// status naming the flag and the address, instead of starting beside the
// first (gRPC's SO_REUSEPORT let the kernel split calls between two logs).
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/http/http_front.h"
#include "services/server/server.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

using ::testing::HasSubstr;

class StartRefusalTest : public ServerTest {};

TEST_F(StartRefusalTest, SecondServerOnTheSameAddressIsRefused) {
  const std::string address = absl::StrCat("127.0.0.1:", server_->port());
  ServerOptions second = Options();
  second.listen_address = address;
  second.data_dir = temp_dir_ + "/second";

  absl::StatusOr<std::unique_ptr<Server>> started = Server::Start(second);

  ASSERT_FALSE(started.ok()) << "a second server listens on " << address;
  EXPECT_EQ(started.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_THAT(started.status().message(), HasSubstr("--listen"));
  EXPECT_THAT(started.status().message(), HasSubstr(address));
  EXPECT_THAT(started.status().message(), HasSubstr("already in use"));
}

// A plain listening socket on 127.0.0.1, any free port; closed on exit.
class Listener {
 public:
  Listener() {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    const int on = 1;
    // As a server that restarts would have it; still one listener per port.
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
    if (bind(fd_, reinterpret_cast<sockaddr*>(&address), length) == 0 &&
        listen(fd_, 1) == 0 &&
        getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
      port_ = ntohs(address.sin_port);
    }
  }
  ~Listener() { close(fd_); }
  int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

TEST(HttpFrontStartTest, AddressInUseIsRefusedNamingTheFlag) {
  Listener taken;
  ASSERT_NE(taken.port(), 0);
  http::HttpFrontOptions options;
  options.listen_address = absl::StrCat("127.0.0.1:", taken.port());

  absl::StatusOr<std::unique_ptr<http::HttpFront>> front =
      http::HttpFront::Start(options, http::FrontServices());

  ASSERT_FALSE(front.ok()) << "HTTP listens beside another listener";
  EXPECT_EQ(front.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_THAT(front.status().message(), HasSubstr("--http_listen"));
  EXPECT_THAT(front.status().message(), HasSubstr(options.listen_address));
}

}  // namespace
}  // namespace qiwang::server
