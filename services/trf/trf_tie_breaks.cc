#include "services/trf/trf_tie_breaks.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace qiwang::exports {
namespace {

// Every tie-break of the configuration, in its enum's order, with the FIDE
// code a file from elsewhere names it by (its nearest, not always equal).
struct KnownTieBreak {
  v1::TieBreakKind kind;
  rules::TieBreak rule;
  const char* nearest_code;
};
constexpr KnownTieBreak kKnown[] = {
    {v1::TIE_BREAK_KIND_OPPONENTS_SCORE, rules::TieBreak::kOpponentsScore, ""},
    {v1::TIE_BREAK_KIND_WINS, rules::TieBreak::kWins, "WIN"},
    {v1::TIE_BREAK_KIND_FEWER_FOULS, rules::TieBreak::kFewerFouls, ""},
    {v1::TIE_BREAK_KIND_GAMES_WITH_BLACK, rules::TieBreak::kGamesWithBlack,
     "BPG"},
    {v1::TIE_BREAK_KIND_PREVIOUS_ROUNDS, rules::TieBreak::kPreviousRounds, ""},
    {v1::TIE_BREAK_KIND_BUCHHOLZ, rules::TieBreak::kBuchholz, "BH"},
    {v1::TIE_BREAK_KIND_BUCHHOLZ_CUT1, rules::TieBreak::kBuchholzCut1, "BH/C1"},
    {v1::TIE_BREAK_KIND_MEDIAN_BUCHHOLZ, rules::TieBreak::kMedianBuchholz,
     "BH/M1"},
    {v1::TIE_BREAK_KIND_SONNEBORN_BERGER, rules::TieBreak::kSonnebornBerger,
     "SB"},
    {v1::TIE_BREAK_KIND_DIRECT_ENCOUNTER, rules::TieBreak::kDirectEncounter,
     "DE"},
    {v1::TIE_BREAK_KIND_CUMULATIVE_SCORE, rules::TieBreak::kCumulativeScore,
     "PS"},
    {v1::TIE_BREAK_KIND_WINS_WITH_BLACK, rules::TieBreak::kWinsWithBlack,
     "BWG"},
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
    if (!code.empty() && known.nearest_code == code) return known.kind;
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
    case rules::TieBreak::kGamesWithBlack:
      return "BPG";
    case rules::TieBreak::kWinsWithBlack:
      return "BWG";
    case rules::TieBreak::kOpponentsScore:
    case rules::TieBreak::kWins:
    case rules::TieBreak::kFewerFouls:
    case rules::TieBreak::kPreviousRounds:
    case rules::TieBreak::kBuchholz:
    case rules::TieBreak::kBuchholzCut1:
    case rules::TieBreak::kMedianBuchholz:
    case rules::TieBreak::kSonnebornBerger:
    case rules::TieBreak::kDirectEncounter:
    case rules::TieBreak::kCumulativeScore:
      return "";
  }
  return "";
}

std::vector<std::string> DeclarableFideCodes(
    const std::vector<rules::TieBreak>& chain, const rules::Scoring& scoring) {
  if (scoring.forfeit_win != scoring.win ||
      scoring.double_forfeit != scoring.forfeit_loss || scoring.absent != 0) {
    return {};
  }
  std::vector<std::string> codes = {"PTS"};
  for (rules::TieBreak kind : chain) {
    std::string code = FideCode(kind);
    if (code.empty()) break;
    codes.push_back(std::move(code));
  }
  return codes;
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
