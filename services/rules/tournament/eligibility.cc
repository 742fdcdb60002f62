#include "services/rules/tournament/eligibility.h"

#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "services/rules/tournament/calendar.h"

namespace qiwang::rules::tournament {
namespace {

bool HasBirthRange(const v1::Eligibility& eligibility) {
  return eligibility.has_born_on_or_after() ||
         eligibility.has_born_on_or_before();
}

bool BirthFits(const v1::Eligibility& eligibility, const v1::Date& birth) {
  const absl::CivilDay day = ToCivilDay(birth);
  return (!eligibility.has_born_on_or_after() ||
          ToCivilDay(eligibility.born_on_or_after()) <= day) &&
         (!eligibility.has_born_on_or_before() ||
          day <= ToCivilDay(eligibility.born_on_or_before()));
}

bool GenderFits(const v1::Eligibility& eligibility, v1::Gender gender) {
  return eligibility.genders().empty() ||
         absl::c_linear_search(eligibility.genders(), gender);
}

// Sections with a birth-date range that admit the person's birth and gender.
std::vector<std::string> AgeSectionsFor(const v1::TournamentConfig& config,
                                        const v1::Person& person) {
  std::vector<std::string> ids;
  for (const v1::Section& section : config.sections()) {
    const v1::Eligibility& eligibility = section.eligibility();
    if (HasBirthRange(eligibility) &&
        BirthFits(eligibility, person.birth_date()) &&
        GenderFits(eligibility, person.gender())) {
      ids.push_back(section.id());
    }
  }
  return ids;
}

std::string GenderWord(v1::Gender gender) {
  switch (gender) {
    case v1::GENDER_MALE:
      return "men";
    case v1::GENDER_FEMALE:
      return "women";
    default:
      return "unspecified";
  }
}

std::string BirthRange(const v1::Eligibility& eligibility) {
  return absl::StrCat(eligibility.has_born_on_or_after()
                          ? FormatDate(eligibility.born_on_or_after())
                          : "",
                      "..",
                      eligibility.has_born_on_or_before()
                          ? FormatDate(eligibility.born_on_or_before())
                          : "");
}

absl::Status Refuse(absl::string_view clause, absl::string_view why) {
  return absl::FailedPreconditionError(absl::StrCat(clause, ": ", why));
}

}  // namespace

const v1::Section* FindSection(const v1::TournamentConfig& config,
                               const std::string& section_id) {
  for (const v1::Section& section : config.sections()) {
    if (section.id() == section_id) return &section;
  }
  return nullptr;
}

absl::StatusOr<const v1::Section*> DeriveSection(
    const v1::TournamentConfig& config, const v1::Person& person) {
  const std::vector<std::string> fits = AgeSectionsFor(config, person);
  if (fits.size() == 1) return FindSection(config, fits.front());
  if (fits.empty()) {
    const std::string born = FormatDate(person.birth_date());
    return base::WithRefusal(
        Refuse("R2.2",
               absl::StrCat("no section admits ", GenderWord(person.gender()),
                            " born ", born)),
        base::refusal::kNoSectionAdmits,
        {{"gender", v1::Gender_Name(person.gender())}, {"born", born}});
  }
  return absl::InvalidArgumentError(
      absl::StrCat("section_id: required, several sections fit (R2.2): ",
                   absl::StrJoin(fits, ", ")));
}

absl::Status CheckEligibility(const v1::TournamentConfig& config,
                              const v1::Section& section,
                              const v1::RegisterPlayerRequest& entry) {
  const v1::Eligibility& eligibility = section.eligibility();
  const v1::Person& person = entry.person();
  if (!BirthFits(eligibility, person.birth_date())) {
    const std::string born = FormatDate(person.birth_date());
    std::string message =
        absl::StrCat("born ", born, ", section ", section.id(),
                     " admits births ", BirthRange(eligibility));
    const std::vector<std::string> fits = AgeSectionsFor(config, person);
    if (!fits.empty()) {
      absl::StrAppend(&message, " (", absl::StrJoin(fits, ", "), " fits)");
    }
    return base::WithRefusal(Refuse("R2.2", message),
                             base::refusal::kBirthOutsideSection,
                             {{"born", born},
                              {"section", section.id()},
                              {"births", BirthRange(eligibility)},
                              {"fits", absl::StrJoin(fits, ", ")}});
  }
  if (!GenderFits(eligibility, person.gender())) {
    std::vector<std::string> admitted;
    std::vector<std::string> names;
    for (int gender : eligibility.genders()) {
      admitted.push_back(GenderWord(static_cast<v1::Gender>(gender)));
      names.push_back(v1::Gender_Name(static_cast<v1::Gender>(gender)));
    }
    // The professional section admits men (R2.1); an amateur section is one
    // gender of an age group (R2.3).
    const char* clause =
        eligibility.min_title() != v1::TITLE_UNSPECIFIED ? "R2.1" : "R2.3";
    return base::WithRefusal(
        Refuse(clause, absl::StrCat("section ", section.id(), " admits ",
                                    absl::StrJoin(admitted, " and "), " only")),
        base::refusal::kGenderNotAdmitted,
        {{"section", section.id()}, {"genders", absl::StrJoin(names, ",")}});
  }
  if (eligibility.min_title() != v1::TITLE_UNSPECIFIED &&
      entry.title() < eligibility.min_title()) {
    return base::WithRefusal(
        Refuse("R2.1",
               absl::StrCat("section ", section.id(), " needs the title ",
                            v1::Title_Name(eligibility.min_title()),
                            " or above; the entrant holds ",
                            v1::Title_Name(entry.title()))),
        base::refusal::kTitleBelowSection,
        {{"section", section.id()},
         {"least_title", v1::Title_Name(eligibility.min_title())},
         {"title", v1::Title_Name(entry.title())}});
  }
  if (eligibility.title_below() != v1::TITLE_UNSPECIFIED &&
      entry.title() >= eligibility.title_below()) {
    return base::WithRefusal(
        Refuse("R2.2", absl::StrCat("section ", section.id(),
                                    " admits only titles below ",
                                    v1::Title_Name(eligibility.title_below()),
                                    "; the entrant holds ",
                                    v1::Title_Name(entry.title()))),
        base::refusal::kTitleAboveSection,
        {{"section", section.id()},
         {"title_below", v1::Title_Name(eligibility.title_below())},
         {"title", v1::Title_Name(entry.title())}});
  }
  if (eligibility.requires_residency() &&
      entry.residency() == v1::RESIDENCY_NONE) {
    const std::string region = config.region().en().empty()
                                   ? config.region().zh()
                                   : config.region().en();
    return base::WithRefusal(
        Refuse("R2.5",
               absl::StrCat("section ", section.id(),
                            " admits only natives of or workers in ", region)),
        base::refusal::kResidencyRequired,
        {{"section", section.id()},
         {"region", region},
         {"region_zh",
          config.region().zh().empty() ? region : config.region().zh()},
         {"region_en", region}});
  }
  if (!entry.insurance_confirmed()) {
    return base::WithRefusal(
        Refuse("R2.5", "personal accident insurance not confirmed"),
        base::refusal::kInsuranceNotConfirmed, {});
  }
  return absl::OkStatus();
}

}  // namespace qiwang::rules::tournament
