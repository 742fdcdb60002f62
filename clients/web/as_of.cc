#include "clients/web/as_of.h"

#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "words/labels.h"

namespace qiwang::web {

std::string AsOfTime(Lang lang, absl::Time time, absl::TimeZone zone) {
  const absl::CivilMinute local = absl::ToCivilMinute(time, zone);
  if (lang == Lang::kZh) {
    return absl::StrFormat("截至 %d月%d日 %02d:%02d", local.month(),
                           local.day(), local.hour(), local.minute());
  }
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr",
                                            "May", "Jun", "Jul", "Aug",
                                            "Sep", "Oct", "Nov", "Dec"};
  return absl::StrFormat("As of %d %s %02d:%02d", local.day(),
                         kMonths[local.month() - 1], local.hour(),
                         local.minute());
}

absl::TimeZone TournamentZone(const v1::TournamentConfig& config) {
  absl::TimeZone zone;
  if (!config.time_zone().empty() &&
      absl::LoadTimeZone(config.time_zone(), &zone)) {
    return zone;
  }
  return absl::LocalTimeZone();
}

std::string AsOfText(const ReadClient& reads, const PageView& view,
                     const v1::TournamentConfig& config, uint64_t position) {
  std::optional<absl::Time> seen;
  if (view.at_position != 0) {
    seen = reads.SeenBefore(position);
  } else if (absl::StatusOr<absl::Time> now = reads.SeenAt(position);
             now.ok()) {
    seen = *now;
  }
  if (!seen.has_value()) {
    return absl::StrCat(words::Text(words::Label::kAsOfPosition, view.lang),
                        " ", position);
  }
  return AsOfTime(view.lang, *seen, TournamentZone(config));
}

void SetAsOf(const ReadClient& reads, const PageView& view,
             const v1::TournamentConfig& config, uint64_t position,
             Data& data) {
  data.set("as_of", AsOfText(reads, view, config, position));
  data.set("as_of_position", absl::StrCat(position));
}

}  // namespace qiwang::web
