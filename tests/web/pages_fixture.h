// A real qiwangd (the standings fixture) that has played part of an
// open-men event, and the public pages on a channel to it, called directly.
#ifndef QIWANG_TESTS_WEB_PAGES_FIXTURE_H_
#define QIWANG_TESTS_WEB_PAGES_FIXTURE_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "services/http/handler.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::web {

// The value of `response`'s header `name` (as the pages wrote it); empty when
// absent.
std::string HeaderOf(const http::Response& response, const std::string& name);

class PagesTest : public standings::StandingsServerTest {
 protected:
  // Eight open men; round 1 paired, boards 1 and 2 played (red wins, draw).
  void SetUp() override;
  void TearDown() override;

  // GET `path` with `query` and headers; fails the test when the pages do
  // not answer it or answer a stream.
  http::Response Get(
      const std::string& path,
      std::vector<std::pair<std::string, std::string>> query = {},
      std::vector<std::pair<std::string, std::string>> headers = {});
  std::optional<http::Reply> Handle(http::Request request);
  // Pages read the present without a position, as a browser does: wait
  // until the projection has applied `position` before reading a page.
  void AwaitProjection(uint64_t position);

  std::unique_ptr<http::Routes> pages_;
  uint64_t paired_position_ = 0;  // after round 1 was paired
  v1::RoundView round_one_;
};

}  // namespace qiwang::web

#endif  // QIWANG_TESTS_WEB_PAGES_FIXTURE_H_
