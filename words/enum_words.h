// The words for every value of every enum in proto/qiwang/v1, in Chinese and
// English, kept once here and read by the CLI, the pages, the printouts, the
// spreadsheet and the exports alike (tests/words checks that no value lacks
// them). Pure; any caller, any thread.
#ifndef QIWANG_WORDS_ENUM_WORDS_H_
#define QIWANG_WORDS_ENUM_WORDS_H_

#include <string>

#include "google/protobuf/descriptor.h"
#include "google/protobuf/generated_enum_reflection.h"
#include "words/lang.h"

namespace qiwang::words {

struct Words {
  const char* zh;
  const char* en;
};

// The words of `value`, or null for a value that has none (the *_UNSPECIFIED
// values but a few that mean something to a reader, e.g. a game not played).
const Words* FindEnumWords(const google::protobuf::EnumValueDescriptor& value);

// `value` in `lang`; "未指定" / "unspecified" for a value without words.
std::string SayValue(const google::protobuf::EnumValueDescriptor* value,
                     Lang lang);
// Both languages, Chinese first, as a heading reads: "红胜 Red wins".
std::string SayBothValue(const google::protobuf::EnumValueDescriptor* value);

template <typename Enum>
const google::protobuf::EnumValueDescriptor* DescriptorOf(Enum value) {
  return google::protobuf::GetEnumDescriptor<Enum>()->FindValueByNumber(
      static_cast<int>(value));
}

template <typename Enum>
std::string Say(Enum value, Lang lang) {
  return SayValue(DescriptorOf(value), lang);
}

template <typename Enum>
std::string SayBoth(Enum value) {
  return SayBothValue(DescriptorOf(value));
}

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_ENUM_WORDS_H_
