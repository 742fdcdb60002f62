// What the play decisions check first (the section, the round, the board)
// and how they name results and who recorded them. Internal to the Decide*
// functions of decide_play.h and to ProposeNextRound.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_PLAY_SUPPORT_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_PLAY_SUPPORT_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "qiwang/v1/play_events.pb.h"
#include "services/rules/tournament/play_state.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// RequireTournament, then NOT_FOUND naming section_id for an unknown section.
absl::StatusOr<const SectionPlay*> RequireSectionPlay(
    const TournamentState& state, const std::string& tournament_id,
    const std::string& section_id);

// RequireSectionPlay for this tournament, then FAILED_PRECONDITION "R4.3:
// ..." while check-in is open: what pairing a section needs first.
absl::StatusOr<const SectionPlay*> RequirePairable(
    const TournamentState& state, const std::string& section_id);

// Single or double round robin (R2.1); every other section is Swiss.
bool IsRoundRobin(const v1::Section& section);

// INVALID_ARGUMENT naming `field` unless `result` is a result (R5.3).
absl::Status ValidateResult(v1::GameResult result, const std::string& field);

// INVALID_ARGUMENT naming "round" (or "board") when below 1; then
// FAILED_PRECONDITION "R5.3: ..." when the round is not published or has no
// such board.
absl::StatusOr<const BoardEntry*> RequireBoard(const SectionPlay& play,
                                               int round, int board);

// "red win (红胜)", ... as arbiters read it.
std::string ResultName(v1::GameResult result);

// "lateness (迟到判负)", "draw without play (未弈议和)"; "" for unspecified.
std::string GroundName(v1::ResultGround ground);

// "red win (红胜) recorded by alice (arbiter) at 2016-10-14 10:05
// Asia/Shanghai, log position 812"; a ground follows the result ("black win
// by forfeit (红方弃权) on the ground of lateness (迟到判负) recorded ...").
std::string DescribeRecorded(const BoardEntry& entry,
                             const absl::TimeZone& zone);

// `refusal` naming its `kind` (base/refusal_kinds.h) and the recorded result
// of board `board` of round `round` of section `section_id`, as
// DescribeRecorded tells it: "result" (the GameResult's name), "how"
// ("recorded" or "corrected"), "by", "role", "at", "position".
absl::Status WithRecordedResult(absl::Status refusal, absl::string_view kind,
                                const std::string& section_id, int round,
                                int board, const BoardEntry& entry,
                                const absl::TimeZone& zone);

// R6: "round 3 of section 'open-men' is incomplete: boards 2, 5 have no
// result" as FAILED_PRECONDITION when the round before `round` is not
// complete; OK for round 1.
absl::Status RequirePreviousRoundComplete(const SectionPlay& play, int round);

// R2.4: FAILED_PRECONDITION when Swiss `section` has played all its rounds.
absl::Status RefuseAllRoundsPaired(const v1::Section& section);

// R6: FAILED_PRECONDITION for a round robin whose schedule is published.
absl::Status RefuseSchedulePublished(const std::string& section_id);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_PLAY_SUPPORT_H_
