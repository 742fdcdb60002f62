// Rulings as the folded state knows them (R9): which events are rulings, what
// each concerns, and the appeals against them with the committee's
// decisions; also the R7.3 tie lots and R8.3 declined places. Plain values
// folded by TournamentState; not thread-safe (owned by a TournamentState).
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_RULINGS_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_RULINGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/ruling_events.pb.h"

namespace qiwang::rules::tournament {

// The kind of ruling `event` is (see RulingKind in ruling_events.proto), or
// RULING_KIND_UNSPECIFIED when it is not a ruling. A ResultRecorded is a
// ruling (an arbiter decided it); with a forfeit result it is a FORFEIT; a
// PlayerRegistered is one only with late_admission.
v1::RulingKind RulingKindOf(const v1::Event& event);

// A ruling in the log; its id is the event's event_id.
struct RulingRef {
  std::string ruling_id;
  v1::RulingKind kind = v1::RULING_KIND_UNSPECIFIED;
  uint64_t position = 0;
  absl::Time server_time = absl::InfinitePast();
  v1::Actor actor;
  std::string section_id;  // empty when about no one section
  int round = 0;           // 0 when about no one round
  int board = 0;           // 0 when about no one board
  // The players it concerns, ascending: a board's two players, a foul's
  // player, the withdrawn or admitted player, every player on an amended
  // round or in a lot.
  std::vector<int64_t> player_ids;
};

// An appeal and, once decided, the decision (R9.2, R9.3).
struct AppealEntry {
  v1::AppealFiled filed;
  uint64_t filed_position = 0;
  absl::Time filed_at = absl::InfinitePast();
  v1::Actor filed_by;
  v1::AppealStatus status = v1::APPEAL_STATUS_PENDING;
  v1::AppealDecided decision;  // valid once status is not PENDING
  uint64_t decided_position = 0;
  v1::Actor decided_by;
};

// R7.3 lots as drawn, and where.
struct TieLotsEntry {
  v1::TieLotsDrawn lots;
  uint64_t position = 0;
};

// R8.3 declined places, and where.
struct DeclineEntry {
  v1::FinalPlaceDeclined declined;
  uint64_t position = 0;
};

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_RULINGS_H_
