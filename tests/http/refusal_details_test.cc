// Refusals in the standard gRPC error model (issue 25 §1), from a real
// qiwangd over Connect (curl) and gRPC: each carries a google.rpc.ErrorInfo
// naming the clause and a google.rpc.LocalizedMessage in the language the
// caller asked for, and still changes nothing.
#include <regex>
#include <string>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "gtest/gtest.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "tests/http/http_front_fixture.h"

namespace qiwang::http {
namespace {

using standings::kArbiter;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kRecord[] =
    R"({"commandId":"lang-1","tournamentId":"sichuan-2016","sectionId":"open-men","round":1,"board":1,"result":"GAME_RESULT_RED_WIN"})";
constexpr char kSecondOnTheBoard[] =
    R"({"commandId":"lang-2","tournamentId":"sichuan-2016","sectionId":"open-men","round":1,"board":1,"result":"GAME_RESULT_DRAW"})";

bool HasLatinSentence(const std::string& text) {
  static const std::regex kLatinWords("[A-Za-z]{2,}[ ,]+[A-Za-z]{2,}");
  return std::regex_search(text, kLatinWords);
}

// The details of a Connect error body, decoded from their base64 values.
struct ConnectDetails {
  std::string message;
  google::rpc::ErrorInfo info;
  google::rpc::LocalizedMessage localized;
  int count = 0;
};

ConnectDetails DetailsOf(const std::string& body) {
  ConnectDetails details;
  google::protobuf::Struct error;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(body, &error).ok())
      << body;
  details.message = error.fields().at("message").string_value();
  for (const google::protobuf::Value& detail :
       error.fields().at("details").list_value().values()) {
    const auto& fields = detail.struct_value().fields();
    std::string value;
    EXPECT_TRUE(
        absl::Base64Unescape(fields.at("value").string_value(), &value));
    const std::string& type = fields.at("type").string_value();
    if (type == "google.rpc.ErrorInfo") {
      EXPECT_TRUE(details.info.ParseFromString(value));
      ++details.count;
    } else if (type == "google.rpc.LocalizedMessage") {
      EXPECT_TRUE(details.localized.ParseFromString(value));
      ++details.count;
    }
  }
  return details;
}

TEST_F(HttpFrontTest, R5_3_ARefusalNamesItsClauseInTheReadersLanguage) {
  EnterOpenMen(4);
  PairRound(1);
  ASSERT_EQ(PostJson("PlayService/RecordResult", kRecord, kArbiter).status,
            200);
  const uint64_t position = LastEvent().position();

  CurlAnswer answer =
      PostJson("PlayService/RecordResult", kSecondOnTheBoard, kArbiter,
               {"Accept-Language: zh-CN,zh;q=0.9,en;q=0.8"});
  EXPECT_EQ(answer.status, 400) << answer.body;
  ConnectDetails zh = DetailsOf(answer.body);
  EXPECT_EQ(zh.count, 2) << answer.body;
  EXPECT_EQ(zh.info.reason(), "R5.3");
  EXPECT_EQ(zh.info.domain(), "qiwang.v1");
  EXPECT_EQ(zh.localized.locale(), "zh-CN");
  // What exactly was wrong, in Chinese: all but the instant, which is the
  // server's clock.
  EXPECT_THAT(
      zh.localized.message(),
      StartsWith("不符合规程 R5.3（成绩种类）：组别 公开组男子 第 1 轮第 "
                 "1 台已有成绩：红胜，由 arthur（裁判员）于 "));
  EXPECT_THAT(zh.localized.message(),
              EndsWith(absl::StrCat(" Asia/Shanghai 记录（日志位置 ", position,
                                    "）；更改成绩须由裁判长更正。")));
  EXPECT_FALSE(HasLatinSentence(zh.localized.message()))
      << zh.localized.message();
  EXPECT_THAT(zh.message, HasSubstr("R5.3"));  // the English message stays

  answer = PostJson("PlayService/RecordResult", kSecondOnTheBoard, kArbiter,
                    {"Accept-Language: en-GB"});
  ConnectDetails en = DetailsOf(answer.body);
  EXPECT_EQ(en.localized.locale(), "en");
  EXPECT_EQ(en.localized.message(), en.message);

  // A refusal no clause makes: its code in the reader's words.
  answer = PostJson("PlayService/RecordResult", kSecondOnTheBoard, "",
                    {"Accept-Language: zh"});
  EXPECT_EQ(answer.status, 401);
  zh = DetailsOf(answer.body);
  EXPECT_EQ(zh.info.reason(), "UNAUTHENTICATED");
  EXPECT_THAT(zh.localized.message(), HasSubstr("请先登录"));

  // A refusal of the front itself (a request that never reaches a service)
  // reads in the caller's language too.
  answer = Curl(absl::StrCat(base_, "/qiwang.v1.StandingsService/GetStandings",
                             "?encoding=xml&message=%7B%7D"),
                {"-H", "Lang: zh"});
  EXPECT_EQ(answer.status, 400) << answer.body;
  zh = DetailsOf(answer.body);
  EXPECT_EQ(zh.info.metadata().at("field"), "encoding");
  EXPECT_THAT(zh.localized.message(), HasSubstr("字段 encoding"));

  EXPECT_EQ(LastEvent().position(), position);  // nothing appended
}

TEST_F(HttpFrontTest, R5_3_GrpcCallersGetTheSameDetailsByTheirLangMetadata) {
  EnterOpenMen(4);
  PairRound(1);
  v1::RecordResultRequest request;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(kRecord, &request).ok());
  v1::RecordResultResponse response;
  ASSERT_TRUE(
      play_->RecordResult(Call(kArbiter).get(), request, &response).ok());
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(kSecondOnTheBoard, &request)
          .ok());

  for (const auto& [lang, locale] :
       {std::pair<std::string, std::string>{"zh", "zh-CN"}, {"", "en"}}) {
    SCOPED_TRACE(lang);
    std::unique_ptr<grpc::ClientContext> context = Call(kArbiter);
    if (!lang.empty()) context->AddMetadata("lang", lang);
    const grpc::Status status =
        play_->RecordResult(context.get(), request, &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
    google::rpc::Status details;
    ASSERT_TRUE(details.ParseFromString(status.error_details()));
    EXPECT_EQ(details.code(), grpc::StatusCode::FAILED_PRECONDITION);
    ASSERT_EQ(details.details_size(), 2);
    google::rpc::ErrorInfo info;
    ASSERT_TRUE(details.details(0).UnpackTo(&info));
    EXPECT_EQ(info.reason(), "R5.3");
    google::rpc::LocalizedMessage localized;
    ASSERT_TRUE(details.details(1).UnpackTo(&localized));
    EXPECT_EQ(localized.locale(), locale);
    if (lang == "zh") {
      EXPECT_FALSE(HasLatinSentence(localized.message()));
    } else {
      EXPECT_EQ(localized.message(), status.error_message());
    }
  }
}

}  // namespace
}  // namespace qiwang::http
