#include "services/trf/trf_format.h"

#include <cstdlib>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "services/trf/text_columns.h"

namespace qiwang::exports {
namespace {

std::string PaddedNumber(int value, size_t width) {
  return value == 0 ? std::string(width, ' ')
                    : PadLeft(absl::StrCat(value), width);
}

void AppendLine(std::string& out, absl::string_view tag,
                absl::string_view text) {
  absl::StrAppend(&out, tag, " ", text, "\n");
}

std::string RoundDatesLine(const TrfDocument& document) {
  std::string line = "132";
  line.append(91 - line.size(), ' ');
  for (size_t i = 0; i < document.round_dates.size(); ++i) {
    if (i > 0) line.append("  ");
    line.append(PadRight(document.round_dates[i], 8));
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

// "162  W 2.0    D 1.0 ...": code at column 6, points in 7-10, the next
// entry 9 columns on.
std::string PointSystemLine(const std::vector<TrfPointValue>& values) {
  std::string line = "162 ";
  for (const TrfPointValue& value : values) {
    absl::StrAppend(&line, line.size() == 4 ? " " : "    ",
                    std::string(1, value.code), FormatPoints(value.tenths));
  }
  return line;
}

void AppendPlayers(const TrfDocument& document, std::string& out) {
  for (const TrfPlayer& player : document.players) {
    absl::StrAppend(&out, FormatPlayerLine(player), "\n");
    if (!player.local_name.empty()) {
      absl::StrAppend(&out, "###", kLocalNameMarker,
                      absl::StrFormat("%04d", player.start_number), " ",
                      player.local_name, "\n");
    }
  }
}

// TRF-2026: the rounds, colour and points in their standard tags.
void AppendTrf2026Tags(const TrfDocument& document, std::string& out) {
  if (document.rounds > 0) {
    AppendLine(out, "142", absl::StrCat(document.rounds));
  }
  if (!document.initial_colour.empty()) {
    AppendLine(out, "152", document.initial_colour == "black1" ? "B" : "W");
  }
  if (!document.point_system.empty()) {
    absl::StrAppend(&out, PointSystemLine(document.point_system), "\n");
  }
  if (!document.type_code.empty()) AppendLine(out, "192", document.type_code);
  if (!document.tie_breaks.empty()) AppendLine(out, "202", document.tie_breaks);
  if (!document.standings_tie_breaks.empty()) {
    AppendLine(out, "212", document.standings_tie_breaks);
  }
}

}  // namespace

std::string FormatPoints(int points_tenths) {
  const int magnitude = std::abs(points_tenths);
  const char* const sign = points_tenths < 0 ? "-" : "";
  std::string text =
      absl::StrFormat("%s%d.%d", sign, magnitude / 10, magnitude % 10);
  // Four columns: a whole number too wide for the decimal goes without it.
  if (text.size() > 4 && magnitude % 10 == 0) {
    text = absl::StrFormat("%s%d", sign, magnitude / 10);
  }
  return PadLeft(text, 4);
}

std::string FormatPlayerLine(const TrfPlayer& player) {
  std::string line = absl::StrCat(
      "001 ", PadLeft(absl::StrCat(player.start_number), 4), " ",
      std::string(1, player.sex), PadLeft(player.title.substr(0, 3), 3), " ",
      PadRight(player.name, 33), " ", PaddedNumber(player.rating, 4), " ",
      PadRight(player.federation.substr(0, 3), 3), " ",
      PadLeft(player.fide_id.substr(0, 11), 11), " ",
      PadRight(player.birth_date, 10), " ", FormatPoints(player.points_tenths),
      " ", PaddedNumber(player.rank, 4));
  for (const TrfRound& round : player.rounds) {
    absl::StrAppend(
        &line, "  ",
        round.opponent == 0 ? std::string("0000")
                            : PadLeft(absl::StrCat(round.opponent), 4),
        " ", std::string(1, round.colour), " ", std::string(1, round.result));
  }
  return line;
}

std::string FormatTrf(const TrfDocument& document) {
  std::string out;
  AppendLine(out, "012", document.name);
  if (!document.start_date.empty()) {
    AppendLine(out, "042", document.start_date);
  }
  if (!document.end_date.empty()) AppendLine(out, "052", document.end_date);
  if (document.player_count > 0) {
    AppendLine(out, "062", absl::StrCat(document.player_count));
  }
  if (!document.type.empty()) AppendLine(out, "092", document.type);
  if (!document.time_control.empty()) {
    AppendLine(out, "122", document.time_control);
  }
  for (const TrfOtherLine& other : document.other_lines) {
    AppendLine(out, other.tag, other.text);
  }
  if (!document.round_dates.empty()) {
    absl::StrAppend(&out, RoundDatesLine(document), "\n");
  }
  if (document.version == TrfVersion::kTrf2026) {
    AppendTrf2026Tags(document, out);
  }
  for (const std::string& comment : document.comments) {
    absl::StrAppend(&out, "###", comment, "\n");
  }
  if (document.version == TrfVersion::kTrf16) {
    if (document.rounds > 0) {
      AppendLine(out, "XXR", absl::StrCat(document.rounds));
    }
    if (!document.initial_colour.empty()) {
      AppendLine(out, "XXC", document.initial_colour);
    }
  }
  // A TRF-2026 file read from elsewhere may carry JaVaFo's XXS as well.
  if (!document.scoring.empty()) AppendLine(out, "XXS", document.scoring);
  AppendPlayers(document, out);
  return out;
}

}  // namespace qiwang::exports
