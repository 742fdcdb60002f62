// The chief arbiter's forms: corrections (R5.3, R9.5), tie lots (R7.3),
// declined final places (R8.3) and late admission (R4.1).
#include "absl/strings/str_cat.h"
#include "clients/web/official_fragments.h"
#include "clients/web/pages.h"
#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::web {

absl::StatusOr<std::string> ChiefFragment(const OfficialRequest& request) {
  const Lang lang = request.view.lang;
  Data data = OfficialData(request);
  data.set("sections", SectionOptions(request));
  DataList rankings;
  for (const v1::RankingCategory& ranking :
       request.config.ranking_categories()) {
    Data option;
    option.set("value", ranking.id());
    option.set("text", LabelText(ranking.name(), lang));
    rankings.push_back(option);
  }
  data.set("rankings", rankings);
  data.set("results", ResultOptions(lang));
  // R2.2, R2.5: a late entry states them as every registration does.
  data.set("titles", EnumOptions(v1::Title_descriptor(), lang));
  data.set("residencies", EnumOptions(v1::Residency_descriptor(), lang));
  return RenderTemplate("chief_fragment", data);
}

}  // namespace qiwang::web
