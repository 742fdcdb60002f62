#include "services/rules/tournament/person.h"

#include "absl/strings/str_cat.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {

bool SamePerson(const v1::Person& a, const v1::Person& b) {
  if (!a.id_number().empty() && !b.id_number().empty()) {
    return a.id_number() == b.id_number();
  }
  return a.name() == b.name() &&
         a.birth_date().year() == b.birth_date().year() &&
         a.birth_date().month() == b.birth_date().month() &&
         a.birth_date().day() == b.birth_date().day();
}

absl::Status ValidatePerson(const v1::Person& person, bool gender_required,
                            const std::string& field) {
  if (absl::Status s = ValidateText(person.name(), true, field + ".name");
      !s.ok()) {
    return s;
  }
  if (absl::Status s =
          ValidateText(person.id_number(), false, field + ".id_number");
      !s.ok()) {
    return s;
  }
  if (absl::Status s = ValidateDate(person.birth_date(), field + ".birth_date");
      !s.ok()) {
    return s;
  }
  if (!v1::Gender_IsValid(person.gender()) ||
      (gender_required && person.gender() == v1::GENDER_UNSPECIFIED)) {
    return absl::InvalidArgumentError(field + ".gender: required");
  }
  return absl::OkStatus();
}

std::string Describe(const v1::Person& person) {
  return absl::StrCat(person.name(), " (", FormatDate(person.birth_date()),
                      ")");
}

}  // namespace qiwang::rules::tournament
