#include "services/trf/trf_writer.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "services/rules/core/records.h"
#include "services/rules/ranking/ranking_scope.h"
#include "services/rules/ranking/tie_break.h"
#include "services/rules/tournament/person.h"
#include "services/rules/tournament/ranked_scope.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_names.h"
#include "services/trf/trf_tie_breaks.h"

namespace qiwang::exports {
namespace {

using rules::Outcome;
using rules::PlayerRecord;
using rules::tournament::TournamentState;

const std::string& Text(const v1::Label& label) {
  return label.zh().empty() ? label.en() : label.zh();
}

std::string Decimal(int points) { return absl::StrFormat("%d.0", points); }

std::string TypeOf(v1::PairingSystem system) {
  switch (system) {
    case v1::PAIRING_SYSTEM_ROUND_ROBIN:
      return "Round Robin";
    case v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN:
      return "Double Round Robin";
    default:
      return "Swiss System";
  }
}

// The start of round `round` of `section_id` from the schedule, if any.
std::optional<absl::Time> RoundStart(const v1::TournamentConfig& config,
                                     const v1::Section& section, int round) {
  for (const v1::RoundSlot& slot : config.schedule()) {
    if (slot.round() != round || !slot.has_starts()) continue;
    const bool applies =
        slot.section_ids().empty()
            ? section.pairing_system() == v1::PAIRING_SYSTEM_SWISS
            : std::find(slot.section_ids().begin(), slot.section_ids().end(),
                        section.id()) != slot.section_ids().end();
    if (applies) {
      return base::FromTimestamp(slot.starts());
    }
  }
  return std::nullopt;
}

void SetDates(const TournamentState& state, const v1::Section& section,
              TrfDocument& document) {
  std::vector<std::string> dates;
  bool any = false;
  for (int round = 1; round <= document.rounds; ++round) {
    std::optional<absl::Time> start =
        RoundStart(state.config(), section, round);
    if (!start.has_value()) {
      dates.emplace_back();
      continue;
    }
    any = true;
    dates.push_back(absl::FormatTime("%y/%m/%d", *start, state.time_zone()));
    const std::string full =
        absl::FormatTime("%Y/%m/%d", *start, state.time_zone());
    if (document.start_date.empty()) document.start_date = full;
    document.end_date = full;
  }
  if (any) document.round_dates = std::move(dates);
}

std::vector<std::string> Comments(const rules::Scoring& scoring) {
  return {
      " Qiwang export of a Xiangqi section: w = red (moves first), b = black",
      absl::StrCat(" Points: win ", scoring.win, ", draw ", scoring.draw,
                   ", loss ", scoring.loss, ", forfeit win ",
                   scoring.forfeit_win, ", forfeit loss ", scoring.forfeit_loss,
                   ", double forfeit ", scoring.double_forfeit, ", bye ",
                   scoring.bye, " (points written with one decimal)"),
      " Codes: 1 = 0 played; + - forfeit (double forfeit: - for both); "
      "0000 - U bye; 0000 - Z not paired (withdrawn or not entered); "
      "blank result: not played yet",
  };
}

std::string Scoring(const rules::Scoring& scoring) {
  return absl::StrCat(
      "WW=", Decimal(scoring.win), " BW=", Decimal(scoring.win),
      " WD=", Decimal(scoring.draw), " BD=", Decimal(scoring.draw),
      " WL=", Decimal(scoring.loss), " BL=", Decimal(scoring.loss),
      " ZPB=", Decimal(scoring.absent), " HPB=", Decimal(scoring.draw),
      " FPB=", Decimal(scoring.win), " PAB=", Decimal(scoring.bye),
      " FW=", Decimal(scoring.forfeit_win),
      " FL=", Decimal(scoring.forfeit_loss));
}

// 202 and 212 with the FIDE codes whose values equal ours
// (DeclarableFideCodes), and a comment naming every tie-break of the chain
// in order by our own names.
void SetTieBreaks(const rules::RankingConfig& config, TrfDocument& document) {
  std::vector<std::string> codes =
      DeclarableFideCodes(config.tie_breaks, config.scoring);
  std::vector<std::string> named;
  for (size_t i = 0; i < config.tie_breaks.size(); ++i) {
    const bool declared = i + 1 < codes.size();
    named.push_back(absl::StrCat(
        std::string(rules::TieBreakName(config.tie_breaks[i])), " (",
        declared ? absl::StrCat("= FIDE ", codes[i + 1])
                 : "no FIDE code equals it",
        ")"));
  }
  document.standings_tie_breaks = absl::StrJoin(codes, ",");
  if (!codes.empty()) codes.erase(codes.begin());
  document.tie_breaks = absl::StrJoin(codes, ",");
  document.comments.push_back(absl::StrCat(
      kTieBreakCommentPrefix, absl::StrJoin(named, ", "),
      "; 212 declares only FIDE codes whose values equal FIDE's definition"));
}

// Our values of the chain for one row of the standings, by our names:
// " Tie-break values 0003: opponents_score 12, wins 3, previous_rounds 4/2".
std::string TieBreakValues(int start_number, const rules::Standings& standings,
                           int row) {
  std::vector<std::string> values;
  for (int k = 0; k < static_cast<int>(standings.chain.size()); ++k) {
    const rules::TieBreakValue value = standings.TieBreakAt(row, k);
    values.push_back(absl::StrCat(std::string(rules::TieBreakName(value.kind)),
                                  " ",
                                  value.kind == rules::TieBreak::kPreviousRounds
                                      ? absl::StrJoin(value.sequence, "/")
                                      : absl::StrCat(value.value)));
  }
  return absl::StrCat(kTieBreakValuesPrefix,
                      absl::StrFormat("%04d", start_number), ": ",
                      absl::StrJoin(values, ", "));
}

// 162: W D L and the pairing-allocated bye; a forfeit loss or absence only
// when it is not the default 0 (bbpPairings reads no A).
std::vector<TrfPointValue> PointSystem(const rules::Scoring& scoring) {
  std::vector<TrfPointValue> values = {{'W', scoring.win * 10},
                                       {'D', scoring.draw * 10},
                                       {'L', scoring.loss * 10},
                                       {'P', scoring.bye * 10}};
  if (scoring.forfeit_loss != 0) {
    values.push_back({'A', scoring.forfeit_loss * 10});
  }
  return values;
}

std::string Birth(const v1::Person& person) {
  const int year = rules::tournament::BirthYear(person);
  return year > 0 && year <= 9999 ? absl::StrFormat("%04d", year) : "";
}

// A player registered from a TRF file (PlayerRegistered.fide set) gets back
// what the file said: title, rating, FIDE number, and the birth date as
// full as the fold has it in clear ("YYYY/MM/DD", 00 for an unknown day;
// the year alone when the file gave no month or the date is sealed).
void SetFileRecord(const v1::PlayerRegistered& registration,
                   TrfPlayer& player) {
  if (!registration.has_fide()) return;
  const v1::FideRecord& fide = registration.fide();
  player.title = fide.title();
  player.rating = fide.rating();
  player.fide_id = fide.fide_id();
  const v1::Date& born = registration.person().birth_date();
  if (born.year() > 0 && born.year() <= 9999 && born.month() >= 1 &&
      born.month() <= 12 && born.day() >= 0 && born.day() <= 31) {
    player.birth_date = absl::StrFormat("%04d/%02d/%02d", born.year(),
                                        born.month(), born.day());
  }
}

char Sex(v1::Gender gender) {
  switch (gender) {
    case v1::GENDER_MALE:
      return 'm';
    case v1::GENDER_FEMALE:
      return 'w';
    default:
      return ' ';
  }
}

}  // namespace

char TrfResultCode(Outcome outcome) {
  switch (outcome) {
    case Outcome::kWin:
      return '1';
    case Outcome::kDraw:
      return '=';
    case Outcome::kLoss:
      return '0';
    case Outcome::kForfeitWin:
      return '+';
    case Outcome::kForfeitLoss:
    case Outcome::kDoubleForfeit:
      return '-';
    case Outcome::kBye:
      return 'U';
    case Outcome::kAbsent:
      return 'Z';
    case Outcome::kPending:
      return ' ';
  }
  return ' ';
}

absl::StatusOr<TrfDocument> TrfOfSection(const TournamentState& state,
                                         const std::string& section_id,
                                         TrfVersion version) {
  absl::StatusOr<const v1::Section*> found =
      rules::FindSection(state.config(), section_id);
  if (!found.ok()) return found.status();
  const v1::Section& section = **found;
  absl::StatusOr<rules::tournament::RankedScope> ranked =
      rules::tournament::RankScope(
          state,
          rules::RankingScope{section_id, section.name(), {section_id}, {}}, 0);
  if (!ranked.ok()) return ranked.status();

  absl::flat_hash_map<rules::PlayerId, int> start_number;
  int published = 0;
  for (const PlayerRecord& record : ranked->pool) {
    start_number[record.id] = record.pairing_number;
    published = std::max(published, static_cast<int>(record.rounds.size()));
  }
  const rules::Standings& standings = ranked->standings;
  absl::flat_hash_map<rules::PlayerId, int> row_of;
  for (int row = 0; row < static_cast<int>(standings.rows.size()); ++row) {
    row_of[standings.rows[row].player] = row;
  }

  TrfDocument document;
  document.name =
      absl::StrCat(Text(state.config().name()), " - ", Text(section.name()));
  document.player_count = static_cast<int>(ranked->pool.size());
  document.type = TypeOf(section.pairing_system());
  if (section.time_control().base_minutes() > 0) {
    document.time_control =
        absl::StrCat(section.time_control().base_minutes(), "'+",
                     section.time_control().increment_seconds(), "\"");
  }
  document.rounds = std::max(
      section.pairing_system() == v1::PAIRING_SYSTEM_SWISS ? section.rounds()
                                                           : 0,
      published);
  SetDates(state, section, document);
  document.comments = Comments(ranked->config.scoring);
  document.version = version;
  if (version == TrfVersion::kTrf16) {
    document.scoring = Scoring(ranked->config.scoring);
  } else {
    document.point_system = PointSystem(ranked->config.scoring);
    SetTieBreaks(ranked->config, document);
  }

  for (const PlayerRecord& record : ranked->pool) {
    TrfPlayer player;
    player.start_number = record.pairing_number;
    if (const auto* entry = state.FindPlayer(record.id)) {
      player.sex = Sex(entry->person().gender());
      if (version == TrfVersion::kTrf16) {
        player.name = entry->person().name();
      } else {
        TrfNames names = NamesOf(entry->person(), player.start_number);
        player.name = std::move(names.latin);
        player.local_name = std::move(names.local);
      }
      player.birth_date = Birth(entry->person());
      SetFileRecord(entry->registration, player);
    }
    if (auto it = row_of.find(record.id); it != row_of.end()) {
      const rules::Standing& standing = standings.rows[it->second];
      player.points_tenths = standing.score * 10;
      player.rank = standing.rank;
      if (version == TrfVersion::kTrf2026 && !standings.chain.empty()) {
        document.comments.push_back(
            TieBreakValues(player.start_number, standings, it->second));
      }
    }
    for (const rules::RoundRecord& round : record.rounds) {
      TrfRound trf;
      if (round.opponent != rules::kNoPlayer) {
        trf.opponent = start_number[round.opponent];
      }
      if (round.colour.has_value()) {
        trf.colour = *round.colour == rules::Colour::kRed ? 'w' : 'b';
      }
      trf.result = TrfResultCode(round.outcome);
      player.rounds.push_back(trf);
    }
    if (record.withdrawn && published < document.rounds) {
      player.rounds.resize(published + 1, TrfRound{0, '-', 'Z'});
    }
    if (player.start_number == 1 && !player.rounds.empty() &&
        player.rounds[0].colour != '-') {
      document.initial_colour =
          player.rounds[0].colour == 'w' ? "white1" : "black1";
    }
    document.players.push_back(std::move(player));
  }
  return document;
}

absl::StatusOr<std::string> WriteTrf(const TournamentState& state,
                                     const std::string& section_id,
                                     TrfVersion version) {
  absl::StatusOr<TrfDocument> document =
      TrfOfSection(state, section_id, version);
  if (!document.ok()) return document.status();
  return FormatTrf(*document);
}

}  // namespace qiwang::exports
