#ifndef QIWANG_CLIENTS_CLI_LABELS_H_
#define QIWANG_CLIENTS_CLI_LABELS_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::cli {

enum class Lang { kZh, kEn };

// Every heading the CLI prints, in Chinese and English.
enum class Label {
  kPosition,
  kStream,
  kVersion,
  kTime,
  kActor,
  kReason,
  kContent,
  kField,
  kValue,
  kFirstPosition,
  kLastPosition,
  kStreamVersion,
  kReplayed,
  kYes,
  kNo,
  kCaughtUp,
  kCommandId,
  kPlayerId,
  kName,
  kGender,
  kBirthYear,
  kSection,
  kStatus,
  kStation,
  kRank,
  kQualifiedAt,
  kSubstitute,
  kIdNumber,
  kBirthDate,
  kDocuments,
  kRegistered,
  kCheckedIn,
  kExcused,
  kWithdrawn,
  kCheckInClosed,
  kAsOfPosition,
  kTournament,
  kManualClock,
  kFromRound,
  kReplaces,
  kLate,
  kRound,
  kBoard,
  kRed,
  kBlack,
  kResult,
  kBye,
  kScore,
  kPairingNumber,
  kAmended,
  kComplete,
  kPublishedAt,
  kOpponent,
  kColour,
  kGames,
  kMoney,
  kTrophy,
  kCertificate,
  kNationalFinal,
  kPassedOver,
  kProvisional,
  kCost,
  kRecordedBy,
  kViolations,
  kAfterRound,
  kRanking,
  kFouls,
  kTotal,
  kRounds,
  kRulingId,
  kKind,
  kAppeal,
  kAppellant,
  kGrounds,
  kDecision,
  kRemedy,
  kVotes,
  kFiledBy,
  kDecidedBy,
  kStanding,
  kSummary,
  kEventId,
  kRole,
  kPayload,
  kChanged,
  kPrize,
  kOk,
  kEventsChecked,
  kDigest,
  kProblems,
  kSeed,
  kDrawnOrder,
  kAppeals,
  kFiledAt,
  kDecidedAt,
  kReasoning,
  kCompared,
  kSkipped,
  kPlayers,
  kFile,
  kBytes,
};

// "zh" or "en"; INVALID_ARGUMENT naming --lang otherwise.
absl::StatusOr<Lang> ParseLang(absl::string_view text);

// Chinese when the locale (LC_ALL, else LANG) starts with "zh".
Lang LangFromEnvironment();

std::string Text(Label label, Lang lang);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_LABELS_H_
