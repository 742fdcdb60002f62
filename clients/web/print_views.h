// The printouts' bodies (issue 16 §3), each rendered from the public read
// RPCs (ReadClient) into HTML that print_layout wraps with the A4 print
// stylesheet. Bilingual on paper: Chinese first, English beside it, whatever
// the page's language. Errors are the reads' statuses, or NOT_FOUND naming
// the section, round or ranking the URL asked for. Any thread.
#ifndef QIWANG_CLIENTS_WEB_PRINT_VIEWS_H_
#define QIWANG_CLIENTS_WEB_PRINT_VIEWS_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "clients/web/page_view.h"
#include "clients/web/pages.h"
#include "clients/web/read_client.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::web {

struct Printout {
  std::string title;
  std::string html;
};

// The pairing list of a round in large type, for the wall.
absl::StatusOr<Printout> WallList(const ReadClient& reads, const PageView& view,
                                  const std::string& section_id, int round);
// One result sheet per board: players, result boxes, three signature lines.
absl::StatusOr<Printout> ResultSheets(const ReadClient& reads,
                                      const PageView& view,
                                      const std::string& section_id, int round);
// Where table cards' QR codes point: `url` + /t/ID/board/SECTION/N.
// `unreachable`: no --http_public_url is set and `url` is this machine's
// own loopback address (or none), which no phone in the hall can open; the
// printouts then say so on every card.
struct CardBase {
  std::string url;
  bool unreachable = false;
};
// One table card per board of the round: the number large and a QR code of
// the board's page. `folded`: a tent card, a portrait page folded across
// the middle, the upper half upside down so both sides read upright.
absl::StatusOr<Printout> TableCards(const ReadClient& reads,
                                    const PageView& view,
                                    const std::string& section_id, int round,
                                    const CardBase& base, bool folded);
// The results book (成绩册): standings with the tie-break chain and the
// crosstable of each ranking (every ranking with players when none named).
absl::StatusOr<Printout> ResultsBook(const ReadClient& reads,
                                     const PageView& view,
                                     std::optional<std::string> ranking_id);
// Every category's prizes and national-final places.
absl::StatusOr<Printout> PrizeList(const ReadClient& reads,
                                   const PageView& view);
// A certificate (荣誉证书) per prize winner who receives one (R8.1), one a
// page, of one ranking or of all.
absl::StatusOr<Printout> Certificates(const ReadClient& reads,
                                      const PageView& view,
                                      std::optional<std::string> ranking_id);

// Screen pages in the public layout: the list of printouts and downloads,
// and the page a table card's QR code opens, the board `board` of the
// section's current round (?round=N another round).
// `card_base` is what table cards' QR codes will point at (shown, with a
// warning when unreachable).
absl::StatusOr<PageBody> PrintIndexPage(const ReadClient& reads,
                                        const PageView& view,
                                        const CardBase& card_base);
// The board page's live part: board `board` of `round` (the round's
// heading, the two players, the result); NOT_FOUND naming the board when
// the round has none of that number.
absl::StatusOr<std::string> BoardFragment(const PageView& view,
                                          const v1::TournamentConfig& config,
                                          const v1::RoundView& round,
                                          int board);
// Without `round`, the board of the round in play, live: the result when
// it comes, the same board of the next round once published.
absl::StatusOr<PageBody> BoardPage(const ReadClient& reads,
                                   const PageView& view,
                                   const std::string& section_id, int board,
                                   std::optional<int> round);

// Shared by the printouts.
// {zh, en} of a label, each falling back to the other.
Data Bilingual(const v1::Label& label);
// The round of the section (the current one, first still in play else the
// last, when `round` is empty); NOT_FOUND naming what is missing.
absl::StatusOr<v1::RoundView> ReadRound(const ReadClient& reads,
                                        const PageView& view,
                                        const v1::TournamentConfig& config,
                                        const std::string& section_id,
                                        std::optional<int> round);
// The data every printout starts from: the event's name and the words.
Data PrintData(const PageView& view, const v1::TournamentConfig& config);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PRINT_VIEWS_H_
