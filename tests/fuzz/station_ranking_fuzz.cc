// Fuzz target (g): a station's final ranking as the registrar uploads it
// (clients/forms/station_ranking.h), CSV or .xlsx (a zip of XML parts read
// with libzip and expat): bytes from outside, read by the web process.
// Promises: a refused file is INVALID_ARGUMENT whose message starts with the
// file's name; an accepted one holds players with a name, a gender and
// well-formed UTF-8 text, ready for a protobuf request.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "base/utf8.h"
#include "clients/forms/station_ranking.h"
#include "tests/fuzz/fuzz_target.h"

namespace qiwang::fuzz {
namespace {

bool WellFormed(const std::string& text) {
  return base::WellFormedUtf8(text) == text;
}

}  // namespace

void FuzzOne(absl::string_view input) {
  const absl::StatusOr<std::vector<v1::Person>> ranking =
      forms::ReadStationRanking(input, "ranking.file");
  if (!ranking.ok()) {
    CheckRefusal(ranking.status(), {absl::StatusCode::kInvalidArgument},
                 "a bad ranking file is INVALID_ARGUMENT");
    Check(absl::StartsWith(ranking.status().message(), "ranking.file"),
          "a bad ranking file's refusal names the file");
    return;
  }
  for (const v1::Person& person : *ranking) {
    Check(person.gender() == v1::GENDER_MALE ||
              person.gender() == v1::GENDER_FEMALE,
          "an accepted player has a gender");
    Check(WellFormed(person.name()) && WellFormed(person.id_number()) &&
              WellFormed(person.latin_name()),
          "an accepted player's text is UTF-8");
  }
}

}  // namespace qiwang::fuzz
