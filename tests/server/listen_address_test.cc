// qiwangd warns when it listens where other machines can reach it without
// TLS; this decides which addresses count as local.
#include "services/server/listen_address.h"

#include "gtest/gtest.h"

namespace qiwang::server {
namespace {

TEST(ListenAddressTest, LoopbackAddressesAreLocal) {
  EXPECT_TRUE(IsLoopback("127.0.0.1:50051"));
  EXPECT_TRUE(IsLoopback("127.1.2.3:0"));
  EXPECT_TRUE(IsLoopback("localhost:50051"));
  EXPECT_TRUE(IsLoopback("[::1]:50051"));
  EXPECT_TRUE(IsLoopback("unix:/run/qiwang.sock"));
}

TEST(ListenAddressTest, EverythingElseIsReachableFromTheNetwork) {
  EXPECT_FALSE(IsLoopback("0.0.0.0:50051"));
  EXPECT_FALSE(IsLoopback("[::]:50051"));
  EXPECT_FALSE(IsLoopback("192.168.1.20:50051"));
  EXPECT_FALSE(IsLoopback("qiwang.example.org:443"));
  EXPECT_FALSE(IsLoopback("128.0.0.1:50051"));
}

TEST(ListenAddressTest, HostDropsThePortAndIpv6Brackets) {
  EXPECT_EQ(HostOf("127.0.0.1:50051"), "127.0.0.1");
  EXPECT_EQ(HostOf("[::1]:0"), "::1");
  EXPECT_EQ(HostOf("localhost"), "localhost");
}

}  // namespace
}  // namespace qiwang::server
