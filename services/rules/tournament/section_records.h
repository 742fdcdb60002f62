// The bridge from the folded tournament to the engines: a section's players
// as rules::PlayerRecord (pairing numbers from the lots, rounds with
// opponents, colours and outcomes, fouls, withdrawals, units) and the
// engines' configuration from the tournament's. Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_SECTION_RECORDS_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_SECTION_RECORDS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/ranking/tie_break.h"
#include "services/rules/swiss/swiss_config.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// The players of `section_id` who take part in play (checked in, or entered
// later; no-shows withdrawn at check-in are left out), each with rounds
// 1..N, where N is `after_round` if > 0, else every published round; results
// not yet recorded are kPending; fouls counted up to round N. Excused
// players (R4.3) play; a player withdrawn before round 1 does not, one
// withdrawn later (R4.4) does, with `withdrawn` set. Records come in pairing
// number order: the lots' order, then players entered after the lots in id
// order (before any lots: id order, which is registration order). N is
// capped at the rounds published. NOT_FOUND for an unknown section,
// INVALID_ARGUMENT for a negative `after_round`. A record's unit (N13.4) is
// the registered unit, else the qualifying station, else empty.
absl::StatusOr<std::vector<PlayerRecord>> SectionRecords(
    const TournamentState& state, const std::string& section_id,
    int after_round = 0);

// The records that pair (or check) round `round`: rounds 1..round-1 only.
// `lots`, when given, replaces the section's pairing numbers (round 1 is
// paired and checked before its LotsDrawn is applied). NOT_FOUND for an
// unknown section, INVALID_ARGUMENT for a round below 1.
absl::StatusOr<std::vector<PlayerRecord>> SectionRecordsBefore(
    const TournamentState& state, const std::string& section_id, int round,
    const v1::LotsDrawn* lots = nullptr);

// Points per outcome from the configuration (R5.1, R5.3, R6.4).
Scoring ScoringOf(const v1::TournamentConfig& config);

// The Swiss engine's configuration of `section`: scoring and same-unit
// avoidance (N13.4); the colour seed is the caller's (the lots').
swiss::SwissConfig SwissConfigOf(const v1::TournamentConfig& config,
                                 const v1::Section& section);

// The ranking configuration of a section: scoring, its tie-break chain and
// R7.2 reading (R7.1, R7.2, R7.4). A section without tie-breaks gets the
// R7.1 chain. In a round robin the bye is the rest round every player gets
// once: it scores 0 (RoundRobinSectionPreset). NOT_FOUND for an unknown
// section.
absl::StatusOr<RankingConfig> RankingConfigOf(
    const v1::TournamentConfig& config, const std::string& section_id);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_SECTION_RECORDS_H_
