// The live views behind the pages' SSE streams: ONE Watch RPC stream per
// source (the standings of a ranking, the pairings of a section) for every
// browser, each message rendered once per view and language to the page's
// HTML fragment and published to the feed all those browsers share (event
// id: the message's as_of_position). A player's card follows the standings
// of the player's section; the home page follows the pairings of every
// section, all rendering into one feed. A view is rendered only while
// somebody follows its feed (BroadcastFeed::PublishLazily), or when somebody
// starts to. Thread-safe; the destructor ends every stream.
#ifndef QIWANG_CLIENTS_WEB_LIVE_VIEWS_H_
#define QIWANG_CLIENTS_WEB_LIVE_VIEWS_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"
#include "clients/web/page_lang.h"
#include "clients/web/read_client.h"
#include "services/http/broadcast_feed.h"

namespace qiwang::web {

class LiveViews {
 public:
  explicit LiveViews(std::shared_ptr<const ReadClient> reads);
  ~LiveViews();
  LiveViews(const LiveViews&) = delete;
  LiveViews& operator=(const LiveViews&) = delete;

  // The caller has checked that the tournament, ranking, section or player
  // exists. Each starts its source's stream on first use.
  std::shared_ptr<http::BroadcastFeed> Standings(
      const std::string& tournament_id, const std::string& ranking_id,
      Lang lang);
  // `round` 0: the round in play (RoundInPlay), the next once published.
  std::shared_ptr<http::BroadcastFeed> Pairings(
      const std::string& tournament_id, const std::string& section_id,
      int round, Lang lang);
  // Board `board` of the round in play (BoardFragment).
  std::shared_ptr<http::BroadcastFeed> Board(const std::string& tournament_id,
                                             const std::string& section_id,
                                             int board, Lang lang);
  std::shared_ptr<http::BroadcastFeed> Card(const std::string& tournament_id,
                                            const std::string& section_id,
                                            int64_t player_id, Lang lang);

  // The home page's live part (HomeFragment), rendered again when any of
  // `section_ids`' pairings change (a round published, a result recorded).
  std::shared_ptr<http::BroadcastFeed> Home(
      const std::string& tournament_id,
      const std::vector<std::string>& section_ids, Lang lang);

  // Watch streams started so far (one per source).
  int SourceCount() const;

 private:
  // After rendering a source's message, its next is read only when twice
  // the render's time has passed: renders take at most a third of a core
  // when results come faster than they can be shown (a 1,024-player
  // standings renders in tens of ms), and the writes keep the rest.
  static constexpr int kPauseAfterRender = 2;

  struct Source;
  struct Shown;
  struct View;
  enum class Kind { kStandings, kPairings };

  std::shared_ptr<http::BroadcastFeed> Attach(
      Kind kind, const std::string& tournament_id, const std::string& source_id,
      const std::string& view_key, Lang lang,
      std::shared_ptr<http::BroadcastFeed> shared_feed = nullptr);
  void Follow(Source* source);
  template <typename Response>
  void FollowStream(Source* source);
  // What a feed builds, when somebody follows it, from one of `source`'s
  // messages: Render over copies it owns (never the feed's View, which
  // holds the feed), so it may outlive this object.
  http::BroadcastFeed::Build Builder(
      const Source& source, std::shared_ptr<const std::string> message_bytes,
      const Shown& shown, Lang lang) const;
  // `view` in `lang` from a source message; nullopt when it shows nothing.
  static std::optional<http::LiveMessage> Render(
      const ReadClient& reads, Kind kind, const std::string& tournament_id,
      const std::string& message_bytes, const Shown& view, Lang lang);

  std::shared_ptr<const ReadClient> reads_;
  mutable absl::Mutex mutex_;
  bool stopping_ ABSL_GUARDED_BY(mutex_) = false;
  absl::flat_hash_map<std::string, std::unique_ptr<Source>> sources_
      ABSL_GUARDED_BY(mutex_);
  // By tournament and language: the one feed the sections' home views share.
  absl::flat_hash_map<std::string, std::shared_ptr<http::BroadcastFeed>>
      home_feeds_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_LIVE_VIEWS_H_
