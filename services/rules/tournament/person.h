// Who a person is across stations and registrations (R3.2, R3.3): the same
// id_number, or, when either side has none, the same name and birth date.
// Also the checks every person in a command must pass. Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_PERSON_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_PERSON_H_

#include <string>

#include "absl/status/status.h"
#include "qiwang/v1/registration_events.pb.h"

namespace qiwang::rules::tournament {

// Compares id numbers where both have one, else their match tokens
// (identity_hash; issue 18: a fold without the master key sees only those),
// else name and birth date, or where the dates are sealed the match tokens of
// name and birth date, else (a forgotten person) name and birth year.
bool SamePerson(const v1::Person& a, const v1::Person& b);

// The birth year: of the full birth date where it is in clear, else the
// clear birth_year a sealed person keeps.
int BirthYear(const v1::Person& person);

// Whether `a` and `b` are the same person as SamePerson tells, or carry
// fields sealed under the same data key (issue 18).
bool SamePersonOrKey(const v1::Person& a, const v1::Person& b);

// Clears what forgetting destroys (issue 18): the ID number and the full
// birth date; the birth year and the match tokens stay, as sealed events keep
// them.
void ClearPrivateFields(v1::Person& person);

// Name required, id_number optional, birth date a real day; gender required
// when `gender_required` (registration), optional in station rankings.
absl::Status ValidatePerson(const v1::Person& person, bool gender_required,
                            const std::string& field);

// "Li Lai (1955-12-31)" — for messages read by officials.
std::string Describe(const v1::Person& person);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_PERSON_H_
