// The public pages' live URLs (.../live): what the URL names is checked
// against the public reads first (a tournament, ranking, section, published
// round, board or player that exists, and the present only), then the SSE
// stream is the shared feed of LiveViews. PublicPages' route table calls it.
// Thread-safe.
#ifndef QIWANG_CLIENTS_WEB_LIVE_PAGES_H_
#define QIWANG_CLIENTS_WEB_LIVE_PAGES_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "clients/web/live_views.h"
#include "clients/web/page_view.h"
#include "clients/web/read_client.h"
#include "services/http/handler.h"

namespace qiwang::web {

class LivePages {
 public:
  explicit LivePages(std::shared_ptr<ReadClient> reads);

  // Each answers the feed, or the reads' status or one naming what is
  // wrong (INVALID_ARGUMENT for ?at or ?after_round, a past moment).
  using Feed = absl::StatusOr<std::shared_ptr<http::LiveFeed>>;
  Feed Home(const PageView& view);
  Feed Standings(const PageView& view, const std::string& ranking_id);
  // `round` absent: the round in play, following the next when published.
  Feed Pairings(const PageView& view, const std::string& section_id,
                std::optional<int> round);
  // The board a table card's QR code opens, in the round in play.
  Feed Board(const PageView& view, const std::string& section_id,
             const std::string& board_text);
  Feed Card(const PageView& view, int64_t player_id);

 private:
  std::shared_ptr<ReadClient> reads_;
  LiveViews live_;
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_LIVE_PAGES_H_
