// Issue 25 §1: one vocabulary. Every enum value a person may read has words
// in Chinese and in English, and no two values of one enum read alike.
#include "words/enum_words.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/descriptor.h"
#include "gtest/gtest.h"
#include "qiwang/v1/play_events.pb.h"

namespace qiwang::words {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::EnumDescriptor;

void AddEnumsOf(const Descriptor& message,
                std::vector<const EnumDescriptor*>& enums) {
  for (int i = 0; i < message.enum_type_count(); ++i) {
    enums.push_back(message.enum_type(i));
  }
  for (int i = 0; i < message.nested_type_count(); ++i) {
    AddEnumsOf(*message.nested_type(i), enums);
  }
}

// Every enum of every file in proto/qiwang/v1 (the list CMake globbed).
std::vector<const EnumDescriptor*> AllEnums() {
  std::vector<const EnumDescriptor*> enums;
  for (absl::string_view name : absl::StrSplit(QIWANG_PROTO_FILES, ',')) {
    const google::protobuf::FileDescriptor* file =
        google::protobuf::DescriptorPool::generated_pool()->FindFileByName(
            std::string(name));
    EXPECT_NE(file, nullptr) << name << " is not in the descriptor pool";
    if (file == nullptr) continue;
    for (int i = 0; i < file->enum_type_count(); ++i) {
      enums.push_back(file->enum_type(i));
    }
    for (int i = 0; i < file->message_type_count(); ++i) {
      AddEnumsOf(*file->message_type(i), enums);
    }
  }
  return enums;
}

bool HasCjk(absl::string_view text) {
  // Every CJK ideograph and full-width sign is 3 bytes in UTF-8 from 0xE3.
  for (unsigned char c : text) {
    if (c >= 0xE3 && c <= 0xEF) return true;
  }
  return false;
}

TEST(EnumWordsTest, EveryValueReadsInChineseAndEnglish) {
  const std::vector<const EnumDescriptor*> enums = AllEnums();
  ASSERT_GE(enums.size(), 20u);
  int values = 0;
  for (const EnumDescriptor* type : enums) {
    for (int i = 0; i < type->value_count(); ++i) {
      const auto* value = type->value(i);
      if (absl::EndsWith(value->name(), "_UNSPECIFIED")) continue;
      ++values;
      const Words* words = FindEnumWords(*value);
      ASSERT_NE(words, nullptr) << value->full_name() << " has no words";
      EXPECT_TRUE(HasCjk(words->zh))
          << value->full_name() << ": '" << words->zh << "' is not Chinese";
      EXPECT_FALSE(std::string(words->en).empty()) << value->full_name();
      EXPECT_FALSE(HasCjk(words->en))
          << value->full_name() << ": '" << words->en << "' is not English";
    }
  }
  EXPECT_GE(values, 80);
}

TEST(EnumWordsTest, NoTwoValuesOfAnEnumReadAlike) {
  for (const EnumDescriptor* type : AllEnums()) {
    absl::flat_hash_map<std::string, std::string> zh_of, en_of;
    for (int i = 0; i < type->value_count(); ++i) {
      const Words* words = FindEnumWords(*type->value(i));
      if (words == nullptr) continue;
      const std::string name = type->value(i)->name();
      const auto [zh, zh_new] = zh_of.emplace(words->zh, name);
      EXPECT_TRUE(zh_new) << name << " and " << zh->second << " both read "
                          << words->zh;
      const auto [en, en_new] = en_of.emplace(words->en, name);
      EXPECT_TRUE(en_new) << name << " and " << en->second << " both read "
                          << words->en;
    }
  }
}

TEST(EnumWordsTest, AValueWithoutWordsSaysSoInTheReadersLanguage) {
  EXPECT_EQ(Say(v1::FOUL_KIND_UNSPECIFIED, Lang::kZh), "未指定");
  EXPECT_EQ(Say(v1::FOUL_KIND_UNSPECIFIED, Lang::kEn), "unspecified");
  EXPECT_EQ(Say(static_cast<v1::FoulKind>(99), Lang::kZh), "未指定");
  EXPECT_EQ(SayBoth(v1::GAME_RESULT_DRAW),
            Say(v1::GAME_RESULT_DRAW, Lang::kZh) + " Draw");
}

}  // namespace
}  // namespace qiwang::words
