#include "clients/web/provisional_notice.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "clients/web/pages.h"

namespace qiwang::web {
namespace {

// The section's sentence, "" when it is finished.
std::string SectionSentence(Lang lang, const v1::Section& section,
                            const v1::GetCrosstableResponse& crosstable) {
  int published = 0;
  int first_pending = 0;
  for (const v1::CrosstableRow& row : crosstable.rows()) {
    for (const v1::CrosstableCell& cell : row.cells()) {
      published = std::max(published, cell.round());
      if (cell.outcome() == "*" &&
          (first_pending == 0 || cell.round() < first_pending)) {
        first_pending = cell.round();
      }
    }
  }
  const std::string name = LabelText(section.name(), lang);
  const bool zh = lang == Lang::kZh;
  if (published == 0) {
    return zh ? absl::StrCat(name, "：尚未开赛")
              : absl::StrCat(name, ": no round played yet");
  }
  if (first_pending != 0) {
    return zh ? absl::StrCat(name, "：第", first_pending, "轮尚有对局未出结果")
              : absl::StrCat(name, ": round ", first_pending,
                             " still has games without a result");
  }
  if (section.pairing_system() == v1::PAIRING_SYSTEM_SWISS &&
      published < section.rounds()) {
    return zh ? absl::StrCat(name, "：已赛", published, "轮，共",
                             section.rounds(), "轮")
              : absl::StrCat(name, ": ", published, " of ", section.rounds(),
                             " rounds played");
  }
  return "";
}

}  // namespace

std::vector<std::string> ProvisionalNotice(
    const PageView& view, const v1::TournamentConfig& config,
    const std::string& ranking_id,
    const std::vector<v1::GetCrosstableResponse>& crosstables,
    const std::string& reason) {
  std::vector<std::string> sentences;
  if (reason.empty()) return sentences;
  for (const v1::GetCrosstableResponse& crosstable : crosstables) {
    const v1::Section* section = FindSection(config, crosstable.section_id());
    if (section == nullptr) continue;
    std::string sentence = SectionSentence(view.lang, *section, crosstable);
    if (!sentence.empty()) sentences.push_back(std::move(sentence));
  }
  if (sentences.empty() &&
      absl::StrContains(reason, absl::StrCat(ranking_id, ": "))) {
    sentences.push_back(view.lang == Lang::kZh
                            ? "名次并列，待抽签决定"
                            : "Tied places await the drawing of lots");
  }
  return sentences;
}

}  // namespace qiwang::web
