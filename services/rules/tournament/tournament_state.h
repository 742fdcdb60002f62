// CONTRACT SKETCH (the "registration" engineer completes it): the state of one
// tournament folded from its stream, event by event. Deterministic: folding
// the same events gives the same state, byte for byte (Snapshot()).
// Not thread-safe: the ledger guards each tournament's state with its lock;
// readers work on copies.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_TOURNAMENT_STATE_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_TOURNAMENT_STATE_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "qiwang/v1/tournament_service.pb.h"

namespace qiwang::rules::tournament {

class TournamentState {
 public:
  // Applies the next event of the stream (stream_version must be version()+1).
  absl::Status Apply(const v1::Event& event);

  bool exists() const;
  uint64_t version() const;   // stream version applied, 0 before creation
  uint64_t position() const;  // global position of the last applied event
  const v1::TournamentConfig& config() const;

  // Reads, as the TournamentService answers them; `official` decides whether
  // private fields (id numbers, full birth dates) are filled.
  v1::ListPlayersResponse ListPlayers(const std::string& section_id,
                                      bool official) const;
  absl::StatusOr<v1::GetPlayerResponse> GetPlayer(int64_t player_id,
                                                  bool official) const;
  v1::ListQualifiersResponse ListQualifiers(const std::string& station_id) const;
  v1::GetCheckInStatusResponse CheckInStatus(bool official) const;

  // Canonical bytes of the whole state, for the replay test.
  std::string Snapshot() const;
};

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_TOURNAMENT_STATE_H_
