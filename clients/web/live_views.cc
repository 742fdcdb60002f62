#include "clients/web/live_views.h"

#include <grpcpp/client_context.h>

#include <array>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "base/annotated_lock.h"
#include "base/thread_name.h"
#include "clients/web/pages.h"
#include "clients/web/print_views.h"

namespace qiwang::web {

// What one feed pair shows of its source's messages. A plain value: a
// feed's unbuilt message holds a copy, never the View that holds the feed.
struct LiveViews::Shown {
  enum class What { kStandings, kRound, kBoard, kCard, kHome };
  What what = What::kStandings;
  int round = 0;
  int board = 0;
  int64_t player_id = 0;
  std::string event;
};

struct LiveViews::View : Shown {
  // By language (Lang::kZh, Lang::kEn); created when first asked for, never
  // replaced afterwards.
  std::array<std::shared_ptr<http::BroadcastFeed>, 2> feeds;
};

// One Watch RPC stream and the views rendered from it.
struct LiveViews::Source {
  Kind kind = Kind::kStandings;
  std::string tournament_id;
  std::string id;  // the ranking or the section
  std::thread thread;

  absl::Mutex mutex;
  bool stopping ABSL_GUARDED_BY(mutex) = false;
  grpc::ClientContext* context ABSL_GUARDED_BY(mutex) = nullptr;
  // The newest message, serialized (GetStandingsResponse or
  // ListPairingsResponse bytes: the Watch answers are their twins).
  std::shared_ptr<const std::string> newest ABSL_GUARDED_BY(mutex);
  uint64_t newest_position ABSL_GUARDED_BY(mutex) = 0;
  absl::flat_hash_map<std::string, std::shared_ptr<View>> views
      ABSL_GUARDED_BY(mutex);
};

namespace {

size_t LangIndex(Lang lang) { return lang == Lang::kZh ? 0 : 1; }

}  // namespace

LiveViews::LiveViews(std::shared_ptr<const ReadClient> reads)
    : reads_(std::move(reads)) {}

LiveViews::~LiveViews() {
  std::vector<Source*> sources;
  {
    base::AnnotatedLock lock(&mutex_);
    stopping_ = true;
    for (auto& [key, source] : sources_) sources.push_back(source.get());
  }
  for (Source* source : sources) {
    base::AnnotatedLock lock(&source->mutex);
    source->stopping = true;
    if (source->context != nullptr) source->context->TryCancel();
  }
  for (Source* source : sources) source->thread.join();
}

int LiveViews::SourceCount() const {
  base::AnnotatedLock lock(&mutex_);
  return static_cast<int>(sources_.size());
}

std::shared_ptr<http::BroadcastFeed> LiveViews::Standings(
    const std::string& tournament_id, const std::string& ranking_id,
    Lang lang) {
  return Attach(Kind::kStandings, tournament_id, ranking_id, "standings", lang);
}

std::shared_ptr<http::BroadcastFeed> LiveViews::Pairings(
    const std::string& tournament_id, const std::string& section_id, int round,
    Lang lang) {
  return Attach(Kind::kPairings, tournament_id, section_id,
                absl::StrCat("round/", round), lang);
}

std::shared_ptr<http::BroadcastFeed> LiveViews::Board(
    const std::string& tournament_id, const std::string& section_id, int board,
    Lang lang) {
  return Attach(Kind::kPairings, tournament_id, section_id,
                absl::StrCat("board/", board), lang);
}

std::shared_ptr<http::BroadcastFeed> LiveViews::Card(
    const std::string& tournament_id, const std::string& section_id,
    int64_t player_id, Lang lang) {
  return Attach(Kind::kStandings, tournament_id, section_id,
                absl::StrCat("card/", player_id), lang);
}

std::shared_ptr<http::BroadcastFeed> LiveViews::Home(
    const std::string& tournament_id,
    const std::vector<std::string>& section_ids, Lang lang) {
  std::shared_ptr<http::BroadcastFeed> feed;
  {
    base::AnnotatedLock lock(&mutex_);
    std::shared_ptr<http::BroadcastFeed>& slot =
        home_feeds_[absl::StrCat(tournament_id, "/", LangIndex(lang))];
    if (slot == nullptr) slot = std::make_shared<http::BroadcastFeed>();
    feed = slot;
  }
  for (const std::string& section_id : section_ids) {
    Attach(Kind::kPairings, tournament_id, section_id, "home", lang, feed);
  }
  return feed;
}

std::shared_ptr<http::BroadcastFeed> LiveViews::Attach(
    Kind kind, const std::string& tournament_id, const std::string& source_id,
    const std::string& view_key, Lang lang,
    std::shared_ptr<http::BroadcastFeed> shared_feed) {
  Source* source = nullptr;
  {
    base::AnnotatedLock lock(&mutex_);
    const std::string key =
        absl::StrCat(kind == Kind::kStandings ? "standings/" : "pairings/",
                     tournament_id, "/", source_id);
    std::unique_ptr<Source>& slot = sources_[key];
    if (slot == nullptr) {
      slot = std::make_unique<Source>();
      slot->kind = kind;
      slot->tournament_id = tournament_id;
      slot->id = source_id;
      Source* started = slot.get();
      if (stopping_) {
        base::AnnotatedLock source_lock(&started->mutex);
        started->stopping = true;
      }
      started->thread = std::thread([this, started] {
        base::NameThisThread("live-view");
        Follow(started);
      });
    }
    source = slot.get();
  }
  std::shared_ptr<View> view;
  std::shared_ptr<http::BroadcastFeed> feed;
  std::shared_ptr<const std::string> newest;
  uint64_t newest_position = 0;
  {
    base::AnnotatedLock lock(&source->mutex);
    std::shared_ptr<View>& slot = source->views[view_key];
    if (slot == nullptr) {
      slot = std::make_shared<View>();
      if (absl::StartsWith(view_key, "round/")) {
        slot->what = Shown::What::kRound;
        slot->event = "pairings";
        (void)absl::SimpleAtoi(view_key.substr(6), &slot->round);
      } else if (absl::StartsWith(view_key, "board/")) {
        slot->what = Shown::What::kBoard;
        slot->event = "board";
        (void)absl::SimpleAtoi(view_key.substr(6), &slot->board);
      } else if (absl::StartsWith(view_key, "card/")) {
        slot->what = Shown::What::kCard;
        slot->event = "card";
        (void)absl::SimpleAtoi(view_key.substr(5), &slot->player_id);
      } else if (view_key == "home") {
        slot->what = Shown::What::kHome;
        slot->event = "home";
      } else {
        slot->event = "standings";
      }
    }
    std::shared_ptr<http::BroadcastFeed>& in_lang =
        slot->feeds[LangIndex(lang)];
    if (in_lang != nullptr) return in_lang;
    in_lang = shared_feed != nullptr ? std::move(shared_feed)
                                     : std::make_shared<http::BroadcastFeed>();
    view = slot;
    feed = in_lang;
    newest = source->newest;
    newest_position = source->newest_position;
  }
  // A view asked for after the stream's first message starts from it.
  if (newest != nullptr) {
    feed->PublishLazily(newest_position,
                        Builder(*source, std::move(newest), *view, lang));
  }
  return feed;
}

void LiveViews::Follow(Source* source) {
  if (source->kind == Kind::kStandings) {
    FollowStream<v1::WatchStandingsResponse>(source);
  } else {
    FollowStream<v1::WatchPairingsResponse>(source);
  }
}

template <typename Response>
void LiveViews::FollowStream(Source* source) {
  auto stopping = [source]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(source->mutex) {
    return source->stopping;
  };
  uint64_t after_position = 0;
  while (true) {
    grpc::ClientContext context;
    {
      base::AnnotatedLock lock(&source->mutex);
      if (source->stopping) return;
      source->context = &context;
    }
    std::unique_ptr<grpc::ClientReader<Response>> reader;
    if constexpr (std::is_same_v<Response, v1::WatchStandingsResponse>) {
      v1::WatchStandingsRequest request;
      request.set_tournament_id(source->tournament_id);
      request.set_ranking_id(source->id);
      request.set_after_position(after_position);
      reader = reads_->standings().WatchStandings(&context, request);
    } else {
      v1::WatchPairingsRequest request;
      request.set_tournament_id(source->tournament_id);
      request.set_section_id(source->id);
      request.set_after_position(after_position);
      reader = reads_->pairing().WatchPairings(&context, request);
    }
    Response message;
    while (reader->Read(&message)) {
      after_position = message.as_of_position();
      auto bytes =
          std::make_shared<const std::string>(message.SerializeAsString());
      struct Offer {
        std::shared_ptr<View> view;
        Lang lang;
        std::shared_ptr<http::BroadcastFeed> feed;
      };
      std::vector<Offer> offers;
      {
        base::AnnotatedLock lock(&source->mutex);
        source->newest = bytes;
        source->newest_position = after_position;
        for (const auto& [key, view] : source->views) {
          for (Lang lang : {Lang::kZh, Lang::kEn}) {
            if (view->feeds[LangIndex(lang)] != nullptr) {
              offers.push_back({view, lang, view->feeds[LangIndex(lang)]});
            }
          }
        }
      }
      // Rendered now for a feed somebody follows, else when somebody does.
      const absl::Time rendering = absl::Now();
      for (Offer& offer : offers) {
        offer.feed->PublishLazily(
            after_position, Builder(*source, bytes, *offer.view, offer.lang));
      }
      // The render budget (kPauseAfterRender); the watch keeps only the
      // newest message meanwhile, so what is skipped is intermediate views.
      const absl::Time rendered = absl::Now();
      const absl::Time resume =
          rendered + kPauseAfterRender * (rendered - rendering);
      base::AnnotatedLock lock(&source->mutex);
      // Stopping cancelled the call: the loop ends, Finish answers at once.
      if (lock.AwaitWithDeadline(stopping, resume)) break;
    }
    (void)reader->Finish();
    base::AnnotatedLock lock(&source->mutex);
    source->context = nullptr;
    // The stream ended (the server restarts, the view's limit): again after
    // a pause, from the last position seen, unless stopping.
    lock.AwaitWithDeadline(stopping, absl::Now() + absl::Seconds(1));
    if (source->stopping) return;
  }
}

http::BroadcastFeed::Build LiveViews::Builder(
    const Source& source, std::shared_ptr<const std::string> message_bytes,
    const Shown& shown, Lang lang) const {
  return
      [reads = reads_, kind = source.kind, tournament_id = source.tournament_id,
       bytes = std::move(message_bytes), shown, lang] {
        return Render(*reads, kind, tournament_id, *bytes, shown, lang);
      };
}

std::optional<http::LiveMessage> LiveViews::Render(
    const ReadClient& reads, Kind kind, const std::string& tournament_id,
    const std::string& message_bytes, const Shown& view, Lang lang) {
  PageView page;
  page.lang = lang;
  page.tournament_id = tournament_id;
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, page);
  if (!config.ok()) return std::nullopt;
  http::LiveMessage message;
  message.event = view.event;
  if (kind == Kind::kPairings) {
    v1::ListPairingsResponse pairings;
    if (!pairings.ParseFromString(message_bytes)) return std::nullopt;
    message.position = pairings.as_of_position();
    if (view.what == Shown::What::kHome) {
      absl::StatusOr<std::string> home =
          HomeFragment(reads, page, pairings.as_of_position());
      if (!home.ok()) return std::nullopt;
      message.data = *std::move(home);
      return message;
    }
    const int shown = view.round != 0 ? view.round : RoundInPlay(pairings);
    for (const v1::RoundView& round : pairings.rounds()) {
      if (round.round() != shown) continue;
      if (view.what == Shown::What::kBoard) {
        // A board the round in play lacks keeps its last message.
        absl::StatusOr<std::string> board =
            BoardFragment(page, *config, round, view.board);
        if (board.ok()) message.data = *std::move(board);
      } else {
        message.data = PairingsFragment(page, *config, round);
      }
    }
    if (message.data.empty()) {
      if (view.what != Shown::What::kRound || view.round != 0) {
        return std::nullopt;
      }
      message.data = NotPairedFragment(page);
    }
  } else {
    v1::GetStandingsResponse standings;
    if (!standings.ParseFromString(message_bytes)) return std::nullopt;
    message.position = standings.as_of_position();
    absl::StatusOr<std::string> fragment =
        view.what == Shown::What::kCard
            ? CardFragment(reads, page, *config, view.player_id, standings)
            : StandingsFragment(reads, page, *config, standings);
    if (!fragment.ok()) return std::nullopt;
    message.data = *std::move(fragment);
  }
  return message;
}

}  // namespace qiwang::web
