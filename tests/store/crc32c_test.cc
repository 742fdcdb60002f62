#include "store/crc32c.h"

#include <string>

#include "gtest/gtest.h"

namespace qiwang::store::crc32c {
namespace {

// Event-log guarantee (R9.5, nothing rewritten unnoticed): the checksum is the
// standard CRC32C, so damage is caught and other tools can verify records.
TEST(Crc32cTest, MatchesPublishedCheckValues) {
  EXPECT_EQ(Value("123456789"), 0xE3069283u);  // the CRC catalogue's check
  EXPECT_EQ(Value(std::string(32, '\0')), 0x8A9136AAu);  // RFC 3720 B.4
  EXPECT_EQ(Value(std::string(32, '\xFF')), 0x62A8AB43u);
  std::string ascending;
  for (int i = 0; i < 32; ++i) ascending.push_back(static_cast<char>(i));
  EXPECT_EQ(Value(ascending), 0x46DD794Eu);
}

// R9.5: extending in pieces gives the CRC of the whole, on both code paths.
TEST(Crc32cTest, ExtendingInPiecesEqualsTheWholeOnBothPaths) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text.push_back(static_cast<char>(i * 7 + 3));
  const uint32_t whole = ExtendPortable(0, text.data(), text.size());
  for (size_t cut : {0, 1, 7, 8, 9, 500, 999, 1000}) {
    const uint32_t head = Extend(0, text.data(), cut);
    EXPECT_EQ(Extend(head, text.data() + cut, text.size() - cut), whole)
        << "cut at " << cut;
  }
}

}  // namespace
}  // namespace qiwang::store::crc32c
