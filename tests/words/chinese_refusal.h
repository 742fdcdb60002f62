// What a Chinese reader of a refusal sees, for the tests of the refusals'
// sentences (refusal_sentences_test.cc and its siblings): the whole
// sentence, having checked that it is a refusal and that an English reader
// sees the rule's own message. Test code only.
#ifndef QIWANG_TESTS_WORDS_CHINESE_REFUSAL_H_
#define QIWANG_TESTS_WORDS_CHINESE_REFUSAL_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "base/refusal_details.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/decide.h"
#include "words/refusal_words.h"

namespace qiwang::rules::tournament {

// `refusal` as a Chinese reader sees it; also checks that it is a refusal
// and that an English reader sees the rule's own message.
inline std::string Chinese(const absl::Status& refusal) {
  EXPECT_FALSE(refusal.ok());
  EXPECT_EQ(words::RefusalSentence(base::ErrorInfoOf(refusal),
                                   refusal.message(), words::Lang::kEn),
            refusal.message());
  return words::RefusalSentence(base::ErrorInfoOf(refusal), refusal.message(),
                                words::Lang::kZh);
}

inline std::string Chinese(const absl::StatusOr<Events>& decided) {
  return Chinese(decided.status());
}

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_TESTS_WORDS_CHINESE_REFUSAL_H_
