#include "clients/forms/station_ranking.h"

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "base/utf8.h"
#include "clients/forms/csv_reader.h"
#include "clients/forms/xlsx_reader.h"
#include "clients/forms/zip_entries.h"

namespace qiwang::forms {
namespace {

namespace refusal = base::refusal;

// INVALID_ARGUMENT `message` of refusal `kind` with its values: "place" (the
// encoding of base/refusal_kinds.h) and what the kind names besides.
absl::Status Refused(
    std::string message, absl::string_view kind,
    std::initializer_list<std::pair<absl::string_view, std::string>> values) {
  return base::WithRefusal(absl::InvalidArgumentError(std::move(message)), kind,
                           values);
}

absl::StatusOr<v1::Gender> Gender(const std::string& text,
                                  absl::string_view field, std::string place) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "m" || lower == "male") return v1::GENDER_MALE;
  if (lower == "f" || lower == "female") return v1::GENDER_FEMALE;
  return Refused(
      absl::StrCat(field, ": m or f (got '", text, "')"),
      refusal::kGenderLetter,
      {{"place", std::move(place)}, {"text", base::WellFormedUtf8(text)}});
}

// The fields by column, as refusals name them.
constexpr absl::string_view kTextFields[] = {
    "rank", "name", "id_number", "birth_date", "gender", "latin_name"};

// Column `column`'s field as an API path, as a reader's words find it
// (words/field_words.h): the rank, or a field of the person.
std::string FieldPath(int column) {
  return column == 0 ? std::string(kTextFields[0])
                     : absl::StrCat("person.", kTextFields[column]);
}

// Spreadsheets saved as "CSV UTF-8" start with one.
constexpr absl::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";

// One record of a ranking file, whichever format held it: its line (CSV) or
// row (xlsx), and its fields from the first.
struct RankingRecord {
  int number = 0;
  std::vector<std::string> fields;
};

// How a refusal names a record and a field: "a.csv:3" and "a.csv:3
// birth_date" for a CSV's line, "a.xlsx row 3" and "a.xlsx D3 birth_date"
// for a worksheet's row and cell.
class Places {
 public:
  Places(absl::string_view source, bool cells)
      : source_(source), cells_(cells) {}

  std::string Record(int number) const {
    return cells_ ? absl::StrCat(source_, " row ", number)
                  : absl::StrCat(source_, ":", number);
  }
  std::string Field(int number, int column, absl::string_view field) const {
    return cells_ ? absl::StrCat(source_, " ", CellName(column, number), " ",
                                 field)
                  : absl::StrCat(source_, ":", number, " ", field);
  }
  // The same places encoded for a refusal (base/refusal_kinds.h).
  std::string RecordValue(int number) const {
    return absl::StrCat(source_, cells_ ? "|row|" : "|line|", number, "|");
  }
  std::string FieldValue(int number, int column) const {
    return cells_ ? absl::StrCat(source_, "|cell|", CellName(column, number),
                                 "|", FieldPath(column))
                  : absl::StrCat(source_, "|line|", number, "|",
                                 FieldPath(column));
  }

 private:
  absl::string_view source_;
  bool cells_;
};

// The ranking's rules for every record, whichever format held it: a heading
// starting with "rank" or "名次" first and blank records skipped, five or six
// fields, ranks 1, 2, 3, ... in order.
absl::StatusOr<std::vector<v1::Person>> ReadRankingRecords(
    std::vector<RankingRecord> records, const Places& places) {
  std::vector<v1::Person> ranking;
  for (RankingRecord& record : records) {
    std::vector<std::string>& fields = record.fields;
    for (std::string& field : fields) absl::StripAsciiWhitespace(&field);
    if (fields.empty() || (fields.size() == 1 && fields[0].empty()) ||
        (record.number == 1 && (absl::StartsWithIgnoreCase(fields[0], "rank") ||
                                absl::StartsWith(fields[0], "名次")))) {
      continue;
    }
    int rank = 0;
    if ((fields.size() != 5 && fields.size() != 6) ||
        !absl::SimpleAtoi(fields[0], &rank)) {
      return Refused(
          absl::StrCat(
              places.Record(record.number),
              ": expected rank,name,id_number,birth_date,gender[,latin_name]"),
          refusal::kRankingRecordShape,
          {{"place", places.RecordValue(record.number)}});
    }
    if (rank != static_cast<int>(ranking.size()) + 1) {
      return Refused(
          absl::StrCat(places.Field(record.number, 0, "rank"), ": ", rank,
                       " where ", ranking.size() + 1, " was due"),
          refusal::kRankingOutOfOrder,
          {{"place", places.FieldValue(record.number, 0)},
           {"rank", absl::StrCat(rank)},
           {"due", absl::StrCat(ranking.size() + 1)}});
    }
    for (const int column : {1, 2, 5}) {
      if (column < static_cast<int>(fields.size()) &&
          base::WellFormedUtf8(fields[column]) != fields[column]) {
        return Refused(
            absl::StrCat(
                places.Field(record.number, column, kTextFields[column]),
                ": not UTF-8 text (a file saved as GBK? save it as CSV UTF-8)"),
            refusal::kNotUtf8Text,
            {{"place", places.FieldValue(record.number, column)}});
      }
    }
    v1::Person person;
    person.set_name(fields[1]);
    person.set_id_number(fields[2]);
    absl::StatusOr<v1::Date> born =
        ParseDate(fields[3], places.Field(record.number, 3, "birth_date"));
    if (!born.ok()) {
      return base::WithRefusalValue(born.status(), "place",
                                    places.FieldValue(record.number, 3));
    }
    *person.mutable_birth_date() = *born;
    absl::StatusOr<v1::Gender> gender =
        Gender(fields[4], places.Field(record.number, 4, "gender"),
               places.FieldValue(record.number, 4));
    if (!gender.ok()) return gender.status();
    person.set_gender(*gender);
    if (fields.size() == 6) person.set_latin_name(fields[5]);
    ranking.push_back(std::move(person));
  }
  return ranking;
}

}  // namespace

absl::StatusOr<v1::Date> ParseDate(absl::string_view text,
                                   absl::string_view field) {
  const std::vector<std::string> parts = absl::StrSplit(text, '-');
  int year = 0, month = 0, day = 0;
  if (parts.size() != 3 || !absl::SimpleAtoi(parts[0], &year) ||
      !absl::SimpleAtoi(parts[1], &month) ||
      !absl::SimpleAtoi(parts[2], &day)) {
    return Refused(
        absl::StrCat(field, ": not a date like 1980-01-31 (got '", text, "')"),
        refusal::kNotADate,
        {{"place", absl::StrCat("|||", field)},
         {"text", base::WellFormedUtf8(text)}});
  }
  v1::Date date;
  date.set_year(year);
  date.set_month(month);
  date.set_day(day);
  return date;
}

absl::StatusOr<std::vector<v1::Person>> ReadStationRanking(
    absl::string_view bytes, absl::string_view source) {
  std::vector<RankingRecord> records;
  if (IsZipArchive(bytes)) {
    absl::StatusOr<std::vector<SheetRow>> rows =
        ReadFirstWorksheet(bytes, source);
    if (!rows.ok()) return rows.status();
    for (SheetRow& row : *rows) {
      records.push_back({row.row, std::move(row.cells)});
    }
    return ReadRankingRecords(std::move(records), Places(source, true));
  }
  absl::ConsumePrefix(&bytes, kUtf8ByteOrderMark);
  absl::StatusOr<std::vector<CsvRecord>> lines = ReadCsv(bytes);
  if (!lines.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": ", lines.status().message()));
  }
  for (CsvRecord& line : *lines) {
    records.push_back({line.line, std::move(line.fields)});
  }
  return ReadRankingRecords(std::move(records), Places(source, false));
}

absl::StatusOr<v1::StationKind> ParseStationKind(absl::string_view text,
                                                 absl::string_view field) {
  if (text == "city") return v1::STATION_KIND_CITY;
  if (text == "enterprise") return v1::STATION_KIND_ENTERPRISE;
  if (text == "youth") return v1::STATION_KIND_PROVINCIAL_YOUTH;
  return Refused(
      absl::StrCat(field, ": city, enterprise or youth (got '", text, "')"),
      refusal::kStationKindWord,
      {{"place", absl::StrCat("|||", field)},
       {"text", base::WellFormedUtf8(text)}});
}

}  // namespace qiwang::forms
