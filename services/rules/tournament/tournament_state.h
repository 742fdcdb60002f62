// The state of one tournament, folded from its stream event by event:
// configuration, station rankings and the qualifiers derived from them,
// registered players and their check-in, substitutes invited (R1-R4), the
// play of each section: lots, rounds, results, fouls (R5, R6), and rulings:
// appeals and their decisions, tie lots, declined places (R7.3, R8.3, R9).
// Deterministic: folding the same events gives the same state, byte for byte
// (Snapshot()). Not thread-safe: the ledger guards each tournament's state
// with its lock; readers work on copies.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_TOURNAMENT_STATE_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_TOURNAMENT_STATE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/rules/tournament/play_state.h"
#include "services/rules/tournament/qualification.h"
#include "services/rules/tournament/rulings.h"

namespace qiwang::rules::tournament {

// A registered player and what happened to them since (R4).
struct PlayerEntry {
  v1::PlayerRegistered registration;
  v1::PlayerStatus status = v1::PLAYER_STATUS_REGISTERED;
  std::vector<v1::CheckInDocument> documents;  // R4.2, as seen at check-in
  std::string excuse_note;                     // R4.3
  v1::PlayerWithdrawn withdrawal;              // R4.3, R4.4
  // Entered after check-in closed (a late admission, e.g. an R3.3
  // substitute): checks in at the desk although the window has passed.
  bool registered_after_close = false;
  // Issue 18: set by PersonForgotten; the private fields of the person are
  // cleared then, in every fold, with or without the key.
  std::optional<v1::Forgotten> forgotten;

  int64_t id() const { return registration.player_id(); }
  const v1::Person& person() const { return registration.person(); }
};

class TournamentState {
 public:
  // Applies the next event of the stream. FAILED_PRECONDITION, changing
  // nothing, when stream_version is not version()+1 or the event does not fit
  // the state (a second creation, an unknown player, a player id that is not
  // the next one; a play event naming an unknown section, board or player,
  // a round that is not the next, a result on a board that has one; an
  // appeal on an unknown ruling, a decision on an unknown or decided appeal,
  // a remedy that does not fit the ruling).
  absl::Status Apply(const v1::Event& event);

  bool exists() const { return exists_; }
  uint64_t version() const { return version_; }    // 0 before creation
  uint64_t position() const { return position_; }  // of the last event
  const v1::TournamentConfig& config() const { return config_; }
  // The configuration's zone (UTC before creation).
  const absl::TimeZone& time_zone() const { return time_zone_; }
  bool check_in_closed() const { return check_in_closed_; }

  // Station rankings in the order they were recorded.
  const std::vector<v1::StationResultsRecorded>& stations() const {
    return stations_;
  }
  const QualificationTable& qualification() const { return qualification_; }
  // Players by id: players()[id - 1].
  const std::vector<PlayerEntry>& players() const { return players_; }
  const PlayerEntry* FindPlayer(int64_t player_id) const;
  const PlayerEntry* FindRegistered(const v1::Person& person) const;
  // R3.3 invitations in the order they were made.
  const std::vector<v1::SubstituteInvited>& invitations() const {
    return invitations_;
  }
  const v1::SubstituteInvited* FindInvitation(const v1::Person& person) const;

  // The configuration's section `section_id`, or nullptr.
  const v1::Section* FindSection(const std::string& section_id) const;
  // The play of every section, one entry per section of the configuration
  // in its order (a section an amendment dropped keeps its entry, last).
  const std::vector<SectionPlay>& section_plays() const {
    return section_plays_;
  }
  const SectionPlay* FindSectionPlay(const std::string& section_id) const;

  // Rulings in log order (R9.2), and by id (nullptr when `ruling_id` names
  // no ruling).
  const std::vector<RulingRef>& rulings() const { return rulings_; }
  const RulingRef* FindRuling(const std::string& ruling_id) const;
  // Appeals by number: appeals()[n - 1] is appeal n (R9.2, R9.3).
  const std::vector<AppealEntry>& appeals() const { return appeals_; }
  const AppealEntry* FindAppeal(int appeal_number) const;
  // R7.3 lots and R8.3 declines in log order.
  const std::vector<TieLotsEntry>& tie_lots() const { return tie_lots_; }
  const std::vector<DeclineEntry>& declines() const { return declines_; }

  // Reads, as the TournamentService answers them; `official` decides whether
  // private fields (id numbers, full birth dates, residency, documents) are
  // filled. Players come in id order.
  v1::GetTournamentResponse Tournament() const;
  v1::ListPlayersResponse ListPlayers(const std::string& section_id,
                                      bool official) const;
  absl::StatusOr<v1::GetPlayerResponse> GetPlayer(int64_t player_id,
                                                  bool official) const;
  v1::ListQualifiersResponse ListQualifiers(
      const std::string& station_id) const;
  // `pending` lists players neither checked in, excused nor withdrawn; for
  // officials their `documents` are the documents they must bring (R4.2).
  v1::GetCheckInStatusResponse CheckInStatus(bool official) const;

  // Canonical bytes of the whole state, for the replay test.
  std::string Snapshot() const;

 private:
  absl::Status ApplyPayload(const v1::Event& event);
  absl::Status SetConfig(const v1::TournamentConfig& config);
  // The play events (play_fold.cc); the message says why an event is unfit.
  absl::Status ApplyPlay(const v1::Event& event);
  // The rulings (ruling_fold.cc): the reference of a ruling event, taken on
  // the state before it applies (nullopt for an event that is no ruling).
  std::optional<RulingRef> RulingRefOf(const v1::Event& event) const;
  void IndexRuling(RulingRef ref);
  absl::Status ApplyRuling(const v1::Event& event);
  absl::Status ApplyAppealFiled(const v1::Event& event);
  absl::Status ApplyAppealDecided(const v1::Event& event);
  SectionPlay* MutableSectionPlay(const std::string& section_id);
  absl::StatusOr<PlayerEntry*> MutablePlayer(int64_t player_id);
  // PersonForgotten (issue 18): clears the player's ID number, full birth
  // date and excuse note, and those of the same person in every station
  // ranking, invitation and qualification place, so that a fold that had
  // opened them (the ledger's) holds them no longer.
  void ForgetPrivateFields(PlayerEntry& player);
  v1::PlayerView View(const PlayerEntry& player, bool official) const;

  bool exists_ = false;
  uint64_t version_ = 0;
  uint64_t position_ = 0;
  v1::TournamentConfig config_;
  absl::TimeZone time_zone_ = absl::UTCTimeZone();
  bool check_in_closed_ = false;
  std::vector<v1::StationResultsRecorded> stations_;
  QualificationTable qualification_;
  std::vector<PlayerEntry> players_;
  std::vector<v1::SubstituteInvited> invitations_;
  std::vector<SectionPlay> section_plays_;
  std::vector<RulingRef> rulings_;
  absl::flat_hash_map<std::string, size_t> ruling_index_;  // into rulings_
  std::vector<AppealEntry> appeals_;
  std::vector<TieLotsEntry> tie_lots_;
  std::vector<DeclineEntry> declines_;
};

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_TOURNAMENT_STATE_H_
