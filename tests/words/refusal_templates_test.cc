// Every kind of refusal the rules name (base/refusal_kinds.h) has a Chinese
// and an English template, both naming the same values, and filled they
// leave no placeholder; a refusal missing a value falls back to the generic
// sentence rather than showing a hole (issue 25 §1).
#include "words/refusal_templates.h"

#include <iterator>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "gtest/gtest.h"
#include "tests/test_paths.h"
#include "words/refusal_words.h"

namespace qiwang::words {
namespace {

std::set<std::string> KeysOf(absl::string_view text) {
  const std::vector<std::string> keys = PlaceholdersOf(text);
  return {keys.begin(), keys.end()};
}

// Every kind a rule or a form names (base::refusal::kX in services/rules
// and clients/forms), once each.
std::set<std::string> KindsTheRulesAndFormsName() {
  std::set<std::string> kinds;
  const std::regex kKind("refusal::(k[A-Za-z]+)");
  for (absl::string_view list : {QIWANG_RULES_SOURCES, QIWANG_FORMS_SOURCES}) {
    for (absl::string_view path : absl::StrSplit(list, ';')) {
      const std::string source = test_paths::ReadSource(path);
      for (std::sregex_iterator match(source.begin(), source.end(), kKind);
           match != std::sregex_iterator(); ++match) {
        kinds.insert((*match)[1]);
      }
    }
  }
  return kinds;
}

TEST(RefusalTemplatesTest, EveryKindTheRulesNameIsListedOnce) {
  const std::set<absl::string_view> listed(
      std::begin(base::refusal::kAllRefusalKinds),
      std::end(base::refusal::kAllRefusalKinds));
  EXPECT_EQ(listed.size(), std::size(base::refusal::kAllRefusalKinds));
  EXPECT_EQ(KindsTheRulesAndFormsName().size(), listed.size());
}

TEST(RefusalTemplatesTest, EveryKindHasBothTemplatesWithEveryValueFilled) {
  for (absl::string_view kind : base::refusal::kAllRefusalKinds) {
    SCOPED_TRACE(kind);
    const absl::string_view zh = RefusalTemplate(kind, Lang::kZh);
    const absl::string_view en = RefusalTemplate(kind, Lang::kEn);
    ASSERT_FALSE(zh.empty());
    ASSERT_FALSE(en.empty());
    EXPECT_EQ(KeysOf(zh), KeysOf(en));

    google::rpc::ErrorInfo info;
    (*info.mutable_metadata())[std::string(base::kRefusalKindKey)] =
        std::string(kind);
    for (const std::string& key : KeysOf(zh)) {
      (*info.mutable_metadata())[key] = absl::StrCat("v-", key);
    }
    for (Lang lang : {Lang::kZh, Lang::kEn}) {
      const std::optional<std::string> filled = FillRefusalTemplate(info, lang);
      ASSERT_TRUE(filled.has_value());
      EXPECT_EQ(filled->find('{'), std::string::npos) << *filled;
      EXPECT_EQ(filled->find('}'), std::string::npos) << *filled;
    }
  }
}

TEST(RefusalTemplatesTest, R5_3_AKindMissingAValueReadsAsTheGenericSentence) {
  const absl::Status refusal = base::WithRefusal(
      absl::FailedPreconditionError("R5.3: round 2 is not published"),
      base::refusal::kRoundNotPublished, {{"round", "2"}});
  EXPECT_EQ(
      RefusalSentence(base::ErrorInfoOf(refusal), refusal.message(), Lang::kZh),
      "不符合规程 R5.3（成绩种类）。涉及：轮次 2。");
}

TEST(RefusalTemplatesTest,
     R5_3_AKindWithoutATemplateReadsAsTheGenericSentence) {
  const absl::Status refusal =
      base::WithRefusal(absl::FailedPreconditionError("R5.3: board 4 is odd"),
                        "no_such_kind", {{"board", "4"}});
  EXPECT_EQ(
      RefusalSentence(base::ErrorInfoOf(refusal), refusal.message(), Lang::kZh),
      "不符合规程 R5.3（成绩种类）。涉及：台次 4。");
}

}  // namespace
}  // namespace qiwang::words
