// What someone holding the master key file and a copy of a stopped qiwangd's
// data folder (the log and its key family) can learn of one person by
// trying candidates (issue 24): every birth date of the year the log shows in
// clear and every ID number of those dates with the person's area code (all
// 3-digit sequence numbers, check digit per GB 11643), hashed under every key
// the master key gives (the subkey issue 18 derived for its identity hashes,
// the master key, each data key still wrapped in the key family) and compared
// with every hash, name and value of the log's persons and the key family;
// and every sealed field a key still opens. Test support; any caller.
#ifndef QIWANG_TESTS_FAULTS_FORGET_ATTACK_H_
#define QIWANG_TESTS_FAULTS_FORGET_ATTACK_H_

#include <set>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/civil_time.h"

namespace qiwang::faults {

// A Chinese resident ID number: area code, birth date, sequence, check digit.
std::string ChineseIdNumber(const std::string& area_code, absl::CivilDay born,
                            int sequence);

struct Recovered {
  std::set<std::string> id_numbers;
  std::set<std::string> birth_dates;  // "YYYY-MM-DD"
};

// The ID numbers and birth dates of the person named `name`, born in
// `birth_year`, found in `data_dir` with `master_key` (32 bytes).
absl::StatusOr<Recovered> RecoverPerson(const std::string& data_dir,
                                        const std::string& master_key,
                                        const std::string& name, int birth_year,
                                        const std::string& area_code);

}  // namespace qiwang::faults

#endif  // QIWANG_TESTS_FAULTS_FORGET_ATTACK_H_
