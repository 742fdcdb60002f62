// TRF-16 or TRF-2026 text -> TrfDocument: our own strict reader of what
// trf_writer writes and of other programs' files (the 001 lines, 012, 042,
// 052, 062, 092, 122, 132, XXR, XXC, XXS, and TRF-2026's 142, 152, 162, 192,
// 202, 212, whose presence makes the document TRF-2026; other header tags
// are kept as text; a "### name NNNN ..." comment right after the 001 line
// of starting rank NNNN is that player's local name).
// A column is one UTF-8 character (text_columns.h). Lines end with "\n",
// "\r\n" or "\r" (TRF's own, as bbpPairings writes); blank lines are skipped;
// fields past the end of a line read as blanks. Anything else that does not fit
// the specification is INVALID_ARGUMENT naming the line number, the columns and
// the field, and nothing is returned. Safe on any input: no undefined
// behaviour, memory linear in the input, inputs above kMaxTrfBytes refused.
// Pure; any caller.
#ifndef QIWANG_SERVICES_TRF_TRF_READER_H_
#define QIWANG_SERVICES_TRF_TRF_READER_H_

#include <cstddef>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "services/trf/trf_document.h"

namespace qiwang::exports {

inline constexpr size_t kMaxTrfBytes = 4 << 20;
// A 001 line's round r: opponent in columns F..F+3, colour F+5, result F+7,
// where F = kTrfFirstRoundColumn + (r - 1) * kTrfRoundWidth.
inline constexpr int kTrfFirstRoundColumn = 92;
inline constexpr int kTrfRoundWidth = 10;

// Besides each line's own checks: starting-rank numbers are unique, every
// opponent is a player of the file and not the player, and the single-valued
// header lines (012, 042, 052, 062, 092, 122, 132, 142, 152, 162, 192, 202,
// 212, XXR, XXC, XXS) appear at most once; 012 is required. Dates are
// calendar days (132's century from 042, else 20); no birth date is after
// the tournament's start (042, else the first 132 date; the file's own
// dates, never the clock). A UTF-8 byte order mark before the first line
// is skipped. What compares the lines' games and points is
// ReadTrfTournament's (trf_tournament.h).
absl::StatusOr<TrfDocument> ReadTrf(absl::string_view text);

// Where a read document's lines are in the file (1-based line numbers), so
// that a caller checking more than the format can name the line.
struct TrfLineNumbers {
  absl::flat_hash_map<int, int> player;  // starting rank -> its 001 line
  absl::flat_hash_map<std::string, int> header;  // tag -> its (first) line
};

// INVALID_ARGUMENT "TRF line L, columns F-T (field): message" (one column:
// "column F"), the form of every refusal of a file's content.
absl::Status TrfLineError(int line, int from, int to, absl::string_view field,
                          absl::string_view message);

// ReadTrf, also filling `lines` (when the file is read).
absl::StatusOr<TrfDocument> ReadTrf(absl::string_view text,
                                    TrfLineNumbers& lines);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_READER_H_
