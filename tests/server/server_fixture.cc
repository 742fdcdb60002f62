#include "tests/server/server_fixture.h"

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace qiwang::server {

v1::ExpectedVersion AnyVersion() {
  v1::ExpectedVersion expected;
  expected.set_kind(v1::ExpectedVersion::KIND_ANY);
  return expected;
}

v1::ExpectedVersion NoStream() {
  v1::ExpectedVersion expected;
  expected.set_kind(v1::ExpectedVersion::KIND_NO_STREAM);
  return expected;
}

v1::ExpectedVersion ExactVersion(uint64_t version) {
  v1::ExpectedVersion expected;
  expected.set_kind(v1::ExpectedVersion::KIND_EXACT);
  expected.set_version(version);
  return expected;
}

v1::AppendRequest NotesRequest(const std::string& stream,
                               const v1::ExpectedVersion& expected,
                               const std::vector<std::string>& notes,
                               const std::string& command_id) {
  v1::AppendRequest request;
  request.set_stream(stream);
  *request.mutable_expected_version() = expected;
  request.set_command_id(command_id);
  for (const std::string& note : notes) {
    v1::ProposedEvent* event = request.add_events();
    event->set_reason("test");
    event->mutable_log_note()->set_text(note);
  }
  return request;
}

ServerOptions ServerTest::Options() const {
  ServerOptions options;
  options.listen_address = "127.0.0.1:0";
  options.tokens = {{kOrganiserToken, "olive", {rules::Role::kOrganiser}}};
  return options;
}

void ServerTest::SetUp() {
  absl::StatusOr<std::unique_ptr<InProcessServer>> started =
      InProcessServer::Start(Options(), seed_data_dir_);
  ASSERT_TRUE(started.ok()) << started.status();
  process_ = *std::move(started);
  temp_dir_ = process_->dir();
  server_ = &process_->server();
  channel_ = process_->channel();
  stub_ = v1::EventLogService::NewStub(channel_);
}

void ServerTest::TearDown() { process_.reset(); }

std::unique_ptr<grpc::ClientContext> ServerTest::NewCall() {
  auto call = std::make_unique<grpc::ClientContext>();
  call->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
  call->AddMetadata("authorization", absl::StrCat("Bearer ", kOrganiserToken));
  return call;
}

grpc::Status ServerTest::Append(const v1::AppendRequest& request,
                                v1::AppendResponse* response) {
  return stub_->Append(NewCall().get(), request, response);
}

v1::AppendResponse ServerTest::MustAppend(const v1::AppendRequest& request) {
  v1::AppendResponse response;
  const grpc::Status status = Append(request, &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return response;
}

ReadResult ServerTest::Read(const v1::ReadRequest& request) {
  ReadResult result;
  std::unique_ptr<grpc::ClientContext> call = NewCall();
  auto reader = stub_->Read(call.get(), request);
  v1::ReadResponse response;
  while (reader->Read(&response)) result.events.push_back(response.event());
  result.status = reader->Finish();
  return result;
}

std::vector<v1::Event> ServerTest::ReadAll() {
  ReadResult result = Read(v1::ReadRequest());
  EXPECT_TRUE(result.status.ok()) << result.status.error_message();
  return result.events;
}

std::vector<uint64_t> Positions(const std::vector<v1::Event>& events) {
  std::vector<uint64_t> positions;
  for (const v1::Event& event : events) positions.push_back(event.position());
  return positions;
}

}  // namespace qiwang::server
