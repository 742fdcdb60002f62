// Dates and instants as the pre-event rules read them (R1.1): calendar days
// in the tournament's time zone, protobuf timestamps as absl::Time, and the
// wording used in refusals ("2016-09-28 17:00 Asia/Shanghai"). Pure
// functions; any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_CALENDAR_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_CALENDAR_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "google/protobuf/timestamp.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::rules::tournament {

// OK when `date` is a real calendar day between 1850 and 2200; otherwise
// INVALID_ARGUMENT naming `field`.
absl::Status ValidateDate(const v1::Date& date, const std::string& field);

// REQUIRES: ValidateDate(date) is OK.
absl::CivilDay ToCivilDay(const v1::Date& date);
v1::Date FromCivilDay(absl::CivilDay day);

// "2016-09-28"; a date that is not valid prints its raw numbers.
std::string FormatDate(const v1::Date& date);

// OK when `timestamp` is set and its nanos are in range; otherwise
// INVALID_ARGUMENT naming `field`.
absl::Status ValidateTimestamp(const google::protobuf::Timestamp& timestamp,
                               bool present, const std::string& field);

// The instant as a person reads it in `zone`: "2016-09-28 17:00 Asia/Shanghai"
// (seconds shown only when they are not zero).
std::string FormatInstant(absl::Time instant, const absl::TimeZone& zone);

// Completed years of age on `day` for someone born on `birth`.
int AgeOn(absl::CivilDay birth, absl::CivilDay day);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_CALENDAR_H_
