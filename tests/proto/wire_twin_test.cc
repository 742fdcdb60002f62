// Each Watch RPC streams its own response type, declared with the fields of
// the Get/List response of the same view: a client reading the stream sees
// the bytes and the JSON it saw before the Watch responses had their own
// names, and AsWireTwin converts between the two without losing a field.
#include "proto/wire_twin.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/json_util.h>

#include <string>

#include "gtest/gtest.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"

namespace qiwang::proto {
namespace {

using ::google::protobuf::Descriptor;
using ::google::protobuf::FieldDescriptor;
using ::google::protobuf::MethodDescriptor;
using ::google::protobuf::ServiceDescriptor;

std::string TypeOf(const FieldDescriptor& field) {
  if (field.message_type() != nullptr) return field.message_type()->full_name();
  if (field.enum_type() != nullptr) return field.enum_type()->full_name();
  return field.type_name();
}

void ExpectWireTwins(const Descriptor& watch, const Descriptor& twin) {
  SCOPED_TRACE(watch.full_name() + " and " + twin.full_name());
  ASSERT_EQ(watch.field_count(), twin.field_count());
  for (int i = 0; i < watch.field_count(); ++i) {
    const FieldDescriptor& field = *watch.field(i);
    const FieldDescriptor* same = twin.FindFieldByNumber(field.number());
    ASSERT_NE(same, nullptr) << "field " << field.number();
    EXPECT_EQ(field.name(), same->name());
    EXPECT_EQ(field.json_name(), same->json_name());
    EXPECT_EQ(field.type(), same->type()) << field.name();
    EXPECT_EQ(field.label(), same->label()) << field.name();
    EXPECT_EQ(TypeOf(field), TypeOf(*same)) << field.name();
    EXPECT_EQ(field.containing_oneof() == nullptr,
              same->containing_oneof() == nullptr)
        << field.name();
  }
}

// Every Watch<X> of `service` streams the twin of Get<X>'s or List<X>'s
// response.
void ExpectEveryWatchHasATwin(const ServiceDescriptor& service) {
  int watches = 0;
  for (int i = 0; i < service.method_count(); ++i) {
    const MethodDescriptor& watch = *service.method(i);
    const std::string name = watch.name();
    if (name.rfind("Watch", 0) != 0) continue;
    ++watches;
    EXPECT_TRUE(watch.server_streaming()) << name;
    const std::string view = name.substr(5);
    const MethodDescriptor* read = service.FindMethodByName("Get" + view);
    if (read == nullptr) read = service.FindMethodByName("List" + view);
    ASSERT_NE(read, nullptr) << name << ": no Get" << view << " or List" << view
                             << " to be the twin of";
    EXPECT_NE(watch.output_type(), read->output_type()) << name;
    ExpectWireTwins(*watch.output_type(), *read->output_type());
  }
  EXPECT_GT(watches, 0) << service.full_name();
}

TEST(WireTwinTest, EveryWatchStreamsTheTwinOfItsRead) {
  for (const char* name : {v1::StandingsService::service_full_name(),
                           v1::PairingService::service_full_name()}) {
    const ServiceDescriptor* service =
        google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
            name);
    ASSERT_NE(service, nullptr) << name;
    ExpectEveryWatchHasATwin(*service);
  }
}

v1::GetStandingsResponse SomeStandings() {
  v1::GetStandingsResponse standings;
  standings.set_ranking_id("open-men");
  standings.mutable_name()->set_en("Open men");
  standings.mutable_name()->set_zh("男子公开组");
  standings.set_after_round(3);
  standings.set_as_of_position(42);
  v1::StandingRow& row = *standings.add_rows();
  row.set_rank(1);
  row.set_shared_rank(true);
  row.set_player_id(7);
  row.set_name("王天一");
  row.set_score(5);
  v1::TieBreakScore& tie_break = *row.add_tie_breaks();
  tie_break.set_kind(v1::TIE_BREAK_KIND_BUCHHOLZ);
  tie_break.set_value(11);
  tie_break.add_sequence(2);
  return standings;
}

std::string Json(const google::protobuf::Message& message) {
  std::string json;
  EXPECT_TRUE(google::protobuf::util::MessageToJsonString(message, &json).ok());
  return json;
}

TEST(WireTwinTest, AStandingsViewKeepsItsBytesAndJsonAsAWatchResponse) {
  const v1::GetStandingsResponse standings = SomeStandings();
  const v1::WatchStandingsResponse watched =
      AsWireTwin<v1::WatchStandingsResponse>(standings);
  EXPECT_EQ(watched.SerializeAsString(), standings.SerializeAsString());
  EXPECT_EQ(Json(watched), Json(standings));
  EXPECT_EQ(watched.rows(0).name(), "王天一");
  EXPECT_EQ(AsWireTwin<v1::GetStandingsResponse>(watched).SerializeAsString(),
            standings.SerializeAsString());
}

TEST(WireTwinTest, APairingsViewKeepsItsBytesAndJsonAsAWatchResponse) {
  v1::ListPairingsResponse pairings;
  pairings.set_as_of_position(9);
  v1::RoundView& round = *pairings.add_rounds();
  round.set_section_id("open-men");
  round.set_round(2);
  v1::BoardView& board = *round.add_boards();
  board.set_number(1);
  board.mutable_red()->set_name("赵鑫鑫");
  board.set_result(v1::GAME_RESULT_DRAW);
  const v1::WatchPairingsResponse watched =
      AsWireTwin<v1::WatchPairingsResponse>(pairings);
  EXPECT_EQ(watched.SerializeAsString(), pairings.SerializeAsString());
  EXPECT_EQ(Json(watched), Json(pairings));
  EXPECT_EQ(watched.rounds(0).boards(0).red().name(), "赵鑫鑫");
}

}  // namespace
}  // namespace qiwang::proto
