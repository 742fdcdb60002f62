// The kinds of refusal a rule names in its ErrorInfo's metadata
// ("refusal" = kind, base::WithRefusal), with the values each attaches; the
// words layer holds one Chinese and one English template per kind
// (words/refusal_templates.h) and tests/words checks that none lacks them.
// Constants only; any module may include.
#ifndef QIWANG_BASE_REFUSAL_KINDS_H_
#define QIWANG_BASE_REFUSAL_KINDS_H_

#include "absl/strings/string_view.h"

namespace qiwang::base::refusal {

// R5.3: the board has a result (section, round, board, result, how, by,
// role, at, position; "how" is "recorded" or "corrected").
inline constexpr absl::string_view kResultAlreadyRecorded =
    "result_already_recorded";
// R5.3, R5.5, R6.6: the round is not published (section, round, published).
inline constexpr absl::string_view kRoundNotPublished = "round_not_published";
// R5.3: the round has no such board (section, round, board, boards).
inline constexpr absl::string_view kBoardNotInRound = "board_not_in_round";
// R5.3: a correction of a board without a result (section, round, board).
inline constexpr absl::string_view kNoResultToCorrect = "no_result_to_correct";
// R9.5, R9.3: the correction, or the remedy of an upheld appeal, asks for
// the result the board has (the values of kResultAlreadyRecorded).
inline constexpr absl::string_view kCorrectionChangesNothing =
    "correction_changes_nothing";
// R9.5: a correction by someone else than the chief arbiter (role).
inline constexpr absl::string_view kCorrectionIsTheChiefs =
    "correction_is_the_chiefs";
// R5.5: a foul of a player not paired in the round (player, name, section,
// round).
inline constexpr absl::string_view kFoulPlayerNotPaired =
    "foul_player_not_paired";
// R6.6: an override of R6.3 by someone else than the chief arbiter (role).
inline constexpr absl::string_view kOverrideIsTheChiefs =
    "override_is_the_chiefs";
// R6.6: an amendment of a round with a result (section, round, board).
inline constexpr absl::string_view kRoundHasStarted = "round_has_started";
// R2.2: no section admits the entrant's gender and birth date (gender: a
// Gender value name, born).
inline constexpr absl::string_view kNoSectionAdmits = "no_section_admits";
// R2.2: a birth date outside the section's range (born, section, births:
// "from..to" with either end possibly empty, fits: the sections that
// would admit it joined by ", ", possibly none).
inline constexpr absl::string_view kBirthOutsideSection =
    "birth_outside_section";
// R2.1 (the professional section), R2.3 (an amateur section of one
// gender): a gender the section does not admit (section, genders: Gender
// value names joined by ",").
inline constexpr absl::string_view kGenderNotAdmitted = "gender_not_admitted";
// R2.1: a title below the section's least (section, least_title, title:
// Title value names).
inline constexpr absl::string_view kTitleBelowSection = "title_below_section";
// R2.2: a title at or above the section's bound (section, title_below,
// title).
inline constexpr absl::string_view kTitleAboveSection = "title_above_section";
// R2.5: neither native of nor working in the region (section, region, and
// region_zh / region_en: the region's names).
inline constexpr absl::string_view kResidencyRequired = "residency_required";
// R2.5: accident insurance not confirmed.
inline constexpr absl::string_view kInsuranceNotConfirmed =
    "insurance_not_confirmed";
// R3.2: a person registered already (name, player, section).
inline constexpr absl::string_view kAlreadyRegistered = "already_registered";
// R3.1: an entrant of a qualifying section who neither qualified nor was
// invited (section, name, stations: "station<TAB>place" where they placed,
// joined by newlines, possibly none; stations_zh, stations_en: the same by
// the stations' configured names).
inline constexpr absl::string_view kNotQualified = "not_qualified";
// A section holding the most players it takes (section, entered).
inline constexpr absl::string_view kSectionFull = "section_full";
// R4.1: a late admission before the deadline (closes).
inline constexpr absl::string_view kRegistrationStillOpen =
    "registration_still_open";
// R4.1: an entry after the deadline without late admission (closes).
inline constexpr absl::string_view kRegistrationClosed = "registration_closed";
// R4.1: a late admission by someone else than the chief arbiter (closes,
// role).
inline constexpr absl::string_view kLateAdmissionIsTheChiefs =
    "late_admission_is_the_chiefs";
// R4.2: a second check-in (player, name).
inline constexpr absl::string_view kAlreadyCheckedIn = "already_checked_in";
// R4.2: a check-in outside its window (opens, closes, now).
inline constexpr absl::string_view kCheckInNotOpen = "check_in_not_open";
// R4.2: a check-in without every document the player needs (player, name,
// missing: CheckInDocument value names joined by ",").
inline constexpr absl::string_view kDocumentsMissing = "documents_missing";
// R4.3: a check-in after check-in closed, by a player registered before it
// closed (player, name).
inline constexpr absl::string_view kNotCheckedInByClose =
    "not_checked_in_by_close";
// R4.3: closing check-in by someone else than the chief arbiter (role).
inline constexpr absl::string_view kCloseCheckInIsTheChiefs =
    "close_check_in_is_the_chiefs";
// R4.3: closing check-in before its window ends (closes).
inline constexpr absl::string_view kCheckInWindowNotOver =
    "check_in_window_not_over";
// R4.3: closing check-in, or excusing an absence, after it closed.
inline constexpr absl::string_view kCheckInAlreadyClosed =
    "check_in_already_closed";
// R4.4: checking in or withdrawing a withdrawn player (player, name,
// from_round).
inline constexpr absl::string_view kPlayerWithdrawn = "player_withdrawn";
// The committee's refusals name the ruling appealed: ruling (its id),
// ruling_kind (a RulingKind value name), ruling_position.
// R9.2: an appeal after its window (the ruling's values, window, at,
// closes, late; durations as absl::FormatDuration writes them).
inline constexpr absl::string_view kAppealWindowClosed = "appeal_window_closed";
// R9.2: an appellant the ruling does not concern (the ruling's values,
// appellant: a player id, players: the ids it concerns joined by ", ").
inline constexpr absl::string_view kAppellantNotConcerned =
    "appellant_not_concerned";
// R9.2: a second appeal by one appellant while the first is pending (the
// ruling's values, appellant: a player id or "official:" and the user,
// appeal).
inline constexpr absl::string_view kAlreadyAppealed = "already_appealed";
// R9.3: an appeal decided already (appeal, appeal_status: an AppealStatus
// value name, decided_position).
inline constexpr absl::string_view kAppealDecided = "appeal_decided";
// R9.3: votes that do not carry the decision (uphold, dismiss, abstain).
inline constexpr absl::string_view kVotesDoNotUphold = "votes_do_not_uphold";
inline constexpr absl::string_view kVotesUphold = "votes_uphold";
// R9.3: the maker of the ruling deciding its appeal (the ruling's values,
// user).
inline constexpr absl::string_view kDeciderMadeTheRuling =
    "decider_made_the_ruling";
// R6.3, N13.4: a round to publish that breaks the rules (section, round,
// violations: "kind|colour|player,player" per violation, joined by ";";
// kind and colour as swiss::Violation names them).
inline constexpr absl::string_view kRoundBreaksRules = "round_breaks_rules";
// R6.3, N13.4: an amendment that breaks the rules, without the chief
// arbiter's override (the same values).
inline constexpr absl::string_view kAmendmentBreaksRules =
    "amendment_breaks_rules";
// R9.3: votes with no vote at all.
inline constexpr absl::string_view kNoVotes = "no_votes";
// R9.3: a dismissed appeal with a remedy.
inline constexpr absl::string_view kDismissedWithRemedy =
    "dismissed_with_remedy";
// R9.3: a remedy that fits rulings on a board's result, or fouls, given for
// another ruling (the ruling's values, remedy: a RemedyKind value name).
inline constexpr absl::string_view kRemedyFitsResults = "remedy_fits_results";
inline constexpr absl::string_view kRemedyFitsFouls = "remedy_fits_fouls";
// R9.3: the ruling's board is no longer in the published pairing (the
// ruling's values).
inline constexpr absl::string_view kBoardNoLongerPublished =
    "board_no_longer_published";
// R9.3: removing a foul removed already (the ruling's values).
inline constexpr absl::string_view kFoulRemovedAlready = "foul_removed_already";
// R6.6: a replay set at or after the next round's start without the reason
// why (replay_at, section, round: the next round, starts: its start).
inline constexpr absl::string_view kReplayAfterNextRound =
    "replay_after_next_round";
// R6.6: a reason for a late replay given for a replay before the next
// round's start (replay_at, section, round: the next round, starts).
inline constexpr absl::string_view kLateReasonForTimelyReplay =
    "late_reason_for_timely_replay";
// R9.3: an upheld appeal without a remedy.
inline constexpr absl::string_view kRemedyRequired = "remedy_required";
// R1.1: an amendment that drops what the log refers to. Each names the
// dropped item as section, station or ranking (its id, and its configured
// names as _zh and _en).
// A section players are registered in (players: how many, first: the first
// one's id).
inline constexpr absl::string_view kDroppedSectionInUse =
    "dropped_section_in_use";
// A station whose results are recorded (ranked: how many it ranks,
// qualified: registered players who qualified through it).
inline constexpr absl::string_view kDroppedStationInUse =
    "dropped_station_in_use";
// A ranking category with R7.3 tie lots (position: the lots').
inline constexpr absl::string_view kDroppedCategoryWithLots =
    "dropped_category_with_lots";
// A ranking category in which a player declined a final place (player,
// position: the decline's).
inline constexpr absl::string_view kDroppedCategoryWithDecline =
    "dropped_category_with_decline";
// The chief arbiter's lots and final places name their ranking: ranking
// (its id), ranking_zh, ranking_en (its configured names).
// R7.3: lots before every round is published (section, published, rounds).
inline constexpr absl::string_view kLotsBeforeAllRounds =
    "lots_before_all_rounds";
// R7.3: lots among fewer than two players.
inline constexpr absl::string_view kLotsAmongTooFew = "lots_among_too_few";
// R7.3, R8.3: a player the ranking does not hold (the ranking's values,
// player, name).
inline constexpr absl::string_view kNotInRanking = "not_in_ranking";
// R7.3: lots among these players drawn already (the ranking's values,
// position).
inline constexpr absl::string_view kTieLotsDrawnAlready =
    "tie_lots_drawn_already";
// R7.3: lots among players of different ranks (the ranking's values,
// ranks: "player:rank" joined by ",", rank 0 for unranked).
inline constexpr absl::string_view kRankNotShared = "rank_not_shared";
// R8.3: a ranking that awards no national-final places (its values).
inline constexpr absl::string_view kNoFinalPlaces = "no_final_places";
// R8.3: a place declined already (the ranking's values, player, name,
// position).
inline constexpr absl::string_view kFinalPlaceDeclinedAlready =
    "final_place_declined_already";
// R4.3: pairing before check-in closes.
inline constexpr absl::string_view kPairingBeforeCheckInCloses =
    "pairing_before_check_in_closes";
// R6: pairing while the round before has boards without a result (section,
// round: the round before, open_boards: their numbers joined by ", ").
inline constexpr absl::string_view kPreviousRoundIncomplete =
    "previous_round_incomplete";
// R2.4: a Swiss section with all its rounds paired (section, rounds).
inline constexpr absl::string_view kAllRoundsPaired = "all_rounds_paired";
// R6: a round robin whose schedule is published (section).
inline constexpr absl::string_view kSchedulePublished = "schedule_published";
// R6: publishing a round that is not the section's next (section, round,
// next).
inline constexpr absl::string_view kNotTheNextRound = "not_the_next_round";
// R6.1: round 1 without its drawn lots (section).
inline constexpr absl::string_view kRoundOneNeedsLots = "round_one_needs_lots";
// R6.1: lots with a later round (section).
inline constexpr absl::string_view kLotsDrawnOnce = "lots_drawn_once";
// R7.3: lots while a round of the ranking has games without a result
// (section, round).
inline constexpr absl::string_view kLotsBeforeAllResults =
    "lots_before_all_results";

// Input and configuration checks. Each names the field (an API path such as
// "sections[0].max_players", said in the reader's words by
// words/field_words.h) and the values listed.
// A required field left empty (field).
inline constexpr absl::string_view kFieldRequired = "field_required";
// A text longer than its limit (field, bytes, limit).
inline constexpr absl::string_view kTextTooLong = "text_too_long";
// A one-line text holding a control character (field).
inline constexpr absl::string_view kControlCharacter = "control_character";
// A name for FIDE's file with a byte that is not printable ASCII (field,
// byte: its place, from 1).
inline constexpr absl::string_view kLatinLettersOnly = "latin_letters_only";
// A choice left unmade (field).
inline constexpr absl::string_view kChoiceUnspecified = "choice_unspecified";
// An option value this server does not know (field, value).
inline constexpr absl::string_view kUnknownOption = "unknown_option";
// A negative number or duration (field).
inline constexpr absl::string_view kNegativeValue = "negative_value";
// A count or number that starts at 1 given as less (field).
inline constexpr absl::string_view kAtLeastOne = "at_least_one";
// An id used twice (field, id).
inline constexpr absl::string_view kDuplicateId = "duplicate_id";
// An id with characters other than letters, digits, '-', '_', '.' (field,
// id).
inline constexpr absl::string_view kIdCharacters = "id_characters";
// A name with neither a Chinese nor an English text (field).
inline constexpr absl::string_view kNameEmpty = "name_empty";
// A list that needs at least one entry given none (field).
inline constexpr absl::string_view kListEmpty = "list_empty";
// A reference to a section the configuration does not have (field,
// section).
inline constexpr absl::string_view kNoSuchSection = "no_such_section";
// A date that is not a calendar date in the years the server takes
// (field, date, first, last).
inline constexpr absl::string_view kNotACalendarDate = "not_a_calendar_date";
// R1.1: a time zone the server does not know (field, zone).
inline constexpr absl::string_view kUnknownTimeZone = "unknown_time_zone";
// R2.1, R2.2: born_on_or_before earlier than born_on_or_after (field).
inline constexpr absl::string_view kBirthBoundsCrossed = "birth_bounds_crossed";
// R2.1, R2.2: title_below at or under min_title (field).
inline constexpr absl::string_view kTitleBoundsCrossed = "title_bounds_crossed";
// A section's player limit outside 0..limit (field, value, limit).
inline constexpr absl::string_view kPlayerLimitOutOfRange =
    "player_limit_out_of_range";
// R5.2: a base time not positive or a negative increment (field).
inline constexpr absl::string_view kTimeControlInvalid = "time_control_invalid";
// R4.4: a round robin's withdrawal reading on a Swiss section (field).
inline constexpr absl::string_view kRoundRobinOption = "round_robin_option";
// N13.4: unit avoidance on a round robin section (field).
inline constexpr absl::string_view kSwissOption = "swiss_option";
// N13.4: absolute rounds outside 0..rounds (field, value, rounds).
inline constexpr absl::string_view kAbsoluteRoundsOutOfRange =
    "absolute_rounds_out_of_range";
// R3.1: a station of a kind without a quota (field, station_kind).
inline constexpr absl::string_view kStationKindWithoutQuota =
    "station_kind_without_quota";
// R3.1: a second quota for one station kind (field, station_kind).
inline constexpr absl::string_view kDuplicateQuota = "duplicate_quota";
// R4.2: check-in closing at or before it opens (field).
inline constexpr absl::string_view kCheckInClosesBeforeOpens =
    "check_in_closes_before_opens";
// NL.4: a late-forfeit time beyond a section's base time (field, minutes,
// section, base).
inline constexpr absl::string_view kLateForfeitTooLong =
    "late_forfeit_too_long";
// R5.1: a win worth no more than a loss (field).
inline constexpr absl::string_view kWinNotAboveLoss = "win_not_above_loss";
// R5.1: a draw worth more than a win or less than a loss (field, points,
// loss, win).
inline constexpr absl::string_view kDrawOutsideWinAndLoss =
    "draw_outside_win_and_loss";

// A station's ranking file (clients/forms/station_ranking.h). Each names
// where: "place" is "source|line|N|field" for a CSV's line, "source|cell|D3|
// field" for a worksheet's cell, "source|row|N|" for a worksheet's row, or
// "|||field" for a form's field; field may be empty.
// A record that is not rank,name,id_number,birth_date,gender[,latin_name]
// (place).
inline constexpr absl::string_view kRankingRecordShape = "ranking_record_shape";
// Ranks out of order (place, rank, due).
inline constexpr absl::string_view kRankingOutOfOrder = "ranking_out_of_order";
// Text that is not UTF-8, as from a file saved as GBK (place).
inline constexpr absl::string_view kNotUtf8Text = "not_utf8_text";
// A date not written like 1980-01-31 (place, text).
inline constexpr absl::string_view kNotADate = "not_a_date";
// A gender not written m or f (place, text).
inline constexpr absl::string_view kGenderLetter = "gender_letter";
// A station kind not written city, enterprise or youth (place, text).
inline constexpr absl::string_view kStationKindWord = "station_kind_word";

// Every kind above, for the tests that walk them.
inline constexpr absl::string_view kAllRefusalKinds[] = {
    kResultAlreadyRecorded,
    kRoundNotPublished,
    kBoardNotInRound,
    kNoResultToCorrect,
    kCorrectionChangesNothing,
    kCorrectionIsTheChiefs,
    kFoulPlayerNotPaired,
    kOverrideIsTheChiefs,
    kRoundHasStarted,
    kRegistrationClosed,
    kLateAdmissionIsTheChiefs,
    kLotsBeforeAllResults,
    kAlreadyCheckedIn,
    kCheckInNotOpen,
    kDocumentsMissing,
    kNotCheckedInByClose,
    kCloseCheckInIsTheChiefs,
    kCheckInWindowNotOver,
    kCheckInAlreadyClosed,
    kPlayerWithdrawn,
    kAppealWindowClosed,
    kAppellantNotConcerned,
    kAlreadyAppealed,
    kAppealDecided,
    kVotesDoNotUphold,
    kVotesUphold,
    kDeciderMadeTheRuling,
    kNoSectionAdmits,
    kBirthOutsideSection,
    kGenderNotAdmitted,
    kTitleBelowSection,
    kTitleAboveSection,
    kResidencyRequired,
    kInsuranceNotConfirmed,
    kAlreadyRegistered,
    kRegistrationStillOpen,
    kPairingBeforeCheckInCloses,
    kPreviousRoundIncomplete,
    kAllRoundsPaired,
    kSchedulePublished,
    kNotTheNextRound,
    kRoundOneNeedsLots,
    kLotsDrawnOnce,
    kLotsBeforeAllRounds,
    kLotsAmongTooFew,
    kNotInRanking,
    kTieLotsDrawnAlready,
    kRankNotShared,
    kNoFinalPlaces,
    kFinalPlaceDeclinedAlready,
    kRoundBreaksRules,
    kAmendmentBreaksRules,
    kNotQualified,
    kNoVotes,
    kDismissedWithRemedy,
    kRemedyFitsResults,
    kRemedyFitsFouls,
    kBoardNoLongerPublished,
    kFoulRemovedAlready,
    kReplayAfterNextRound,
    kLateReasonForTimelyReplay,
    kRemedyRequired,
    kDroppedSectionInUse,
    kDroppedStationInUse,
    kDroppedCategoryWithLots,
    kDroppedCategoryWithDecline,
    kSectionFull,
    kFieldRequired,
    kTextTooLong,
    kControlCharacter,
    kLatinLettersOnly,
    kChoiceUnspecified,
    kUnknownOption,
    kNegativeValue,
    kAtLeastOne,
    kDuplicateId,
    kIdCharacters,
    kNameEmpty,
    kListEmpty,
    kNoSuchSection,
    kNotACalendarDate,
    kUnknownTimeZone,
    kBirthBoundsCrossed,
    kTitleBoundsCrossed,
    kPlayerLimitOutOfRange,
    kTimeControlInvalid,
    kRoundRobinOption,
    kSwissOption,
    kAbsoluteRoundsOutOfRange,
    kStationKindWithoutQuota,
    kDuplicateQuota,
    kCheckInClosesBeforeOpens,
    kLateForfeitTooLong,
    kWinNotAboveLoss,
    kDrawOutsideWinAndLoss,
    kRankingRecordShape,
    kRankingOutOfOrder,
    kNotUtf8Text,
    kNotADate,
    kGenderLetter,
    kStationKindWord,
};

}  // namespace qiwang::base::refusal

#endif  // QIWANG_BASE_REFUSAL_KINDS_H_
