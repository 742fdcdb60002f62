#include "services/rules/tournament/person.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

// The name field of a FIDE Tournament Report File: 33 columns, read as bytes
// by some programs and as characters by others, so printable ASCII only.
constexpr size_t kMaxLatinNameChars = 33;

absl::Status ValidateLatinName(absl::string_view latin_name,
                               const std::string& field) {
  if (latin_name.size() > kMaxLatinNameChars) {
    return base::WithRefusal(absl::InvalidArgumentError(absl::StrCat(
                                 field, ": at most ", kMaxLatinNameChars,
                                 " characters (got ", latin_name.size(), ")")),
                             base::refusal::kTextTooLong,
                             {{"field", field},
                              {"bytes", absl::StrCat(latin_name.size())},
                              {"limit", absl::StrCat(kMaxLatinNameChars)}});
  }
  for (size_t i = 0; i < latin_name.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(latin_name[i]);
    if (c < 0x20 || c > 0x7e) {
      return base::WithRefusal(
          absl::InvalidArgumentError(absl::StrCat(
              field, ": printable Latin letters only (ASCII); byte ", i + 1,
              " is not")),
          base::refusal::kLatinLettersOnly,
          {{"field", field}, {"byte", absl::StrCat(i + 1)}});
    }
  }
  return absl::OkStatus();
}

}  // namespace

bool SamePerson(const v1::Person& a, const v1::Person& b) {
  if (!a.id_number().empty() && !b.id_number().empty()) {
    return a.id_number() == b.id_number();
  }
  if (!a.identity_hash().empty() && !b.identity_hash().empty()) {
    return a.identity_hash() == b.identity_hash();
  }
  if (a.has_birth_date() && b.has_birth_date()) {
    return a.name() == b.name() &&
           a.birth_date().year() == b.birth_date().year() &&
           a.birth_date().month() == b.birth_date().month() &&
           a.birth_date().day() == b.birth_date().day();
  }
  if (!a.name_birth_hash().empty() && !b.name_birth_hash().empty()) {
    return a.name_birth_hash() == b.name_birth_hash();
  }
  return a.name() == b.name() && BirthYear(a) == BirthYear(b);
}

bool SamePersonOrKey(const v1::Person& a, const v1::Person& b) {
  if (!a.sealed().key_id().empty() &&
      a.sealed().key_id() == b.sealed().key_id()) {
    return true;
  }
  return SamePerson(a, b);
}

void ClearPrivateFields(v1::Person& person) {
  person.set_birth_year(BirthYear(person));
  person.clear_id_number();
  person.clear_birth_date();
}

int BirthYear(const v1::Person& person) {
  return person.birth_date().year() != 0 ? person.birth_date().year()
                                         : person.birth_year();
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
  if (absl::Status s =
          ValidateLatinName(person.latin_name(), field + ".latin_name");
      !s.ok()) {
    return s;
  }
  if (!v1::Gender_IsValid(person.gender()) ||
      (gender_required && person.gender() == v1::GENDER_UNSPECIFIED)) {
    return RequiredFieldError(field + ".gender");
  }
  return absl::OkStatus();
}

std::string Describe(const v1::Person& person) {
  return absl::StrCat(person.name(), " (", FormatDate(person.birth_date()),
                      ")");
}

}  // namespace qiwang::rules::tournament
