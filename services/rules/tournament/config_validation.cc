#include "services/rules/tournament/config_validation.h"

#include <initializer_list>
#include <string>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "base/timestamp.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

namespace refusal = base::refusal;

// INVALID_ARGUMENT "field: why", naming its refusal kind, the field and
// `values` for the reader's sentence (words/refusal_templates.cc).
absl::Status Invalid(
    absl::string_view kind, const std::string& field, absl::string_view why,
    std::initializer_list<std::pair<absl::string_view, std::string>> values =
        {}) {
  return base::WithRefusalValue(
      base::WithRefusal(
          absl::InvalidArgumentError(absl::StrCat(field, ": ", why)), kind,
          values),
      "field", field);
}

absl::Status ValidateId(const std::string& id, const std::string& field) {
  QIWANG_RETURN_IF_ERROR(ValidateText(id, true, field));
  for (char c : id) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '-' &&
        c != '_' && c != '.') {
      return Invalid(refusal::kIdCharacters, field,
                     absl::StrCat("'", id,
                                  "' may hold only letters, digits, "
                                  "'-', '_' and '.'"),
                     {{"id", id}});
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateLabel(const v1::Label& label, const std::string& field) {
  if (label.zh().empty() && label.en().empty()) {
    return Invalid(refusal::kNameEmpty, field,
                   "needs a Chinese or an English text");
  }
  QIWANG_RETURN_IF_ERROR(ValidateText(label.zh(), false, field + ".zh"));
  return ValidateText(label.en(), false, field + ".en");
}

// Checks that `id` was not seen before and records it.
absl::Status Unique(absl::flat_hash_set<std::string>& seen,
                    const std::string& id, const std::string& field) {
  if (!seen.insert(id).second) {
    return Invalid(refusal::kDuplicateId, field,
                   absl::StrCat("duplicate '", id, "'"), {{"id", id}});
  }
  return absl::OkStatus();
}

absl::Status ValidateEligibility(const v1::Eligibility& eligibility,
                                 const std::string& field) {
  if (eligibility.has_born_on_or_after()) {
    QIWANG_RETURN_IF_ERROR(ValidateDate(eligibility.born_on_or_after(),
                                        field + ".born_on_or_after"));
  }
  if (eligibility.has_born_on_or_before()) {
    QIWANG_RETURN_IF_ERROR(ValidateDate(eligibility.born_on_or_before(),
                                        field + ".born_on_or_before"));
  }
  if (eligibility.has_born_on_or_after() &&
      eligibility.has_born_on_or_before() &&
      ToCivilDay(eligibility.born_on_or_before()) <
          ToCivilDay(eligibility.born_on_or_after())) {
    return Invalid(refusal::kBirthBoundsCrossed, field + ".born_on_or_before",
                   "earlier than born_on_or_after");
  }
  for (int g = 0; g < eligibility.genders_size(); ++g) {
    if (eligibility.genders(g) == v1::GENDER_UNSPECIFIED) {
      return Invalid(refusal::kChoiceUnspecified,
                     absl::StrCat(field, ".genders[", g, "]"), "unspecified");
    }
  }
  if (eligibility.min_title() != v1::TITLE_UNSPECIFIED &&
      eligibility.title_below() != v1::TITLE_UNSPECIFIED &&
      eligibility.title_below() <= eligibility.min_title()) {
    return Invalid(refusal::kTitleBoundsCrossed, field + ".title_below",
                   "admits no title above min_title");
  }
  if (eligibility.companion_over_age() < 0) {
    return Invalid(refusal::kNegativeValue, field + ".companion_over_age",
                   "negative");
  }
  return absl::OkStatus();
}

// R7.2, R6.4 and R4.4 options: known values; the withdrawal reading only
// where there is a round robin.
absl::Status ValidateRankingOptions(const v1::Section& section,
                                    const std::string& field) {
  if (!v1::PreviousRoundsReading_IsValid(section.previous_rounds())) {
    return Invalid(refusal::kUnknownOption, field + ".previous_rounds",
                   absl::StrCat("unknown reading ", section.previous_rounds()),
                   {{"value", absl::StrCat(section.previous_rounds())}});
  }
  if (!v1::ByeInOpponentsScore_IsValid(section.bye_in_opponents_score())) {
    return Invalid(
        refusal::kUnknownOption, field + ".bye_in_opponents_score",
        absl::StrCat("unknown value ", section.bye_in_opponents_score()),
        {{"value", absl::StrCat(section.bye_in_opponents_score())}});
  }
  if (!v1::RoundRobinWithdrawal_IsValid(section.round_robin_withdrawal())) {
    return Invalid(
        refusal::kUnknownOption, field + ".round_robin_withdrawal",
        absl::StrCat("unknown value ", section.round_robin_withdrawal()),
        {{"value", absl::StrCat(section.round_robin_withdrawal())}});
  }
  if (section.pairing_system() == v1::PAIRING_SYSTEM_SWISS &&
      section.round_robin_withdrawal() !=
          v1::ROUND_ROBIN_WITHDRAWAL_UNSPECIFIED) {
    return Invalid(refusal::kRoundRobinOption,
                   field + ".round_robin_withdrawal",
                   "set on a Swiss section; round robins only");
  }
  return absl::OkStatus();
}

// N13.4: Swiss sections only; absolute for 0..rounds rounds.
absl::Status ValidateSameUnitAvoidance(const v1::Section& section,
                                       const std::string& field) {
  if (!section.has_same_unit_avoidance()) return absl::OkStatus();
  const v1::SameUnitAvoidance& avoidance = section.same_unit_avoidance();
  if (section.pairing_system() != v1::PAIRING_SYSTEM_SWISS) {
    return Invalid(refusal::kSwissOption, field + ".same_unit_avoidance",
                   "set on a round robin section; Swiss sections only (N13.4)");
  }
  if (avoidance.absolute_rounds() < 0 ||
      avoidance.absolute_rounds() > section.rounds()) {
    return Invalid(
        refusal::kAbsoluteRoundsOutOfRange,
        field + ".same_unit_avoidance.absolute_rounds",
        absl::StrCat(avoidance.absolute_rounds(), " is not 0..",
                     section.rounds(), ", the section's rounds (N13.4)"),
        {{"value", absl::StrCat(avoidance.absolute_rounds())},
         {"rounds", absl::StrCat(section.rounds())}});
  }
  return absl::OkStatus();
}

absl::Status ValidateSections(const v1::TournamentConfig& config) {
  if (config.sections().empty()) {
    return Invalid(refusal::kListEmpty, "sections", "none");
  }
  absl::flat_hash_set<std::string> ids;
  for (int i = 0; i < config.sections_size(); ++i) {
    const v1::Section& section = config.sections(i);
    const std::string field = absl::StrCat("sections[", i, "]");
    QIWANG_RETURN_IF_ERROR(ValidateId(section.id(), field + ".id"));
    QIWANG_RETURN_IF_ERROR(Unique(ids, section.id(), field + ".id"));
    QIWANG_RETURN_IF_ERROR(ValidateLabel(section.name(), field + ".name"));
    if (section.pairing_system() == v1::PAIRING_SYSTEM_UNSPECIFIED) {
      return Invalid(refusal::kChoiceUnspecified, field + ".pairing_system",
                     "unspecified");
    }
    if (section.rounds() < 0 ||
        (section.pairing_system() == v1::PAIRING_SYSTEM_SWISS &&
         section.rounds() < 1)) {
      return Invalid(refusal::kAtLeastOne, field + ".rounds",
                     "a Swiss section needs at least one round (R2.4)");
    }
    if (section.time_control().base_minutes() <= 0 ||
        section.time_control().increment_seconds() < 0) {
      return Invalid(refusal::kTimeControlInvalid, field + ".time_control",
                     "base_minutes must be positive and the increment not "
                     "negative (R5.2)");
    }
    if (section.max_players() < 0 ||
        section.max_players() > kMaxPlayersPerSection) {
      return Invalid(
          refusal::kPlayerLimitOutOfRange, field + ".max_players",
          absl::StrCat("0 (", kMaxPlayersPerSection, ") or 1..",
                       kMaxPlayersPerSection, ", got ", section.max_players()),
          {{"value", absl::StrCat(section.max_players())},
           {"limit", absl::StrCat(kMaxPlayersPerSection)}});
    }
    QIWANG_RETURN_IF_ERROR(
        ValidateEligibility(section.eligibility(), field + ".eligibility"));
    for (int t = 0; t < section.tie_breaks_size(); ++t) {
      if (section.tie_breaks(t) == v1::TIE_BREAK_KIND_UNSPECIFIED) {
        return Invalid(refusal::kChoiceUnspecified,
                       absl::StrCat(field, ".tie_breaks[", t, "]"),
                       "unspecified");
      }
    }
    QIWANG_RETURN_IF_ERROR(ValidateRankingOptions(section, field));
    QIWANG_RETURN_IF_ERROR(ValidateSameUnitAvoidance(section, field));
  }
  return absl::OkStatus();
}

absl::Status ValidateRankingCategories(
    const v1::TournamentConfig& config,
    const absl::flat_hash_set<std::string>& section_ids) {
  absl::flat_hash_set<std::string> ids;
  for (int i = 0; i < config.ranking_categories_size(); ++i) {
    const v1::RankingCategory& category = config.ranking_categories(i);
    const std::string field = absl::StrCat("ranking_categories[", i, "]");
    QIWANG_RETURN_IF_ERROR(ValidateId(category.id(), field + ".id"));
    QIWANG_RETURN_IF_ERROR(Unique(ids, category.id(), field + ".id"));
    QIWANG_RETURN_IF_ERROR(ValidateLabel(category.name(), field + ".name"));
    if (category.section_ids().empty()) {
      return Invalid(refusal::kListEmpty, field + ".section_ids", "none");
    }
    for (int s = 0; s < category.section_ids_size(); ++s) {
      if (!section_ids.contains(category.section_ids(s))) {
        return Invalid(
            refusal::kNoSuchSection,
            absl::StrCat(field, ".section_ids[", s, "]"),
            absl::StrCat("no section '", category.section_ids(s), "'"),
            {{"section", category.section_ids(s)}});
      }
    }
    for (int p = 0; p < category.prize_yuan_size(); ++p) {
      if (category.prize_yuan(p) < 0) {
        return Invalid(refusal::kNegativeValue,
                       absl::StrCat(field, ".prize_yuan[", p, "]"),
                       "negative (R8.1)");
      }
    }
    for (int t = 0; t < category.trophies_size(); ++t) {
      if (category.trophies(t).rank() < 1) {
        return Invalid(refusal::kAtLeastOne,
                       absl::StrCat(field, ".trophies[", t, "].rank"),
                       "ranks start at 1 (R8.1)");
      }
    }
    if (category.national_final_places() < 0) {
      return Invalid(refusal::kNegativeValue, field + ".national_final_places",
                     "negative (R8.2)");
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateStations(const v1::TournamentConfig& config) {
  absl::flat_hash_set<int> kinds;
  for (int i = 0; i < config.station_quotas_size(); ++i) {
    const v1::StationQuota& quota = config.station_quotas(i);
    const std::string field = absl::StrCat("station_quotas[", i, "]");
    if (quota.kind() == v1::STATION_KIND_UNSPECIFIED) {
      return Invalid(refusal::kChoiceUnspecified, field + ".kind",
                     "unspecified");
    }
    if (!kinds.insert(quota.kind()).second) {
      return Invalid(
          refusal::kDuplicateQuota, field + ".kind",
          absl::StrCat("duplicate ", v1::StationKind_Name(quota.kind())),
          {{"station_kind", v1::StationKind_Name(quota.kind())}});
    }
    if (quota.qualifiers() < 1) {
      return Invalid(refusal::kAtLeastOne, field + ".qualifiers",
                     "must be positive (R3.1)");
    }
  }
  absl::flat_hash_set<std::string> ids;
  for (int i = 0; i < config.stations_size(); ++i) {
    const v1::Station& station = config.stations(i);
    const std::string field = absl::StrCat("stations[", i, "]");
    QIWANG_RETURN_IF_ERROR(ValidateId(station.id(), field + ".id"));
    QIWANG_RETURN_IF_ERROR(Unique(ids, station.id(), field + ".id"));
    QIWANG_RETURN_IF_ERROR(ValidateLabel(station.name(), field + ".name"));
    if (!kinds.contains(station.kind())) {
      return Invalid(
          refusal::kStationKindWithoutQuota, field + ".kind",
          absl::StrCat("no quota for ", v1::StationKind_Name(station.kind()),
                       " (R3.1)"),
          {{"station_kind", v1::StationKind_Name(station.kind())}});
    }
    QIWANG_RETURN_IF_ERROR(ValidateDate(station.date(), field + ".date"));
  }
  return absl::OkStatus();
}

absl::Status ValidateTimes(
    const v1::TournamentConfig& config,
    const absl::flat_hash_set<std::string>& section_ids) {
  QIWANG_RETURN_IF_ERROR(ValidateTimestamp(config.registration_deadline(),
                                           config.has_registration_deadline(),
                                           "registration_deadline"));
  const v1::TimeWindow& check_in = config.check_in();
  QIWANG_RETURN_IF_ERROR(ValidateTimestamp(
      check_in.opens(), check_in.has_opens(), "check_in.opens"));
  QIWANG_RETURN_IF_ERROR(ValidateTimestamp(
      check_in.closes(), check_in.has_closes(), "check_in.closes"));
  if (base::FromTimestamp(check_in.closes()) <=
      base::FromTimestamp(check_in.opens())) {
    return Invalid(refusal::kCheckInClosesBeforeOpens, "check_in.closes",
                   "not after check_in.opens (R4.2)");
  }
  for (int i = 0; i < config.schedule_size(); ++i) {
    const v1::RoundSlot& slot = config.schedule(i);
    const std::string field = absl::StrCat("schedule[", i, "]");
    if (slot.round() < 1) {
      return Invalid(refusal::kAtLeastOne, field + ".round",
                     "rounds start at 1");
    }
    for (int s = 0; s < slot.section_ids_size(); ++s) {
      if (!section_ids.contains(slot.section_ids(s))) {
        return Invalid(refusal::kNoSuchSection,
                       absl::StrCat(field, ".section_ids[", s, "]"),
                       absl::StrCat("no section '", slot.section_ids(s), "'"),
                       {{"section", slot.section_ids(s)}});
      }
    }
    QIWANG_RETURN_IF_ERROR(
        ValidateTimestamp(slot.starts(), slot.has_starts(), field + ".starts"));
  }
  if (config.retention_days() < 0) {
    return Invalid(refusal::kNegativeValue, "retention_days",
                   "negative (days personal data is kept after the event)");
  }
  if (config.appeal_window().seconds() < 0 ||
      config.appeal_window().nanos() < 0) {
    return Invalid(refusal::kNegativeValue, "appeal_window", "negative (R9.2)");
  }
  return absl::OkStatus();
}

// 2011 rules, NL.4: no negative minutes, and none beyond a section's base
// time (a player absent that long has lost on time already).
absl::Status ValidateLateForfeit(const v1::TournamentConfig& config) {
  const int minutes = config.late_forfeit_minutes();
  if (minutes < 0) {
    return Invalid(refusal::kNegativeValue, "late_forfeit_minutes",
                   absl::StrCat(minutes, " is negative (2011 rules, NL.4)"));
  }
  for (const v1::Section& section : config.sections()) {
    if (minutes > section.time_control().base_minutes()) {
      return Invalid(
          refusal::kLateForfeitTooLong, "late_forfeit_minutes",
          absl::StrCat(minutes, " is more than the base time of section '",
                       section.id(), "' (",
                       section.time_control().base_minutes(),
                       " minutes): a player absent that long has lost on time "
                       "already (2011 rules, NL.4)"),
          {{"minutes", absl::StrCat(minutes)},
           {"base", absl::StrCat(section.time_control().base_minutes())}});
    }
  }
  return absl::OkStatus();
}

// R5.1 and 2011 rules 13.3: no negative points, a win worth more than a
// loss, and every draw between the two.
absl::Status ValidateScoring(const v1::ScoringConfig& scoring) {
  const struct {
    const char* name;
    int points;
  } fields[] = {
      {"win", scoring.win()},
      {"draw", scoring.draw()},
      {"loss", scoring.loss()},
      {"forfeit_win", scoring.forfeit_win()},
      {"forfeit_loss", scoring.forfeit_loss()},
      {"double_forfeit", scoring.double_forfeit()},
      {"bye", scoring.bye()},
      {"draw_as_red", scoring.draw_as_red()},
      {"draw_as_black", scoring.draw_as_black()},
  };
  for (const auto& field : fields) {
    if (field.points < 0) {
      return Invalid(refusal::kNegativeValue,
                     absl::StrCat("scoring.", field.name),
                     absl::StrCat(field.points, " is negative (R5.1)"));
    }
  }
  if (scoring.win() <= scoring.loss()) {
    return Invalid(refusal::kWinNotAboveLoss, "scoring",
                   "needs win > loss (R5.1)");
  }
  const struct {
    const char* name;
    bool set;
    int points;
  } draws[] = {
      {"draw", true, scoring.draw()},
      {"draw_as_red", scoring.has_draw_as_red(), scoring.draw_as_red()},
      {"draw_as_black", scoring.has_draw_as_black(), scoring.draw_as_black()},
  };
  for (const auto& draw : draws) {
    if (draw.set &&
        (draw.points > scoring.win() || draw.points < scoring.loss())) {
      return Invalid(
          refusal::kDrawOutsideWinAndLoss, absl::StrCat("scoring.", draw.name),
          absl::StrCat(draw.points, " is not between loss ", scoring.loss(),
                       " and win ", scoring.win(), " (R5.1, 2011 rules 13.3)"),
          {{"points", absl::StrCat(draw.points)},
           {"loss", absl::StrCat(scoring.loss())},
           {"win", absl::StrCat(scoring.win())}});
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateConfig(const v1::TournamentConfig& config) {
  QIWANG_RETURN_IF_ERROR(ValidateId(config.id(), "id"));
  QIWANG_RETURN_IF_ERROR(ValidateLabel(config.name(), "name"));
  absl::TimeZone zone;
  if (config.time_zone().empty() ||
      !absl::LoadTimeZone(config.time_zone(), &zone)) {
    return Invalid(
        refusal::kUnknownTimeZone, "time_zone",
        absl::StrCat("unknown time zone '", config.time_zone(), "' (R1.1)"),
        {{"zone", config.time_zone()}});
  }
  QIWANG_RETURN_IF_ERROR(ValidateSections(config));
  absl::flat_hash_set<std::string> section_ids;
  bool residency_required = false;
  for (const v1::Section& section : config.sections()) {
    section_ids.insert(section.id());
    residency_required |= section.eligibility().requires_residency();
  }
  QIWANG_RETURN_IF_ERROR(ValidateRankingCategories(config, section_ids));
  QIWANG_RETURN_IF_ERROR(ValidateStations(config));
  QIWANG_RETURN_IF_ERROR(ValidateTimes(config, section_ids));
  QIWANG_RETURN_IF_ERROR(ValidateScoring(config.scoring()));
  QIWANG_RETURN_IF_ERROR(ValidateLateForfeit(config));
  if (residency_required) {
    QIWANG_RETURN_IF_ERROR(ValidateLabel(config.region(), "region"));
  }
  return absl::OkStatus();
}

}  // namespace qiwang::rules::tournament
