// A FIDE Tournament Report File (TRF-16 or TRF-2026) as plain values: the
// header lines this server writes (012, 042, 052, 062, 092, 122, 132; in
// TRF-2026 also 142 rounds, 152 initial colour, 162 point system, 192 type,
// 202/212 tie-breaks), the JaVaFo extensions XXR (rounds), XXC (initial
// colour) and XXS (points per result) of TRF-16, and one 001 line per player
// with, in TRF-2026, the player's own-script name on a comment line after
// it. What trf_writer produces and trf_reader parses; no behaviour. Any
// caller.
#ifndef QIWANG_SERVICES_TRF_TRF_DOCUMENT_H_
#define QIWANG_SERVICES_TRF_TRF_DOCUMENT_H_

#include <string>
#include <vector>

namespace qiwang::exports {

// One round of a 001 line (columns 92-99 for round 1, +10 per round).
struct TrfRound {
  int opponent = 0;   // starting-rank number; 0 ("0000" or blank): none
  char colour = '-';  // 'w' (red), 'b' (black), '-' (no game scheduled)
  // '1' '=' '0' played; '+' '-' forfeit; 'W' 'D' 'L' unrated; 'U' 'F' 'H'
  // 'Z' byes; ' ' no result yet (a game scheduled) or not paired.
  char result = ' ';

  friend bool operator==(const TrfRound&, const TrfRound&) = default;
};

// Which edition of the format: decides the tags of the rounds, initial
// colour and point system (XXR/XXC/XXS or 142/152/162).
enum class TrfVersion { kTrf16, kTrf2026 };

// One entry of a 162 line: a result code (W D L A P X) and its points.
struct TrfPointValue {
  char code = 'W';
  int tenths = 0;  // "2.0" is 20

  friend bool operator==(const TrfPointValue&, const TrfPointValue&) = default;
};

// A 001 line.
struct TrfPlayer {
  int start_number = 0;  // 1..9999
  char sex = ' ';        // 'm', 'w' or ' '
  std::string title;     // FIDE title code, up to 3 characters
  std::string name;      // UTF-8, up to 33 characters
  // TRF-2026: the name in the player's own script (Chinese), written on a
  // "### name NNNN ..." comment line right after the 001 line; the 001 name
  // then holds the Latin-script name. Empty: no such line.
  std::string local_name;
  int rating = 0;  // 0: none
  std::string federation;
  std::string fide_id;           // digits, up to 11
  std::string birth_date;        // "YYYY/MM/DD", "YYYY" or empty
  int points_tenths = 0;         // columns 81-84, "11.5" is 115
  int rank = 0;                  // 0: blank
  std::vector<TrfRound> rounds;  // rounds[i] is round i + 1

  // Round `round` (1-based) of this player; null when the file has none.
  const TrfRound* Round(int round) const {
    return round >= 1 && round <= static_cast<int>(rounds.size())
               ? &rounds[round - 1]
               : nullptr;
  }

  friend bool operator==(const TrfPlayer&, const TrfPlayer&) = default;
};

// A header line this model does not interpret (022 city, 102 arbiter, ...).
struct TrfOtherLine {
  std::string tag;   // the first three characters
  std::string text;  // from column 5, trailing blanks removed

  friend bool operator==(const TrfOtherLine&, const TrfOtherLine&) = default;
};

struct TrfDocument {
  TrfVersion version = TrfVersion::kTrf16;
  std::string name;                      // 012
  std::string start_date;                // 042, "YYYY/MM/DD"
  std::string end_date;                  // 052, "YYYY/MM/DD"
  int player_count = 0;                  // 062; 0: line absent
  std::string type;                      // 092
  std::string time_control;              // 122
  std::vector<std::string> round_dates;  // 132, "YY/MM/DD" or "" per round
  int rounds = 0;                        // XXR (TRF-2026: 142); 0: line absent
  // XXC: "white1" or "black1" (TRF-2026: 152 "W" or "B").
  std::string initial_colour;
  std::string scoring;                      // XXS, e.g. "WW=2.0 BW=2.0 ..."
  std::vector<TrfPointValue> point_system;  // TRF-2026 162; empty: absent
  std::string type_code;              // TRF-2026 192, e.g. "FIDE_DUTCH_2025"
  std::string tie_breaks;             // TRF-2026 202, e.g. "BH,WIN"
  std::string standings_tie_breaks;   // TRF-2026 212, e.g. "PTS,BH,WIN"
  std::vector<std::string> comments;  // "###" lines, without the "###"
  std::vector<TrfOtherLine> other_lines;
  std::vector<TrfPlayer> players;  // 001 lines in file order

  friend bool operator==(const TrfDocument&, const TrfDocument&) = default;
};

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_DOCUMENT_H_
