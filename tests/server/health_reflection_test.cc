// The standard services qiwangd hosts beside its own: health checking and
// server reflection (what grpcurl and load balancers use).
#include <grpcpp/impl/rpc_method.h>
#include <grpcpp/support/sync_stream.h>

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/dynamic_message.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "gtest/gtest.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::DescriptorPool;
using google::protobuf::DynamicMessageFactory;
using google::protobuf::Message;
using ::testing::IsSupersetOf;

using HealthTest = ServerTest;

TEST_F(HealthTest, OverallHealthIsServing) {
  auto health = grpc::health::v1::Health::NewStub(channel_);
  grpc::health::v1::HealthCheckRequest request;
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status =
      health->Check(NewCall().get(), request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.status(), grpc::health::v1::HealthCheckResponse::SERVING);
}

// The reflection messages come from the descriptors libgrpc++_reflection
// registers (Debian ships no reflection headers), used as dynamic messages.
class ReflectionTest : public ServerTest {
 protected:
  static const Descriptor* Type(const std::string& name) {
    const Descriptor* type =
        DescriptorPool::generated_pool()->FindMessageTypeByName(name);
    EXPECT_NE(type, nullptr) << name;
    return type;
  }

  std::vector<std::string> ListServices() {
    const Descriptor* request_type =
        Type("grpc.reflection.v1alpha.ServerReflectionRequest");
    const Descriptor* response_type =
        Type("grpc.reflection.v1alpha.ServerReflectionResponse");
    if (request_type == nullptr || response_type == nullptr) return {};
    DynamicMessageFactory factory;
    std::unique_ptr<Message> request(factory.GetPrototype(request_type)->New());
    request->GetReflection()->SetString(
        request.get(), request_type->FindFieldByName("list_services"), "");
    std::unique_ptr<Message> response(
        factory.GetPrototype(response_type)->New());

    const grpc::internal::RpcMethod method(
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
        grpc::internal::RpcMethod::BIDI_STREAMING, channel_);
    std::unique_ptr<grpc::ClientContext> call = NewCall();
    std::unique_ptr<grpc::ClientReaderWriter<Message, Message>> stream(
        grpc::internal::ClientReaderWriterFactory<Message, Message>::Create(
            channel_.get(), method, call.get()));
    EXPECT_TRUE(stream->Write(*request));
    stream->WritesDone();
    EXPECT_TRUE(stream->Read(response.get()));
    std::unique_ptr<Message> extra(response->New());
    while (stream->Read(extra.get())) {
    }
    EXPECT_TRUE(stream->Finish().ok());

    std::vector<std::string> names;
    const auto* reflection = response->GetReflection();
    const Message& list = reflection->GetMessage(
        *response, response_type->FindFieldByName("list_services_response"));
    const auto* service_field =
        list.GetDescriptor()->FindFieldByName("service");
    for (int i = 0; i < list.GetReflection()->FieldSize(list, service_field);
         ++i) {
      const Message& service =
          list.GetReflection()->GetRepeatedMessage(list, service_field, i);
      names.push_back(service.GetReflection()->GetString(
          service, service.GetDescriptor()->FindFieldByName("name")));
    }
    return names;
  }
};

TEST_F(ReflectionTest, ListsTheEventLogAndHealthServices) {
  EXPECT_THAT(ListServices(), IsSupersetOf({"qiwang.v1.EventLogService",
                                            "grpc.health.v1.Health"}));
}

}  // namespace
}  // namespace qiwang::server
