#include "clients/forms/station_ranking.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "clients/forms/csv_reader.h"

namespace qiwang::forms {
namespace {

absl::StatusOr<v1::Gender> Gender(const std::string& text,
                                  absl::string_view where) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "m" || lower == "male") return v1::GENDER_MALE;
  if (lower == "f" || lower == "female") return v1::GENDER_FEMALE;
  return absl::InvalidArgumentError(
      absl::StrCat(where, " gender: m or f (got '", text, "')"));
}

}  // namespace

absl::StatusOr<v1::Date> ParseDate(absl::string_view text,
                                   absl::string_view field) {
  const std::vector<std::string> parts = absl::StrSplit(text, '-');
  int year = 0, month = 0, day = 0;
  if (parts.size() != 3 || !absl::SimpleAtoi(parts[0], &year) ||
      !absl::SimpleAtoi(parts[1], &month) ||
      !absl::SimpleAtoi(parts[2], &day)) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": not a date like 1980-01-31 (got '", text, "')"));
  }
  v1::Date date;
  date.set_year(year);
  date.set_month(month);
  date.set_day(day);
  return date;
}

absl::StatusOr<std::vector<v1::Person>> ReadStationRanking(
    absl::string_view text, absl::string_view source) {
  absl::StatusOr<std::vector<CsvRecord>> records = ReadCsv(text);
  if (!records.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": ", records.status().message()));
  }
  std::vector<v1::Person> ranking;
  for (CsvRecord& record : *records) {
    const std::string where = absl::StrCat(source, ":", record.line);
    std::vector<std::string>& fields = record.fields;
    for (std::string& field : fields) absl::StripAsciiWhitespace(&field);
    if ((fields.size() == 1 && fields[0].empty()) ||
        (record.line == 1 && absl::StartsWithIgnoreCase(fields[0], "rank"))) {
      continue;
    }
    int rank = 0;
    if ((fields.size() != 5 && fields.size() != 6) ||
        !absl::SimpleAtoi(fields[0], &rank)) {
      return absl::InvalidArgumentError(absl::StrCat(
          where,
          ": expected rank,name,id_number,birth_date,gender[,latin_name]"));
    }
    if (rank != static_cast<int>(ranking.size()) + 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, " rank: ", rank, " where ", ranking.size() + 1, " was due"));
    }
    v1::Person person;
    person.set_name(fields[1]);
    person.set_id_number(fields[2]);
    absl::StatusOr<v1::Date> born =
        ParseDate(fields[3], absl::StrCat(where, " birth_date"));
    if (!born.ok()) return born.status();
    *person.mutable_birth_date() = *born;
    absl::StatusOr<v1::Gender> gender = Gender(fields[4], where);
    if (!gender.ok()) return gender.status();
    person.set_gender(*gender);
    if (fields.size() == 6) person.set_latin_name(fields[5]);
    ranking.push_back(std::move(person));
  }
  return ranking;
}

absl::StatusOr<v1::StationKind> ParseStationKind(absl::string_view text,
                                                 absl::string_view field) {
  if (text == "city") return v1::STATION_KIND_CITY;
  if (text == "enterprise") return v1::STATION_KIND_ENTERPRISE;
  if (text == "youth") return v1::STATION_KIND_PROVINCIAL_YOUTH;
  return absl::InvalidArgumentError(
      absl::StrCat(field, ": city, enterprise or youth (got '", text, "')"));
}

}  // namespace qiwang::forms
