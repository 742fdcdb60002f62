// The RFC 4180 reader station rankings are read with (CLI and web): quoted
// fields with commas, doubled quotes and line breaks, and what the project's
// own CSV writer (the audit report's) writes reads back the same.
#include "clients/forms/csv_reader.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/reports/report_table.h"

namespace qiwang::forms {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::vector<std::string>> Fields(
    const std::vector<CsvRecord>& records) {
  std::vector<std::vector<std::string>> fields;
  for (const CsvRecord& record : records) fields.push_back(record.fields);
  return fields;
}

TEST(CsvReaderTest, ReadsPlainAndQuotedFields) {
  absl::StatusOr<std::vector<CsvRecord>> records = ReadCsv(
      "rank,name\r\n1,\"Wang, Tiger\"\n2,\"Li \"\"Flying\"\" Fox\"\n"
      "3,\"two\nlines\",\"\"\n4,");
  ASSERT_TRUE(records.ok()) << records.status();
  EXPECT_THAT(
      Fields(*records),
      ElementsAre(ElementsAre("rank", "name"), ElementsAre("1", "Wang, Tiger"),
                  ElementsAre("2", "Li \"Flying\" Fox"),
                  ElementsAre("3", "two\nlines", ""), ElementsAre("4", "")));
  // A record names the line it starts on; a quoted line break counts.
  EXPECT_EQ((*records)[3].line, 4);
  EXPECT_EQ((*records)[4].line, 6);
}

TEST(CsvReaderTest, BlankLinesAreOneEmptyField) {
  absl::StatusOr<std::vector<CsvRecord>> records = ReadCsv("a,b\n\nc,d\n");
  ASSERT_TRUE(records.ok()) << records.status();
  EXPECT_THAT(Fields(*records),
              ElementsAre(ElementsAre("a", "b"), ElementsAre(""),
                          ElementsAre("c", "d")));
  EXPECT_EQ((*records)[2].line, 3);
}

TEST(CsvReaderTest, RefusesAQuoteNeverClosedNamingItsLine) {
  absl::StatusOr<std::vector<CsvRecord>> records =
      ReadCsv("1,ok\n2,\"Wang, Tiger\n3,next\n");
  EXPECT_EQ(records.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(records.status().message(),
              HasSubstr("line 2: a quoted field is never closed"));
}

TEST(CsvReaderTest, RefusesTextAfterAClosingQuote) {
  absl::StatusOr<std::vector<CsvRecord>> records =
      ReadCsv("1,\"Wang\" Tiger,x\n");
  EXPECT_EQ(records.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(records.status().message(),
              HasSubstr("line 1: a closing quote must end its field"));
}

TEST(CsvReaderTest, NamesWithACommaAndAQuoteRoundTrip) {
  const std::vector<std::string> header = {"rank", "name", "id_number",
                                           "birth_date", "gender"};
  const std::vector<std::string> row = {
      "1", "Wang, \"Tiger\" Jr.", "510100199001011234", "1990-01-01", "male"};
  const std::string written = exports::CsvOf({header, {row}});
  absl::StatusOr<std::vector<CsvRecord>> records = ReadCsv(written);
  ASSERT_TRUE(records.ok()) << records.status();
  EXPECT_THAT(Fields(*records), ElementsAre(header, row));
}

}  // namespace
}  // namespace qiwang::forms
