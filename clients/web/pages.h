// The public pages, each rendered from the public read RPCs the CLI calls
// (ReadClient), never from the projections directly. A page is its body and
// title; PublicPages wraps it in the layout. Errors are the reads' statuses,
// or NOT_FOUND / INVALID_ARGUMENT naming what the URL asked for.
#ifndef QIWANG_CLIENTS_WEB_PAGES_H_
#define QIWANG_CLIENTS_WEB_PAGES_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "clients/web/fragment_cache.h"
#include "clients/web/page_view.h"
#include "clients/web/read_client.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/standings_service.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::web {

struct PageBody {
  std::string title;
  std::string html;
  // Set when the page has a live fragment (so the layout loads live.js).
  bool live = false;
  // The hall screen's next page, when display mode cycles.
  std::string refresh_to;
  // The hall screen's heading: the event's name and which page of the list.
  std::string event;
  std::string hall_page;
};

// The tournaments `tournament_ids` lists (by their names), and a form to
// open any tournament by id.
absl::StatusOr<PageBody> RootPage(
    const ReadClient& reads, const std::vector<std::string>& tournament_ids,
    const PageView& view);

// Sections, rankings, schedule, current round and status; live (the home
// feed follows every section's pairings).
absl::StatusOr<PageBody> HomePage(const ReadClient& reads,
                                  const PageView& view);
// Its live part, read no older than `min_position` (0: any) for the present.
absl::StatusOr<std::string> HomeFragment(const ReadClient& reads,
                                         const PageView& view,
                                         uint64_t min_position = 0);

// The round of a section (the current one when `round` is empty), the board
// of `marked_player` (0: none) marked as theirs.
absl::StatusOr<PageBody> PairingsPage(const ReadClient& reads,
                                      const PageView& view,
                                      const std::string& section_id,
                                      std::optional<int> round,
                                      int64_t marked_player = 0);
// The section's published rounds at the view's moment; NOT_FOUND naming the
// section when the tournament has none of that id.
absl::StatusOr<v1::ListPairingsResponse> ReadSectionRounds(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config, const std::string& section_id);
// Each board's row is #board-N and names its players (data-players) so a
// page can mark a player's own; `marked_player`'s row is marked here.
std::string PairingsFragment(const PageView& view,
                             const v1::TournamentConfig& config,
                             const v1::RoundView& round,
                             int64_t marked_player = 0);
// A player at a board: name, pairing number, score before the round, and
// the link to their card ({{name}}, {{number}}, {{score}}, {{link}}).
Data PlayerAtBoard(const PageView& view, const v1::PlayerRef& player);
// What the current-round pairings show before any round is published.
std::string NotPairedFragment(const PageView& view);
// The round being played: the first published round without all results,
// else the last published; 0 before any.
int RoundInPlay(const v1::ListPairingsResponse& pairings);

// Standings of a ranking category (or a section's whole pool) with every
// tie-break of its chain, the crosstable of its sections and its prizes.
// `cache` (may be null) keeps the present's fragment per position.
absl::StatusOr<PageBody> StandingsPage(const ReadClient& reads,
                                       const PageView& view,
                                       const std::string& ranking_id,
                                       FragmentCache* cache = nullptr);
// The live part of the standings page for `standings`, reading the rest at
// its position.
absl::StatusOr<std::string> StandingsFragment(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config,
    const v1::GetStandingsResponse& standings);

// Players whose name holds `query`, or whose pairing number it is, with their
// board in the current round.
absl::StatusOr<PageBody> FindPage(const ReadClient& reads, const PageView& view,
                                  const std::string& query);

// A player's card: schedule, opponents, colours, results, rank, tie-breaks,
// and a QR code of the card's own address (`base_url` + /t/ID/player/N) for
// the check-in desk to scan.
absl::StatusOr<PageBody> CardPage(const ReadClient& reads, const PageView& view,
                                  int64_t player_id,
                                  const std::string& base_url,
                                  FragmentCache* cache = nullptr);
absl::StatusOr<std::string> CardFragment(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config, int64_t player_id,
    const v1::GetStandingsResponse& standings);

// Helpers shared by the pages. NOT_FOUND naming the tournament when there is
// none of that id.
absl::StatusOr<v1::GetTournamentResponse> ReadTournament(
    const ReadClient& reads, const PageView& view);
absl::StatusOr<v1::TournamentConfig> ReadConfig(const ReadClient& reads,
                                                const PageView& view);
const v1::Section* FindSection(const v1::TournamentConfig& config,
                               const std::string& section_id);
// FindSection, or NOT_FOUND naming the section and the tournament.
absl::StatusOr<const v1::Section*> KnownSection(
    const v1::TournamentConfig& config, const PageView& view,
    const std::string& section_id);
// The ids of the sections with a published round at the view's moment.
absl::StatusOr<std::set<std::string>> SectionsInPlay(const ReadClient& reads,
                                                     const PageView& view);
// The ranking's name, or NOT_FOUND naming it when it is neither a ranking
// category nor a section of the tournament.
absl::StatusOr<v1::Label> RankingName(const v1::TournamentConfig& config,
                                      const std::string& ranking_id);
// How to read what a page shows beside `standings`: the view's past moment,
// or now but no older than the standings (a read "as of" a position folds
// the log again, far too slow for every page of the present).
v1::ReadOptions ReadBeside(const PageView& view,
                           const v1::GetStandingsResponse& standings);
// The sections a ranking ranks: a category's, or the section itself.
std::vector<std::string> RankedSections(const v1::TournamentConfig& config,
                                        const std::string& ranking_id);
// The crosstables of the ranking's sections that have players, read beside
// `standings` (ReadBeside).
absl::StatusOr<std::vector<v1::GetCrosstableResponse>> ReadCrosstables(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config,
    const v1::GetStandingsResponse& standings);
// The same as the templates take them.
absl::StatusOr<DataList> CrosstablesData(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config,
    const v1::GetStandingsResponse& standings);
// The standings' rows and a section's crosstable as the templates take them
// (standings_fragment, print_book), in the view's language.
DataList StandingRows(const PageView& view,
                      const v1::GetStandingsResponse& standings);
Data CrosstableData(const PageView& view, const v1::TournamentConfig& config,
                    const v1::GetCrosstableResponse& crosstable);
// A category's awards, national-final places (named from `names`, else
// "#ID") and those passed over, and why the list is provisional if it is.
Data PrizesData(const PageView& view, const v1::GetPrizesResponse& prizes,
                const v1::CategoryPrizes& category,
                const std::map<int64_t, std::string>& names);
// A tie-break's value as the CLI prints it (R7.2's sequence joined).
std::string TieBreakValue(const v1::TieBreakScore& score);
// The fragment of the present view `key` at `position` from `cache`, else
// `render`ed (and kept); the past is always rendered.
absl::StatusOr<std::string> CachedFragment(
    FragmentCache* cache, const PageView& view, const std::string& key,
    uint64_t position,
    const std::function<absl::StatusOr<std::string>()>& render);
// What a live view's fragment is wrapped in on its page.
std::string LiveBox(const std::string& live_url, const std::string& event,
                    const std::string& fragment);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PAGES_H_
