// The names a reader sees in a refusal, from the tournament's configuration:
// the section a refusal concerns (ErrorInfo metadata "section", attached by
// the rule or read from the message's "section 'x'") gets its configured
// Chinese and English names beside its id ("section_zh", "section_en"), so
// that a sentence in the reader's language names it as the pages do. Pure;
// the ledger calls it on every refusal it answers.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_REFUSAL_NAMES_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_REFUSAL_NAMES_H_

#include "absl/status/status.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// `refusal` with its section's names, when it names a section `state`'s
// configuration has; unchanged otherwise (and when OK).
absl::Status NameRefusalSection(absl::Status refusal,
                                const TournamentState& state);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_REFUSAL_NAMES_H_
