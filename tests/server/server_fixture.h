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
#include "tests/server/in_process_server.h"

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

// An InProcessServer (a fresh log, or a copy of `seed_data_dir_`) with one
// organiser token unless Options says otherwise, and a stub on a real
// channel to it; SetUp returns once the server reports SERVING. NewCall
// sends the organiser's token.
class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // The options the server starts with (InProcessServer sets data_dir).
  virtual ServerOptions Options() const;
  std::string seed_data_dir_;

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

  std::unique_ptr<InProcessServer> process_;
  std::string temp_dir_;    // process_->dir()
  Server* server_ = nullptr;  // process_->server()
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::EventLogService::Stub> stub_;
};

// Positions of `events`, in order.
std::vector<uint64_t> Positions(const std::vector<v1::Event>& events);

}  // namespace qiwang::server

#endif  // QIWANG_TESTS_SERVER_SERVER_FIXTURE_H_
