#include "services/trf/trf_reader.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "services/trf/text_columns.h"
#include "services/trf/trf_format.h"

namespace qiwang::exports {
namespace {

constexpr int kFirstRoundColumn = kTrfFirstRoundColumn;
constexpr int kRoundWidth = kTrfRoundWidth;
// 999 rounds; keeps a line's characters bounded.
constexpr size_t kMaxLineBytes = 4 * (kFirstRoundColumn + 999 * kRoundWidth);

// One line of the file cut into characters; columns count from 1.
class Line {
 public:
  Line(int number, std::vector<absl::string_view> characters)
      : number_(number), characters_(std::move(characters)) {}

  int number() const { return number_; }
  int length() const { return static_cast<int>(characters_.size()); }

  // Columns from..to; columns past the end read as blanks.
  std::string Field(int from, int to) const {
    std::string out;
    for (int column = from; column <= to; ++column) {
      absl::StrAppend(&out, column <= length() ? characters_[column - 1]
                                               : absl::string_view(" "));
    }
    return out;
  }
  // Columns from..to without surrounding blanks.
  std::string Trimmed(int from, int to) const {
    return std::string(absl::StripAsciiWhitespace(Field(from, to)));
  }
  // Everything from column `from` on, trailing blanks removed.
  std::string Rest(int from) const {
    return std::string(
        absl::StripTrailingAsciiWhitespace(Field(from, length())));
  }

  absl::Status Error(int from, int to, absl::string_view field,
                     absl::string_view message) const {
    return TrfLineError(number_, from, to, field, message);
  }

  // The column must be blank (a separator between fields).
  absl::Status Blank(int column, absl::string_view field) const {
    if (Field(column, column) == " ") return absl::OkStatus();
    return Error(column, column, field, "must be blank");
  }

 private:
  int number_;
  std::vector<absl::string_view> characters_;
};

bool AllDigits(absl::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool AllLetters(absl::string_view text) {
  for (char c : text) {
    if (!absl::ascii_isalpha(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// A right-aligned number in columns from..to: blanks then digits. Blank
// reads as 0.
absl::StatusOr<int> Number(const Line& line, int from, int to,
                           absl::string_view field, int max) {
  const std::string text = line.Field(from, to);
  absl::string_view digits = absl::StripLeadingAsciiWhitespace(text);
  if (digits.empty()) return 0;
  if (!AllDigits(digits)) {
    return line.Error(from, to, field,
                      absl::StrCat("\"", text, "\" is not a number"));
  }
  int value = 0;
  for (char c : digits) value = value * 10 + (c - '0');  // at most 4 digits
  if (value > max) {
    return line.Error(from, to, field, absl::StrCat(value, " is above ", max));
  }
  return value;
}

// "YYYY/MM/DD" split into month and day (the year is digits).
bool SplitDate(absl::string_view text, int& month, int& day) {
  if (text.size() != 10 || text[4] != '/' || text[7] != '/') return false;
  if (!AllDigits(text.substr(0, 4)) || !AllDigits(text.substr(5, 2)) ||
      !AllDigits(text.substr(8, 2))) {
    return false;
  }
  month = (text[5] - '0') * 10 + (text[6] - '0');
  day = (text[8] - '0') * 10 + (text[9] - '0');
  return true;
}

bool IsLeapYear(int year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

// A real calendar day: February 30 is none, February 29 only in leap years.
bool IsCalendarDay(int year, int month, int day) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= kDays[month - 1] + (month == 2 && IsLeapYear(year) ? 1 : 0);
}

int YearOf(absl::string_view date) {
  int year = 0;
  for (char c : date.substr(0, 4)) year = year * 10 + (c - '0');
  return year;
}

bool IsDate(absl::string_view text) {
  int month = 0;
  int day = 0;
  return SplitDate(text, month, day) && IsCalendarDay(YearOf(text), month, day);
}

// A birth date: "YYYY/MM/DD" (month and day both 00, or day 00: unknown),
// "YYYY".
bool IsBirthDate(absl::string_view text) {
  if (text.empty()) return true;
  if (text.size() == 4) return AllDigits(text);
  int month = 0;
  int day = 0;
  if (!SplitDate(text, month, day)) return false;
  if (month == 0) return day == 0;
  return day == 0 || IsCalendarDay(YearOf(text), month, day);
}

bool IsShortDate(absl::string_view text) {
  return text.size() == 8 && text[2] == '/' && text[5] == '/' &&
         AllDigits(text.substr(0, 2)) && AllDigits(text.substr(3, 2)) &&
         AllDigits(text.substr(6, 2));
}

// "11.5", "3", "-1.0" in tenths; nullopt-like false when malformed.
bool ParseTenths(absl::string_view text, int& tenths) {
  bool negative = absl::ConsumePrefix(&text, "-");
  absl::string_view whole = text;
  absl::string_view fraction;
  if (size_t dot = text.find('.'); dot != absl::string_view::npos) {
    whole = text.substr(0, dot);
    fraction = text.substr(dot + 1);
    if (fraction.size() != 1 || !AllDigits(fraction)) return false;
  }
  if (!AllDigits(whole) || whole.size() > 4) return false;
  int value = 0;
  for (char c : whole) value = value * 10 + (c - '0');
  value = value * 10 + (fraction.empty() ? 0 : fraction[0] - '0');
  tenths = negative ? -value : value;
  return true;
}

absl::Status CheckScoring(const Line& line, const std::string& text) {
  static const absl::flat_hash_set<std::string>* const kCodes =
      new absl::flat_hash_set<std::string>{"WW", "BW",  "WD",  "BD",  "WL",
                                           "BL", "ZPB", "HPB", "FPB", "PAB",
                                           "FW", "FL",  "W",   "D"};
  for (absl::string_view item :
       absl::StrSplit(text, ' ', absl::SkipWhitespace())) {
    const size_t equals = item.find('=');
    int tenths = 0;
    if (equals == absl::string_view::npos ||
        !kCodes->contains(item.substr(0, equals)) ||
        !ParseTenths(item.substr(equals + 1), tenths)) {
      return line.Error(5, line.length(), "XXS scoring",
                        absl::StrCat("\"", item,
                                     "\" is not CODE=points with a JaVaFo "
                                     "code (WW BW WD BD WL BL ZPB HPB FPB "
                                     "PAB FW FL W D)"));
    }
  }
  return absl::OkStatus();
}

// "162  W 2.0    D 1.0 ...": a code at column 6, points in 7-10, blanks in
// 11-14, the next code at 15, and so on.
absl::Status ReadPointSystem(const Line& line, TrfDocument& document) {
  if (absl::Status s = line.Blank(5, "162 point system"); !s.ok()) return s;
  for (int column = 6; !line.Rest(column).empty(); column += 9) {
    const std::string code = absl::AsciiStrToUpper(line.Field(column, column));
    if (code.size() != 1 ||
        absl::string_view("WDLAPX").find(code[0]) == absl::string_view::npos) {
      return line.Error(
          column, column, "162 result code",
          absl::StrCat("\"", code, "\" is not W, D, L, A, P or X"));
    }
    const std::string points = line.Trimmed(column + 1, column + 4);
    int tenths = 0;
    if (!ParseTenths(points, tenths)) {
      return line.Error(
          column + 1, column + 4, "162 points",
          absl::StrCat("\"", points, "\" is not points such as 11.5"));
    }
    for (int blank = column + 5; blank <= column + 8; ++blank) {
      if (absl::Status s = line.Blank(blank, "162 point system"); !s.ok()) {
        return s;
      }
    }
    document.point_system.push_back(TrfPointValue{code[0], tenths});
  }
  if (document.point_system.empty()) {
    return line.Error(5, 10, "162 point system", "no result code");
  }
  return absl::OkStatus();
}

absl::StatusOr<TrfRound> ReadRound(const Line& line, int round) {
  const int base = kFirstRoundColumn + (round - 1) * kRoundWidth;
  const std::string name = absl::StrCat("round ", round);
  TrfRound out;
  absl::StatusOr<int> opponent =
      Number(line, base, base + 3, absl::StrCat(name, " opponent"), 9999);
  if (!opponent.ok()) return opponent.status();
  out.opponent = *opponent;
  if (absl::Status s = line.Blank(base + 4, name); !s.ok()) return s;
  const std::string colour =
      absl::AsciiStrToLower(line.Field(base + 5, base + 5));
  if (colour != "w" && colour != "b" && colour != "-" && colour != " ") {
    return line.Error(base + 5, base + 5, absl::StrCat(name, " colour"),
                      absl::StrCat("\"", colour, "\" is not w, b or -"));
  }
  out.colour = colour == " " ? '-' : colour[0];
  if (absl::Status s = line.Blank(base + 6, name); !s.ok()) return s;
  const std::string result =
      absl::AsciiStrToUpper(line.Field(base + 7, base + 7));
  static constexpr absl::string_view kResults = "+-WDL1=0HFUZ ";
  if (result.size() != 1 || kResults.find(result[0]) == std::string::npos) {
    return line.Error(base + 7, base + 7, absl::StrCat(name, " result"),
                      absl::StrCat("\"", result,
                                   "\" is not a TRF result "
                                   "code (+ - W D L 1 = 0 H F U Z)"));
  }
  out.result = result[0];
  for (int column = base + 8; column <= base + 9; ++column) {
    if (absl::Status s = line.Blank(column, name); !s.ok()) return s;
  }
  if (out.opponent > 0) {
    if (out.colour == '-') {
      return line.Error(base + 5, base + 5, absl::StrCat(name, " colour"),
                        "a game with an opponent needs w or b");
    }
    if (absl::string_view("HFUZ").find(out.result) != absl::string_view::npos) {
      return line.Error(
          base + 7, base + 7, absl::StrCat(name, " result"),
          absl::StrCat("a bye code (", result, ") with an opponent"));
    }
  } else {
    if (out.colour != '-') {
      return line.Error(base + 5, base + 5, absl::StrCat(name, " colour"),
                        "no opponent (0000) needs -");
    }
    if (absl::string_view("WDL1=0").find(out.result) !=
        absl::string_view::npos) {
      return line.Error(
          base + 7, base + 7, absl::StrCat(name, " result"),
          absl::StrCat("a game result (", result, ") without an opponent"));
    }
  }
  return out;
}

absl::StatusOr<TrfPlayer> ReadPlayer(const Line& line) {
  TrfPlayer player;
  absl::StatusOr<int> start = Number(line, 5, 8, "starting rank", 9999);
  if (!start.ok()) return start.status();
  if (*start == 0) {
    return line.Error(5, 8, "starting rank", "must be 1 to 9999");
  }
  player.start_number = *start;
  struct Separator {
    int column;
    const char* after;
  };
  for (const Separator& separator :
       {Separator{4, "tag"}, Separator{9, "starting rank"},
        Separator{14, "title"}, Separator{48, "name"}, Separator{53, "rating"},
        Separator{57, "federation"}, Separator{69, "FIDE number"},
        Separator{80, "birth date"}, Separator{85, "points"},
        Separator{90, "rank"}, Separator{91, "rank"}}) {
    if (absl::Status s = line.Blank(separator.column,
                                    absl::StrCat("after ", separator.after));
        !s.ok()) {
      return s;
    }
  }
  const std::string sex = absl::AsciiStrToLower(line.Field(10, 10));
  if (sex != "m" && sex != "w" && sex != " ") {
    return line.Error(10, 10, "sex",
                      absl::StrCat("\"", sex, "\" is not m or w"));
  }
  player.sex = sex[0];
  // Any code FIDE may add is kept as written ("GM", "WCM", "AGM"); what no
  // program could print back in these three columns is refused.
  player.title = line.Trimmed(11, 13);
  if (!absl::c_all_of(player.title,
                      [](char c) { return c > ' ' && c < 0x7F; })) {
    return line.Error(
        11, 13, "title",
        absl::StrCat("\"", player.title,
                     "\" is not a title code (printable ASCII, no blank)"));
  }
  player.name = line.Trimmed(15, 47);
  absl::StatusOr<int> rating = Number(line, 49, 52, "rating", 9999);
  if (!rating.ok()) return rating.status();
  player.rating = *rating;
  player.federation = line.Trimmed(54, 56);
  if (!AllLetters(player.federation)) {
    return line.Error(
        54, 56, "federation",
        absl::StrCat("\"", player.federation, "\" is not a federation code"));
  }
  player.fide_id = line.Trimmed(58, 68);
  if (!player.fide_id.empty() && !AllDigits(player.fide_id)) {
    return line.Error(58, 68, "FIDE number",
                      absl::StrCat("\"", player.fide_id, "\" is not digits"));
  }
  player.birth_date = line.Trimmed(70, 79);
  if (!IsBirthDate(player.birth_date)) {
    return line.Error(
        70, 79, "birth date",
        absl::StrCat("\"", player.birth_date,
                     "\" is not YYYY/MM/DD (a calendar day) or YYYY"));
  }
  const std::string points = line.Trimmed(81, 84);
  if (!ParseTenths(points, player.points_tenths)) {
    return line.Error(
        81, 84, "points",
        absl::StrCat("\"", points, "\" is not points such as 11.5"));
  }
  absl::StatusOr<int> rank = Number(line, 86, 89, "rank", 9999);
  if (!rank.ok()) return rank.status();
  player.rank = *rank;
  for (int round = 1;
       kFirstRoundColumn + (round - 1) * kRoundWidth <= line.length();
       ++round) {
    absl::StatusOr<TrfRound> read = ReadRound(line, round);
    if (!read.ok()) return read.status();
    if (read->opponent == player.start_number) {
      return line.Error(kFirstRoundColumn + (round - 1) * kRoundWidth,
                        kFirstRoundColumn + (round - 1) * kRoundWidth + 3,
                        absl::StrCat("round ", round, " opponent"),
                        "the player's own starting rank");
    }
    player.rounds.push_back(*read);
  }
  return player;
}

absl::Status ReadRoundDates(const Line& line, TrfDocument& document) {
  for (int column = 5; column < kFirstRoundColumn; ++column) {
    if (absl::Status s = line.Blank(column, "before round dates"); !s.ok()) {
      return s;
    }
  }
  for (int round = 1;
       kFirstRoundColumn + (round - 1) * kRoundWidth <= line.length();
       ++round) {
    const int base = kFirstRoundColumn + (round - 1) * kRoundWidth;
    const std::string date = line.Trimmed(base, base + 7);
    if (!date.empty() && !IsShortDate(date)) {
      return line.Error(base, base + 7, absl::StrCat("round ", round, " date"),
                        absl::StrCat("\"", date, "\" is not YY/MM/DD"));
    }
    for (int column = base + 8; column <= base + 9; ++column) {
      if (absl::Status s = line.Blank(column, "between round dates"); !s.ok()) {
        return s;
      }
    }
    document.round_dates.push_back(date);
  }
  // Blank dates at the end say nothing (an editor may strip trailing blanks,
  // and the writer does): a document does not depend on them.
  while (!document.round_dates.empty() && document.round_dates.back().empty()) {
    document.round_dates.pop_back();
  }
  return absl::OkStatus();
}

// Reads one header line (tag is not 001 or ###).
absl::Status ReadHeader(const Line& line, const std::string& tag,
                        absl::flat_hash_set<std::string>& seen,
                        TrfDocument& document) {
  static const absl::flat_hash_set<std::string>* const kSingle =
      new absl::flat_hash_set<std::string>{
          "012", "042", "052", "062", "092", "122", "132", "142",
          "152", "162", "192", "202", "212", "XXR", "XXC", "XXS"};
  static const absl::flat_hash_set<std::string>* const kTrf2026 =
      new absl::flat_hash_set<std::string>{"142", "152", "162",
                                           "192", "202", "212"};
  if (kSingle->contains(tag) && !seen.insert(tag).second) {
    return line.Error(1, 3, tag, "appears a second time");
  }
  const std::string rest = line.Rest(5);
  // An empty 192, 202 or 212 says nothing, so does not make the edition.
  if (kTrf2026->contains(tag) && !line.Trimmed(5, line.length()).empty()) {
    document.version = TrfVersion::kTrf2026;
  }
  if (tag == "012") {
    document.name = rest;
  } else if (tag == "042" || tag == "052") {
    const std::string date(absl::StripAsciiWhitespace(rest));
    if (!IsDate(date)) {
      return line.Error(
          5, 14, tag == "042" ? "start date" : "end date",
          absl::StrCat("\"", date, "\" is not YYYY/MM/DD (a calendar day)"));
    }
    (tag == "042" ? document.start_date : document.end_date) = date;
  } else if (tag == "062" || tag == "XXR" || tag == "142") {
    const std::string text(absl::StripAsciiWhitespace(rest));
    const char* field = tag == "062"   ? "number of players"
                        : tag == "XXR" ? "XXR rounds"
                                       : "142 rounds";
    if (!AllDigits(text) || text.size() > 4) {
      return line.Error(5, line.length(), field,
                        absl::StrCat("\"", text, "\" is not a number"));
    }
    int value = 0;
    for (char c : text) value = value * 10 + (c - '0');
    if (tag == "142" && value == 0) {
      return line.Error(5, line.length(), field, "must be at least 1");
    }
    (tag == "062" ? document.player_count : document.rounds) = value;
  } else if (tag == "092") {
    document.type = rest;
  } else if (tag == "122") {
    document.time_control = rest;
  } else if (tag == "132") {
    return ReadRoundDates(line, document);
  } else if (tag == "XXC") {
    const std::string text(absl::StripAsciiWhitespace(rest));
    if (text != "white1" && text != "black1") {
      return line.Error(5, line.length(), "XXC initial colour",
                        absl::StrCat("\"", text, "\" is not white1 or black1"));
    }
    document.initial_colour = text;
  } else if (tag == "152") {
    const std::string text(absl::StripAsciiWhitespace(rest));
    if (text != "W" && text != "B") {
      return line.Error(5, line.length(), "152 initial colour",
                        absl::StrCat("\"", text, "\" is not W or B"));
    }
    document.initial_colour = text == "W" ? "white1" : "black1";
  } else if (tag == "162") {
    return ReadPointSystem(line, document);
  } else if (tag == "192") {
    document.type_code = std::string(absl::StripAsciiWhitespace(rest));
  } else if (tag == "202") {
    document.tie_breaks = std::string(absl::StripAsciiWhitespace(rest));
  } else if (tag == "212") {
    document.standings_tie_breaks =
        std::string(absl::StripAsciiWhitespace(rest));
  } else if (tag == "XXS") {
    const std::string text(absl::StripAsciiWhitespace(rest));
    if (absl::Status s = CheckScoring(line, text); !s.ok()) return s;
    document.scoring = text;
  } else {
    const bool alphanumeric =
        tag.size() == 3 && absl::c_all_of(tag, [](char c) {
          return absl::ascii_isalnum(static_cast<unsigned char>(c));
        });
    if (!alphanumeric) {
      return line.Error(1, 3, "tag",
                        absl::StrCat("\"", tag, "\" is not a TRF tag"));
    }
    document.other_lines.push_back(TrfOtherLine{tag, rest});
  }
  return absl::OkStatus();
}

// A "### name NNNN <name>" comment right after the 001 line of starting
// rank NNNN: that player's local name. False for any other comment.
bool ReadLocalName(absl::string_view comment, TrfPlayer& player) {
  if (!absl::ConsumePrefix(&comment, kLocalNameMarker)) return false;
  if (comment.size() < 6 || !AllDigits(comment.substr(0, 4)) ||
      comment[4] != ' ') {
    return false;
  }
  int start = 0;
  for (char c : comment.substr(0, 4)) start = start * 10 + (c - '0');
  if (start != player.start_number || !player.local_name.empty()) return false;
  player.local_name = std::string(comment.substr(5));
  return true;
}

// The lines of `text`, each ended by "\n", "\r\n" or a lone "\r" (TRF's
// own line end, which bbpPairings writes).
std::vector<absl::string_view> FileLines(absl::string_view text) {
  std::vector<absl::string_view> lines;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n' && text[i] != '\r') continue;
    lines.push_back(text.substr(start, i - start));
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    start = i + 1;
  }
  lines.push_back(text.substr(start));
  return lines;
}

// "YYYY/MM/DD" of a 132 round date "YY/MM/DD", the century from 042
// (default 20); empty when there is none.
std::string FirstRoundDate(const TrfDocument& document) {
  for (const std::string& date : document.round_dates) {
    if (date.empty()) continue;
    const std::string century = document.start_date.size() == 10
                                    ? document.start_date.substr(0, 2)
                                    : "20";
    return absl::StrCat(century, date);
  }
  return "";
}

// Every 132 date is a calendar day, the century from 042 (default 20).
absl::Status CheckRoundDates(const TrfDocument& document,
                             const TrfLineNumbers& lines) {
  const std::string century = document.start_date.size() == 10
                                  ? document.start_date.substr(0, 2)
                                  : "20";
  for (size_t i = 0; i < document.round_dates.size(); ++i) {
    const std::string& date = document.round_dates[i];
    if (date.empty() || IsDate(absl::StrCat(century, date))) continue;
    const int base = kFirstRoundColumn + static_cast<int>(i) * kRoundWidth;
    return TrfLineError(lines.header.at("132"), base, base + 7,
                        absl::StrCat("round ", i + 1, " date"),
                        absl::StrCat("\"", date, "\" is no calendar day"));
  }
  return absl::OkStatus();
}

// No player is born after the tournament started (042, else its first
// dated round): the file's own dates, never the clock. A birth date of a
// year alone, or with 00 for the unknown month or day, is compared as far
// as it goes.
absl::Status CheckBirthDates(const TrfDocument& document,
                             const std::vector<int>& player_lines) {
  const std::string start = document.start_date.empty()
                                ? FirstRoundDate(document)
                                : document.start_date;
  if (start.empty()) return absl::OkStatus();
  for (size_t i = 0; i < document.players.size(); ++i) {
    const std::string& birth = document.players[i].birth_date;
    absl::string_view known = birth;
    if (absl::EndsWith(known, "/00")) known.remove_suffix(3);
    if (absl::EndsWith(known, "/00")) known.remove_suffix(3);
    if (known.empty() ||
        known <= absl::string_view(start).substr(0, known.size())) {
      continue;
    }
    return TrfLineError(
        player_lines[i], 70, 79, "birth date",
        absl::StrCat(birth, " is after the tournament's start, ", start,
                     document.start_date.empty() ? " (132)" : " (042)"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status TrfLineError(int line, int from, int to, absl::string_view field,
                          absl::string_view message) {
  const std::string columns = from == to
                                  ? absl::StrCat("column ", from)
                                  : absl::StrCat("columns ", from, "-", to);
  return absl::InvalidArgumentError(absl::StrCat(
      "TRF line ", line, ", ", columns, " (", field, "): ", message));
}

absl::StatusOr<TrfDocument> ReadTrf(absl::string_view text) {
  TrfLineNumbers lines;
  return ReadTrf(text, lines);
}

absl::StatusOr<TrfDocument> ReadTrf(absl::string_view text,
                                    TrfLineNumbers& lines) {
  if (text.size() > kMaxTrfBytes) {
    return absl::InvalidArgumentError(absl::StrCat("TRF: ", text.size(),
                                                   " bytes, more than the ",
                                                   kMaxTrfBytes, " allowed"));
  }
  // A UTF-8 byte order mark, as some Windows editors write, is no column.
  absl::ConsumePrefix(&text, "\xEF\xBB\xBF");
  TrfDocument document;
  absl::flat_hash_set<std::string> seen;
  lines = {};
  std::vector<int> player_lines;
  bool after_player = false;  // the last line read was a 001 line
  int number = 0;
  for (absl::string_view raw : FileLines(text)) {
    ++number;
    if (absl::StripAsciiWhitespace(raw).empty()) continue;
    if (raw.size() > kMaxLineBytes) {
      return absl::InvalidArgumentError(
          absl::StrCat("TRF line ", number, ": ", raw.size(),
                       " bytes, more than a line of 999 rounds"));
    }
    absl::StatusOr<std::vector<absl::string_view>> characters =
        SplitCharacters(raw);
    if (!characters.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "TRF line ", number, ", ", characters.status().message()));
    }
    const Line line(number, *std::move(characters));
    for (int column = 1; column <= line.length(); ++column) {
      const std::string character = line.Field(column, column);
      if (character.size() == 1 &&
          (static_cast<unsigned char>(character[0]) < 0x20 ||
           character[0] == 0x7F)) {
        return line.Error(column, column, "text", "a control character");
      }
    }
    if (line.length() < 3) {
      return line.Error(1, line.length(), "tag", "shorter than a tag");
    }
    const std::string tag = line.Field(1, 3);
    if (tag == "###") {
      const std::string comment = line.Field(4, line.length());
      if (!after_player || !ReadLocalName(comment, document.players.back())) {
        document.comments.push_back(comment);
      }
      after_player = false;
      continue;
    }
    after_player = tag == "001";
    if (absl::Status s = line.Blank(4, "after the tag"); !s.ok()) return s;
    if (tag == "001") {
      absl::StatusOr<TrfPlayer> player = ReadPlayer(line);
      if (!player.ok()) return player.status();
      auto [it, inserted] =
          lines.player.emplace(player->start_number, line.number());
      if (!inserted) {
        return line.Error(
            5, 8, "starting rank",
            absl::StrCat(player->start_number,
                         " is already the player of line ", it->second));
      }
      document.players.push_back(*std::move(player));
      player_lines.push_back(line.number());
      continue;
    }
    if (absl::Status s = ReadHeader(line, tag, seen, document); !s.ok()) {
      return s;
    }
    lines.header.emplace(tag, line.number());
  }
  if (!seen.contains("012")) {
    return absl::InvalidArgumentError(
        "TRF: no 012 line (tournament name, required)");
  }
  for (size_t i = 0; i < document.players.size(); ++i) {
    const std::vector<TrfRound>& rounds = document.players[i].rounds;
    for (size_t r = 0; r < rounds.size(); ++r) {
      if (rounds[r].opponent != 0 &&
          !lines.player.contains(rounds[r].opponent)) {
        const int base = kFirstRoundColumn + static_cast<int>(r) * kRoundWidth;
        return absl::InvalidArgumentError(absl::StrCat(
            "TRF line ", player_lines[i], ", columns ", base, "-", base + 3,
            " (round ", r + 1, " opponent): no player has starting rank ",
            rounds[r].opponent));
      }
    }
  }
  if (absl::Status dates = CheckRoundDates(document, lines); !dates.ok()) {
    return dates;
  }
  if (absl::Status born = CheckBirthDates(document, player_lines); !born.ok()) {
    return born;
  }
  return document;
}

}  // namespace qiwang::exports
