// A tournament through check-in with players in the open men's Swiss section
// and the professional round robin, and helpers that run the play decisions
// as the ledger does: the events stamped with the acting user and role.
#ifndef QIWANG_TESTS_RULES_TOURNAMENT_PLAY_FIXTURE_H_
#define QIWANG_TESTS_RULES_TOURNAMENT_PLAY_FIXTURE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/tournament/decide_play.h"
#include "services/rules/tournament/propose_round.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::rules::tournament {

class PlayTest : public PreEventTest {
 protected:
  static constexpr char kOpen[] = "open-men";
  static constexpr char kPro[] = "professional";

  // Registers and checks in `count` open men (qualified at stations of 12).
  std::vector<int64_t> EnterOpenMen(int count);
  // Registers and checks in `count` professionals.
  std::vector<int64_t> EnterProfessionals(int count);

  // Decides as `user` in `role` at `now`; on success commits the events
  // with that actor.
  template <typename Request>
  absl::StatusOr<Events> As(
      absl::StatusOr<Events> (*decide)(const TournamentState&, const Request&,
                                       const CommandContext&),
      const Request& request, Role role, const std::string& user = "",
      absl::Time now = kRoundDay()) {
    absl::StatusOr<Events> events = decide(state_, request, {now, role});
    if (events.ok()) CommitAs(*events, now, role, user);
    return events;
  }
  void CommitAs(const Events& events, absl::Time now, Role role,
                const std::string& user);

  // ProposeNextRound, then DecidePublishRound by the pairing officer.
  absl::StatusOr<Events> PairNext(const std::string& section_id,
                                  uint64_t seed = 7);

  // R4.4, by the chief arbiter.
  absl::StatusOr<Events> Withdraw(int64_t player_id);
  // R8.3, by the chief arbiter: `player_id` declines a final place of
  // ranking `ranking_id`, by letter.
  absl::StatusOr<Events> DeclineFinalPlace(const std::string& ranking_id,
                                           int64_t player_id);

  v1::RecordResultRequest Result(const std::string& section_id, int round,
                                 int board, v1::GameResult result) const;
  // The chief arbiter's correction of board `board` of the open men's round
  // 1 to `result`, with a reason.
  v1::CorrectResultRequest Correction(int board, v1::GameResult result) const;
  // A perpetual check by `player_id` in `round`, with a note.
  v1::RecordFoulRequest Foul(int64_t player_id, int round) const;
  absl::StatusOr<Events> Record(const std::string& section_id, int round,
                                int board, v1::GameResult result,
                                const std::string& user = "arbiter-1");
  // Records a result on every board of `round` without one: red wins on odd
  // boards, draws on even ones.
  void RecordRound(const std::string& section_id, int round);

  const SectionPlay& Play(const std::string& section_id) const {
    return *state_.FindSectionPlay(section_id);
  }

  static absl::Time kRoundDay() { return Beijing(2016, 10, 14, 10, 30); }
};

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_TESTS_RULES_TOURNAMENT_PLAY_FIXTURE_H_
