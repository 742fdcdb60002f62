// qiwangd warns when it listens where other machines can reach it without
// TLS; this decides which addresses count as local.
#include "base/listen_address.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace qiwang::server {
namespace {

TEST(ListenAddressTest, OnlyLoopbackAddressesAreLocal) {
  const std::vector<std::pair<std::string, bool>> cases = {
      {"127.0.0.1:50051", true},
      {"127.1.2.3:0", true},
      {"localhost:50051", true},
      {"[::1]:50051", true},
      {"unix:/run/qiwang.sock", true},
      {"0.0.0.0:50051", false},
      {"[::]:50051", false},
      {"192.168.1.20:50051", false},
      {"qiwang.example.org:443", false},
      {"128.0.0.1:50051", false},
  };
  for (const auto& [address, local] : cases) {
    EXPECT_EQ(base::IsLoopback(address), local) << address;
  }
}

TEST(ListenAddressTest, HostDropsThePortAndIpv6Brackets) {
  EXPECT_EQ(base::HostOf("127.0.0.1:50051"), "127.0.0.1");
  EXPECT_EQ(base::HostOf("[::1]:0"), "::1");
  EXPECT_EQ(base::HostOf("localhost"), "localhost");
}

}  // namespace
}  // namespace qiwang::server
