// The configurations compiled into qiwang and qiwangd are the shipped files,
// so `qiwang demo` plays the same event from any folder as from the
// repository root, and the organiser's templates are what deploy/examples
// holds.
#include <fstream>
#include <sstream>
#include <string>

#include "clients/examples/shipped_configs.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "tests/test_paths.h"

namespace qiwang::examples {
namespace {

v1::TournamentConfig ReadShippedFile(const std::string& path) {
  std::ifstream file(path);
  EXPECT_TRUE(file) << path;
  std::stringstream text;
  text << file.rdbuf();
  v1::TournamentConfig config;
  EXPECT_TRUE(
      google::protobuf::util::JsonStringToMessage(text.str(), &config).ok())
      << path;
  return config;
}

TEST(ShippedConfigsTest, TheBuiltInConfigurationsAreTheShippedFiles2016First) {
  const std::string sichuan_2016 = test_paths::Sichuan2016Json();
  const std::string folder =
      sichuan_2016.substr(0, sichuan_2016.rfind('/') + 1);
  const std::vector<ShippedConfig>& built_in = ShippedConfigs();
  ASSERT_EQ(built_in.size(), 2u);
  EXPECT_EQ(built_in[0].file_name, "sichuan-2016.json");
  EXPECT_EQ(built_in[1].file_name, "sichuan-2016-rules2011.json");
  for (const ShippedConfig& config : built_in) {
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(
        config.config, ReadShippedFile(folder + config.file_name)))
        << config.file_name;
  }
  EXPECT_EQ(built_in[0].config.id(), "sichuan-2016");
  v1::TournamentConfig demo;
  const absl::string_view text = Sichuan2016Json();
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(
          google::protobuf::StringPiece(text.data(), text.size()), &demo)
          .ok());
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(
      demo, ReadShippedFile(sichuan_2016)))
      << "the demo plays the shipped 2016 file";
}

}  // namespace
}  // namespace qiwang::examples
