#ifndef QIWANG_TESTS_SERVER_SERVER_FIXTURE_H_
#define QIWANG_TESTS_SERVER_SERVER_FIXTURE_H_

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>

#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "services/server/server.h"

namespace qiwang::server {

v1::ExpectedVersion AnyVersion();
v1::ExpectedVersion NoStream();
v1::ExpectedVersion ExactVersion(uint64_t version);

// An append of one note event per text, each with reason "test".
v1::AppendRequest NotesRequest(const std::string& stream,
                               const v1::ExpectedVersion& expected,
                               const std::vector<std::string>& notes,
                               const std::string& command_id = "");

struct ReadResult {
  grpc::Status status;
  std::vector<v1::Event> events;
};

// The token of user "olive", the organiser, in the fixture's token list.
inline constexpr char kOrganiserToken[] = "organiser-secret";

// A real Server on 127.0.0.1:0 over a fresh event log in a temporary folder,
// with one organiser token, and a stub on a real channel to it; NewCall
// sends the organiser's token.
class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // A call context with a deadline, so a broken server fails the test
  // instead of hanging it.
  static std::unique_ptr<grpc::ClientContext> NewCall();

  grpc::Status Append(const v1::AppendRequest& request,
                      v1::AppendResponse* response);
  // Appends and expects success.
  v1::AppendResponse MustAppend(const v1::AppendRequest& request);
  ReadResult Read(const v1::ReadRequest& request);
  // Every event of the whole log, forwards.
  std::vector<v1::Event> ReadAll();

  std::string temp_dir_;
  std::unique_ptr<Server> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::EventLogService::Stub> stub_;
};

// Positions of `events`, in order.
std::vector<uint64_t> Positions(const std::vector<v1::Event>& events);

}  // namespace qiwang::server

#endif  // QIWANG_TESTS_SERVER_SERVER_FIXTURE_H_
