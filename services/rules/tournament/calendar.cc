#include "services/rules/tournament/calendar.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

constexpr int kFirstYear = 1850;
constexpr int kLastYear = 2200;
constexpr int kNanosPerSecond = 1'000'000'000;

}  // namespace

absl::Status ValidateDate(const v1::Date& date, const std::string& field) {
  const absl::CivilDay day(date.year(), date.month(), date.day());
  if (date.year() < kFirstYear || date.year() > kLastYear ||
      day.year() != date.year() || day.month() != date.month() ||
      day.day() != date.day()) {
    return base::WithRefusal(
        absl::InvalidArgumentError(absl::StrCat(
            field, ": ", FormatDate(date), " is not a calendar date between ",
            kFirstYear, " and ", kLastYear)),
        base::refusal::kNotACalendarDate,
        {{"field", field},
         {"date", FormatDate(date)},
         {"first", absl::StrCat(kFirstYear)},
         {"last", absl::StrCat(kLastYear)}});
  }
  return absl::OkStatus();
}

absl::CivilDay ToCivilDay(const v1::Date& date) {
  return absl::CivilDay(date.year(), date.month(), date.day());
}

v1::Date FromCivilDay(absl::CivilDay day) {
  v1::Date date;
  date.set_year(static_cast<int32_t>(day.year()));
  date.set_month(day.month());
  date.set_day(day.day());
  return date;
}

std::string FormatDate(const v1::Date& date) {
  return absl::StrFormat("%04d-%02d-%02d", date.year(), date.month(),
                         date.day());
}

absl::Status ValidateTimestamp(const google::protobuf::Timestamp& timestamp,
                               bool present, const std::string& field) {
  if (!present) return RequiredFieldError(field);
  if (timestamp.nanos() < 0 || timestamp.nanos() >= kNanosPerSecond) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": nanos ", timestamp.nanos(), " out of range"));
  }
  return absl::OkStatus();
}

std::string FormatInstant(absl::Time instant, const absl::TimeZone& zone) {
  const absl::TimeZone::CivilInfo civil = zone.At(instant);
  const char* format =
      civil.cs.second() == 0 ? "%Y-%m-%d %H:%M" : "%Y-%m-%d %H:%M:%S";
  return absl::StrCat(absl::FormatTime(format, instant, zone), " ",
                      zone.name());
}

int AgeOn(absl::CivilDay birth, absl::CivilDay day) {
  int age = static_cast<int>(day.year() - birth.year());
  if (day.month() < birth.month() ||
      (day.month() == birth.month() && day.day() < birth.day())) {
    --age;
  }
  return age;
}

}  // namespace qiwang::rules::tournament
