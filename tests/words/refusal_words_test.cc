// Refusals in the reader's language (issue 25 §1): the clause a refusal
// names comes out of its message, every clause the rules refuse by has
// words, and a Chinese reader's sentence holds no English sentence.
#include "words/refusal_words.h"

#include <regex>
#include <set>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_split.h"
#include "base/refusal_details.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/test_paths.h"
#include "words/accept_language.h"

namespace qiwang::words {
namespace {

using ::testing::HasSubstr;

// A run of two or more Latin words ("the appeal", "not allowed"): English
// prose, which a Chinese page must not show. Single tokens (field names,
// ids, R9.2) are values, not sentences.
bool HasLatinSentence(const std::string& text) {
  static const std::regex kLatinWords("[A-Za-z]{2,}[ ,]+[A-Za-z]{2,}");
  return std::regex_search(text, kLatinWords);
}

// Every clause a refusal in services/rules opens with ("R9.2: ...").
std::set<std::string> ClausesTheRulesRefuseBy() {
  std::set<std::string> clauses;
  const std::regex kOpening("\"(R[0-9]+(\\.[0-9]+)*):");
  for (absl::string_view path : absl::StrSplit(QIWANG_RULES_SOURCES, ';')) {
    const std::string source = test_paths::ReadSource(path);
    for (std::sregex_iterator match(source.begin(), source.end(), kOpening);
         match != std::sregex_iterator(); ++match) {
      clauses.insert((*match)[1]);
    }
  }
  return clauses;
}

// A refusal opens with its clause, then the field ("R9.3: votes: ..."):
// the other way round its reason would be the code, and a Chinese reader's
// sentence would not name the clause.
TEST(RefusalWordsTest, NoRefusalNamesItsFieldBeforeItsClause) {
  const std::regex kFieldFirst("\"[a-z_.\\[\\]0-9]*: R[0-9]+(\\.[0-9]+)*:");
  for (absl::string_view path : absl::StrSplit(QIWANG_RULES_SOURCES, ';')) {
    const std::string source = test_paths::ReadSource(path);
    std::smatch match;
    EXPECT_FALSE(std::regex_search(source, match, kFieldFirst))
        << path << ": " << match.str();
  }
  EXPECT_EQ(base::ErrorInfoOf(
                absl::InvalidArgumentError("R9.3: votes: no vote is recorded"))
                .reason(),
            "R9.3");
}

TEST(RefusalWordsTest, TheClauseAndFieldComeOutOfTheMessage) {
  EXPECT_EQ(base::ClauseOf("R9.2: the appeal window of 30m closed"), "R9.2");
  EXPECT_EQ(base::ClauseOf("R6: no pairing satisfies R6.3"), "R6");
  EXPECT_EQ(base::ClauseOf("Round 3 is over"), "");
  EXPECT_EQ(base::ClauseOf("R9.: broken"), "");
  EXPECT_EQ(base::FieldOf("R9.3: remedy.result: board 4 has no game"),
            "remedy.result");
  EXPECT_EQ(base::FieldOf("tournament_id: must not be empty"), "tournament_id");
  EXPECT_EQ(base::FieldOf("R5.3: board 4 has a result already"), "");

  const google::rpc::ErrorInfo info = base::ErrorInfoOf(
      absl::InvalidArgumentError("tournament_id: must not be empty"));
  EXPECT_EQ(info.reason(), "INVALID_ARGUMENT");
  EXPECT_EQ(info.domain(), "qiwang.v1");
  EXPECT_EQ(info.metadata().at("field"), "tournament_id");

  // The values a message names, as the services write them.
  const google::rpc::ErrorInfo named = base::ErrorInfoOf(absl::NotFoundError(
      "round 7 of section 'open-men' not found (board 3; player_id: 12)"));
  EXPECT_EQ(named.metadata().at("round"), "7");
  EXPECT_EQ(named.metadata().at("section"), "open-men");
  EXPECT_EQ(named.metadata().at("board"), "3");
  EXPECT_FALSE(named.metadata().contains("player"));  // "player_id" is a field
  EXPECT_EQ(base::ErrorInfoOf(absl::NotFoundError("player_id: no player 999"))
                .metadata()
                .at("player"),
            "999");
  // An explicit value wins over what the message says.
  EXPECT_EQ(base::ErrorInfoOf(
                base::WithRefusalValue(absl::NotFoundError("round 7 is over"),
                                       "round", "8"))
                .metadata()
                .at("round"),
            "8");
}

TEST(RefusalWordsTest,
     EveryClauseTheRulesRefuseByReadsInChineseWithoutEnglish) {
  const std::set<std::string> clauses = ClausesTheRulesRefuseBy();
  // The rules refuse by most of R1-R9; a scan that finds few read nothing.
  ASSERT_GT(clauses.size(), 20u);
  for (const std::string& clause : clauses) {
    SCOPED_TRACE(clause);
    EXPECT_FALSE(ClauseName(clause, Lang::kZh).empty());
    EXPECT_FALSE(ClauseName(clause, Lang::kEn).empty());
    absl::Status refusal = base::WithRefusalValue(
        absl::FailedPreconditionError(
            absl::StrCat(clause, ": board 4 of round 3 has a result already")),
        "board", "4");
    refusal = base::WithRefusalValue(std::move(refusal), "round", "3");
    const std::string zh = RefusalSentence(base::ErrorInfoOf(refusal),
                                           refusal.message(), Lang::kZh);
    EXPECT_THAT(zh, HasSubstr(ClauseName(clause, Lang::kZh)));
    EXPECT_THAT(zh, HasSubstr("轮次 3"));
    EXPECT_THAT(zh, HasSubstr("台次 4"));
    EXPECT_FALSE(HasLatinSentence(zh)) << zh;
    EXPECT_EQ(RefusalSentence(base::ErrorInfoOf(refusal), refusal.message(),
                              Lang::kEn),
              refusal.message());
  }
}

TEST(RefusalWordsTest, EveryCodeReadsInChineseWithoutEnglish) {
  for (int code = 1; code <= 16; ++code) {
    const absl::Status refusal(static_cast<absl::StatusCode>(code),
                               "something went wrong in English");
    SCOPED_TRACE(refusal.ToString());
    const std::string zh = RefusalSentence(base::ErrorInfoOf(refusal),
                                           refusal.message(), Lang::kZh);
    EXPECT_NE(zh, "请求未被接受。");
    EXPECT_FALSE(HasLatinSentence(zh)) << zh;
  }
}

TEST(RefusalWordsTest, LocalizingKeepsTheEnglishMessageAndAddsTheReadersText) {
  const absl::Status refusal = LocalizeRefusal(
      absl::FailedPreconditionError("R4.1: registration closed at 17:00"),
      Lang::kZh);
  EXPECT_EQ(refusal.message(), "R4.1: registration closed at 17:00");
  const auto localized = base::LocalizedMessageOf(refusal);
  ASSERT_TRUE(localized.has_value());
  EXPECT_EQ(localized->locale(), "zh-CN");
  EXPECT_EQ(localized->message(), "不符合规程 R4.1（报名截止）。");
  // A second localization keeps the first reader's text.
  EXPECT_EQ(
      base::LocalizedMessageOf(LocalizeRefusal(refusal, Lang::kEn))->locale(),
      "zh-CN");
  EXPECT_TRUE(LocalizeRefusal(absl::OkStatus(), Lang::kZh).ok());
}

// Determinism (DESIGN.md): a refusal decided twice is the same status, its
// details included, however many values it names (ErrorInfo's metadata is a
// map, whose order protobuf does not fix unless asked).
TEST(RefusalWordsTest, ARefusalBuiltTwiceIsTheSameStatus) {
  const auto refusal = [] {
    return base::WithRefusal(
        absl::FailedPreconditionError("R5.3: board 1 has a result already"),
        "result_already_recorded",
        {{"section", "open-men"},
         {"round", "3"},
         {"board", "1"},
         {"result", "GAME_RESULT_RED_WIN"},
         {"by", "ann"},
         {"role", "arbiter"},
         {"at", "2016-10-14 15:30"},
         {"position", "49"}});
  };
  for (int i = 0; i < 20; ++i) EXPECT_EQ(refusal(), refusal());
}

TEST(RefusalWordsTest, TheCallersLanguage) {
  EXPECT_EQ(LangOfCaller("zh", "en-US"), Lang::kZh);
  EXPECT_EQ(LangOfCaller("en", "zh-CN"), Lang::kEn);
  EXPECT_EQ(LangOfCaller("", "zh-CN,zh;q=0.9,en;q=0.8"), Lang::kZh);
  EXPECT_EQ(LangOfCaller("", "fr-FR, en-GB;q=0.8, zh;q=0.5"), Lang::kEn);
  EXPECT_EQ(LangOfCaller("", ""), Lang::kEn);
  EXPECT_EQ(LangOfCaller("klingon", "ZH-tw"), Lang::kZh);
  // The weights decide, not the order: the pages and the refusals agree.
  EXPECT_EQ(LangOfCaller("", "en;q=0.5, zh-CN;q=0.9"), Lang::kZh);
  EXPECT_EQ(LangOfCaller("", "en, zh;q=abc"), Lang::kEn);
}

TEST(RefusalWordsTest,
     PagesAndRefusalsReadAcceptLanguageAlikeButForTheDefault) {
  EXPECT_EQ(LangFromAcceptLanguage("fr-FR", Lang::kZh), Lang::kZh);
  EXPECT_EQ(LangFromAcceptLanguage("fr-FR", Lang::kEn), Lang::kEn);
  EXPECT_EQ(LangFromAcceptLanguage("zh;q=0.2, en-GB;q=0.3", Lang::kZh),
            Lang::kEn);
  EXPECT_EQ(LangFromAcceptLanguage("en;q=0, zh;q=0", Lang::kZh), Lang::kZh);
  EXPECT_EQ(LangFromAcceptLanguage("zh;q=0, en;q=0.1", Lang::kZh), Lang::kEn);
}

TEST(RefusalWordsTest, DetailsSurviveTheWireAndIllFormedBytes) {
  absl::Status refusal = base::WithRefusalValue(
      absl::InvalidArgumentError("name: \xff\xfe is not UTF-8"), "board", "2");
  const google::rpc::Status wire = base::RpcStatusOf(refusal);
  google::rpc::Status parsed;
  ASSERT_TRUE(parsed.ParseFromString(wire.SerializeAsString()));
  const absl::Status back = base::FromRpcStatus(parsed);
  EXPECT_EQ(back.code(), absl::StatusCode::kInvalidArgument);
  const google::rpc::ErrorInfo info = base::ErrorInfoOf(back);
  EXPECT_EQ(info.metadata().at("board"), "2");
  EXPECT_EQ(info.metadata().at("field"), "name");
  EXPECT_THAT(std::string(back.message()), HasSubstr("\xEF\xBF\xBD"));
}

}  // namespace
}  // namespace qiwang::words
