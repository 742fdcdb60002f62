#include "services/export/trf_tie_breaks.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace qiwang::exports {
namespace {

// Every tie-break of the configuration, in its enum's order.
struct KnownTieBreak {
  v1::TieBreakKind kind;
  rules::TieBreak rule;
};
constexpr KnownTieBreak kKnown[] = {
    {v1::TIE_BREAK_KIND_OPPONENTS_SCORE, rules::TieBreak::kOpponentsScore},
    {v1::TIE_BREAK_KIND_WINS, rules::TieBreak::kWins},
    {v1::TIE_BREAK_KIND_FEWER_FOULS, rules::TieBreak::kFewerFouls},
    {v1::TIE_BREAK_KIND_GAMES_WITH_BLACK, rules::TieBreak::kGamesWithBlack},
    {v1::TIE_BREAK_KIND_PREVIOUS_ROUNDS, rules::TieBreak::kPreviousRounds},
    {v1::TIE_BREAK_KIND_BUCHHOLZ, rules::TieBreak::kBuchholz},
    {v1::TIE_BREAK_KIND_BUCHHOLZ_CUT1, rules::TieBreak::kBuchholzCut1},
    {v1::TIE_BREAK_KIND_MEDIAN_BUCHHOLZ, rules::TieBreak::kMedianBuchholz},
    {v1::TIE_BREAK_KIND_SONNEBORN_BERGER, rules::TieBreak::kSonnebornBerger},
    {v1::TIE_BREAK_KIND_DIRECT_ENCOUNTER, rules::TieBreak::kDirectEncounter},
    {v1::TIE_BREAK_KIND_CUMULATIVE_SCORE, rules::TieBreak::kCumulativeScore},
    {v1::TIE_BREAK_KIND_WINS_WITH_BLACK, rules::TieBreak::kWinsWithBlack},
};

std::optional<v1::TieBreakKind> KindNamed(absl::string_view name) {
  for (const KnownTieBreak& known : kKnown) {
    const std::string_view known_name = rules::TieBreakName(known.rule);
    if (absl::string_view(known_name.data(), known_name.size()) == name) {
      return known.kind;
    }
  }
  return std::nullopt;
}

std::optional<v1::TieBreakKind> KindCoded(absl::string_view code) {
  for (const KnownTieBreak& known : kKnown) {
    if (!code.empty() && FideCode(known.rule) == code) return known.kind;
  }
  return std::nullopt;
}

// Our own comment's names ("buchholz (BH), fouls (no FIDE code)"); nullopt
// when the file has no such comment or it names something unknown.
std::optional<std::vector<v1::TieBreakKind>> ChainOfComment(
    const TrfDocument& document) {
  for (absl::string_view comment : document.comments) {
    if (!absl::ConsumePrefix(&comment, kTieBreakCommentPrefix)) continue;
    comment = comment.substr(0, comment.find(';'));
    std::vector<v1::TieBreakKind> chain;
    for (absl::string_view item : absl::StrSplit(comment, ", ")) {
      std::optional<v1::TieBreakKind> kind =
          KindNamed(item.substr(0, item.find(" (")));
      if (!kind.has_value()) return std::nullopt;
      chain.push_back(*kind);
    }
    return chain;
  }
  return std::nullopt;
}

}  // namespace

std::string FideCode(rules::TieBreak kind) {
  switch (kind) {
    case rules::TieBreak::kWins:
      return "WIN";
    case rules::TieBreak::kGamesWithBlack:
      return "BPG";
    case rules::TieBreak::kBuchholz:
      return "BH";
    case rules::TieBreak::kBuchholzCut1:
      return "BH/C1";
    case rules::TieBreak::kMedianBuchholz:
      return "BH/M1";
    case rules::TieBreak::kSonnebornBerger:
      return "SB";
    case rules::TieBreak::kDirectEncounter:
      return "DE";
    case rules::TieBreak::kCumulativeScore:
      return "PS";
    case rules::TieBreak::kWinsWithBlack:
      return "BWG";
    case rules::TieBreak::kOpponentsScore:
    case rules::TieBreak::kFewerFouls:
    case rules::TieBreak::kPreviousRounds:
      return "";
  }
  return "";
}

absl::StatusOr<std::vector<v1::TieBreakKind>> TieBreaksOf(
    const TrfDocument& document, const TrfLineNumbers& lines) {
  if (std::optional<std::vector<v1::TieBreakKind>> chain =
          ChainOfComment(document)) {
    return *std::move(chain);
  }
  std::vector<v1::TieBreakKind> chain;
  if (document.tie_breaks.empty()) return chain;
  const auto line = lines.header.find("202");
  // The 202 text starts at column 5, blanks stripped; codes are ASCII.
  int column = 5;
  for (absl::string_view code : absl::StrSplit(document.tie_breaks, ',')) {
    const absl::string_view trimmed = absl::StripAsciiWhitespace(code);
    std::optional<v1::TieBreakKind> kind = KindCoded(trimmed);
    if (!kind.has_value()) {
      return TrfLineError(
          line == lines.header.end() ? 0 : line->second, column,
          column + static_cast<int>(code.size()) - 1, "202 tie-breaks",
          absl::StrCat("\"", trimmed,
                       "\" is no tie-break this server computes (it computes "
                       "WIN, BPG, BH, BH/C1, BH/M1, SB, DE, PS and BWG)"));
    }
    chain.push_back(*kind);
    column += static_cast<int>(code.size()) + 1;
  }
  return chain;
}

}  // namespace qiwang::exports
