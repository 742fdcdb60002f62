// The demo's built-in configuration is the shipped 2016 file, so `qiwang demo`
// plays the same event from any folder as from the repository root.
#include "clients/cli/demo_config.h"

#include <fstream>
#include <sstream>

#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::cli {
namespace {

TEST(DemoConfigTest, TheBuiltInConfigurationIsTheShipped2016File) {
  std::ifstream file(QIWANG_SICHUAN_2016_JSON);
  ASSERT_TRUE(file) << QIWANG_SICHUAN_2016_JSON;
  std::stringstream text;
  text << file.rdbuf();
  v1::TournamentConfig shipped;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(text.str(), &shipped).ok());

  const absl::string_view built_in = Sichuan2016Config();
  v1::TournamentConfig embedded;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(
          google::protobuf::StringPiece(built_in.data(), built_in.size()),
          &embedded)
          .ok());
  EXPECT_EQ(embedded.id(), "sichuan-2016");
  EXPECT_GT(embedded.sections_size(), 0);
  EXPECT_TRUE(
      google::protobuf::util::MessageDifferencer::Equals(embedded, shipped));
}

}  // namespace
}  // namespace qiwang::cli
