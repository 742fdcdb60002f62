// Values of rulings and appeals as people type and read them: ruling kinds,
// appeal statuses and decisions, remedies (from --remedy, --result,
// --replay-at, --replay-place), votes ("3:1[:1]") and times, in Chinese or
// English. Pure functions; any caller.
#ifndef QIWANG_CLIENTS_CLI_RULING_VALUES_H_
#define QIWANG_CLIENTS_CLI_RULING_VALUES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "clients/cli/flag_parser.h"
#include "clients/cli/labels.h"
#include "google/protobuf/timestamp.pb.h"
#include "qiwang/v1/ruling_events.pb.h"

namespace qiwang::cli {

// result, forfeit, correction, foul, withdrawal, late-admission,
// pairing-override, lots, tie-lots, final-place-declined; INVALID_ARGUMENT
// naming `flag` otherwise.
absl::StatusOr<v1::RulingKind> ParseRulingKind(absl::string_view text,
                                               const std::string& flag);

// pending, upheld, dismissed; INVALID_ARGUMENT naming `flag` otherwise.
absl::StatusOr<v1::AppealStatus> ParseAppealStatus(absl::string_view text,
                                                   const std::string& flag);

// upheld, dismissed; INVALID_ARGUMENT naming `flag` otherwise.
absl::StatusOr<v1::AppealDecision> ParseAppealDecision(absl::string_view text,
                                                       const std::string& flag);

// The flags that describe a remedy, shared by `appeal decide` and `whatif`.
std::vector<FlagSpec> RemedyFlags();
// The remedy named by --remedy result|foul-removed|replay|none with its
// --result / --replay-at / --replay-place; an unset Remedy when --remedy is
// absent. INVALID_ARGUMENT naming the flag that is wrong or missing.
absl::StatusOr<v1::Remedy> RemedyFrom(const ParsedFlags& flags);
// "result changed to 0-1", "game replayed at ... (table 1)", ...
std::string RemedyText(const v1::Remedy& remedy, Lang lang);

// "UPHOLD:DISMISS[:ABSTAIN]", each a count from 0 to 1000;
// INVALID_ARGUMENT naming `flag` otherwise.
absl::StatusOr<v1::Votes> ParseVotes(absl::string_view text,
                                     const std::string& flag);
std::string VotesText(const v1::Votes& votes, Lang lang);

// An RFC 3339 time (2016-10-15T14:00:00+08:00); INVALID_ARGUMENT naming
// `flag` otherwise.
absl::StatusOr<google::protobuf::Timestamp> ParseTimestamp(
    absl::string_view text, const std::string& flag);

// "1,2,3" as player ids (each positive); INVALID_ARGUMENT naming `flag`.
absl::StatusOr<std::vector<int64_t>> ParsePlayerIds(absl::string_view text,
                                                    const std::string& flag);

// "S:R:B" (section, round, board); INVALID_ARGUMENT naming `flag`.
struct BoardAddress {
  std::string section;
  int32_t round = 0;
  int32_t board = 0;
};
absl::StatusOr<BoardAddress> ParseBoardAddress(absl::string_view text,
                                               const std::string& flag);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_RULING_VALUES_H_
