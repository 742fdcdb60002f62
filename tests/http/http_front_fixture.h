// A real qiwangd's HTTP front for the tests/http suites: StandingsServerTest's
// server (a RocksDB log in a temp folder) behind an HttpFront on 127.0.0.1
// with a free port and small limits (64 KiB bodies, 4 KiB headers, 1 s
// request time, 2 streams per client), and a LiveRoute at /live.
#ifndef QIWANG_TESTS_HTTP_HTTP_FRONT_FIXTURE_H_
#define QIWANG_TESTS_HTTP_HTTP_FRONT_FIXTURE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/http/http_front.h"
#include "tests/http/http_client.h"
#include "tests/http/live_route.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::http {

class HttpFrontTest : public standings::StandingsServerTest {
 protected:
  void SetUp() override;
  void TearDown() override;

  // A unary Connect POST of `json` to "Service/Method", with `token` and
  // any `headers` ("Accept-Language: zh-CN").
  CurlAnswer PostJson(const std::string& rpc, const std::string& json,
                      const std::string& token = "",
                      const std::vector<std::string>& headers = {});
  // curl's argument for a body that may hold NUL bytes.
  std::string BodyFile(const std::string& bytes);
  // The log's last event, read over gRPC as a replica.
  v1::Event LastEvent();
  // As of `at_position`, the position an HTTP answer gave.
  v1::GetStandingsResponse StandingsOverGrpc(uint64_t at_position);

  int bodies_ = 0;
  LiveRoute routes_;
  std::unique_ptr<HttpFront> front_;
  std::string base_;
};

}  // namespace qiwang::http

#endif  // QIWANG_TESTS_HTTP_HTTP_FRONT_FIXTURE_H_
