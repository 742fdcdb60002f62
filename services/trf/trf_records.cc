#include "services/trf/trf_records.h"

#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace qiwang::exports {
namespace {

using rules::Colour;
using rules::Outcome;
using rules::PlayerRecord;
using rules::RoundRecord;
using rules::Scoring;

// Whole points from tenths, or INVALID_ARGUMENT naming `field`.
absl::StatusOr<int> WholePoints(int tenths, const std::string& field) {
  if (tenths % 10 != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": ", tenths / 10, ".", tenths % 10,
        " is not a whole number of points (the engine scores in integers)"));
  }
  return tenths / 10;
}

absl::StatusOr<Scoring> ScoringOf162(const std::vector<TrfPointValue>& values) {
  Scoring scoring;
  bool pairing_bye_given = false;
  for (const TrfPointValue& value : values) {
    absl::StatusOr<int> points = WholePoints(
        value.tenths, absl::StrCat("162 ", std::string(1, value.code)));
    if (!points.ok()) return points.status();
    switch (value.code) {
      case 'W':
        scoring.win = scoring.forfeit_win = *points;
        if (!pairing_bye_given) scoring.bye = *points;
        break;
      case 'D':
        scoring.draw = *points;
        break;
      case 'L':
        scoring.loss = *points;
        break;
      case 'A':
        scoring.forfeit_loss = scoring.double_forfeit = *points;
        break;
      case 'P':
        scoring.bye = *points;
        pairing_bye_given = true;
        break;
      default:  // X: unknown results, which a finished round has none of
        break;
    }
  }
  return scoring;
}

// JaVaFo's XXS: WW/BW win, WD/BD draw, WL/BL loss, FW/FL forfeits, PAB the
// bye, ZPB absence.
absl::StatusOr<Scoring> ScoringOfXxs(const std::string& text) {
  Scoring scoring;
  for (absl::string_view item : absl::StrSplit(text, ' ', absl::SkipEmpty())) {
    std::pair<std::string, std::string> parts = absl::StrSplit(item, '=');
    double value = 0;
    if (!absl::SimpleAtod(parts.second, &value)) continue;
    absl::StatusOr<int> points =
        WholePoints(static_cast<int>(value * 10 + (value < 0 ? -0.5 : 0.5)),
                    absl::StrCat("XXS ", parts.first));
    if (!points.ok()) return points.status();
    const std::string& code = parts.first;
    if (code == "WW" || code == "BW" || code == "W") scoring.win = *points;
    if (code == "WD" || code == "BD" || code == "D") scoring.draw = *points;
    if (code == "WL" || code == "BL") scoring.loss = *points;
    if (code == "FW") scoring.forfeit_win = *points;
    if (code == "FL") scoring.forfeit_loss = scoring.double_forfeit = *points;
    if (code == "PAB") scoring.bye = *points;
    if (code == "ZPB") scoring.absent = *points;
  }
  return scoring;
}

bool IsBye(char result) { return result == 'U' || result == 'F'; }

// One round of `player` as the engine's record; `players` finds opponents.
absl::StatusOr<RoundRecord> RecordOf(
    const TrfPlayer& player, int round,
    const absl::flat_hash_map<int, const TrfPlayer*>& players) {
  RoundRecord record;
  const TrfRound* trf = player.Round(round);
  if (trf == nullptr) return record;  // not paired: kAbsent
  const std::string where =
      absl::StrCat("player ", player.start_number, ", round ", round);
  if (trf->opponent == 0) {
    if (trf->result == 'H') {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ": a half-point bye (H), which R6.4 does not know"));
    }
    record.outcome = IsBye(trf->result) ? Outcome::kBye : Outcome::kAbsent;
    return record;
  }
  const TrfPlayer& opponent = *players.at(trf->opponent);
  const TrfRound* other = opponent.Round(round);
  if (other == nullptr || other->opponent != player.start_number) {
    return absl::InvalidArgumentError(
        absl::StrCat(where, ": plays ", trf->opponent, ", whose line says ",
                     other == nullptr ? 0 : other->opponent));
  }
  record.opponent = trf->opponent;
  record.colour = trf->colour == 'w' ? Colour::kRed : Colour::kBlack;
  switch (trf->result) {
    case '1':
    case 'W':
      record.outcome = Outcome::kWin;
      break;
    case '=':
    case 'D':
      record.outcome = Outcome::kDraw;
      break;
    case '0':
    case 'L':
      record.outcome = Outcome::kLoss;
      break;
    case '+':
      record.outcome = Outcome::kForfeitWin;
      break;
    case '-':
      record.outcome = other->result == '-' ? Outcome::kDoubleForfeit
                                            : Outcome::kForfeitLoss;
      break;
    default:
      record.outcome = Outcome::kPending;
      break;
  }
  return record;
}

// Not paired in `round`: the file's column of that round shows him
// unpaired without a bye. A round the line has no column for leaves him in
// (as bbpPairings and JaVaFo read it), however his last round ended.
bool Withdrawn(const TrfPlayer& player, int round) {
  const TrfRound* shown = player.Round(round);
  return shown != nullptr && shown->opponent == 0 && !IsBye(shown->result);
}

}  // namespace

absl::StatusOr<Scoring> TrfScoringOf(const TrfDocument& document) {
  if (!document.point_system.empty()) {
    return ScoringOf162(document.point_system);
  }
  if (!document.scoring.empty()) return ScoringOfXxs(document.scoring);
  return absl::InvalidArgumentError(
      "162: the file states no point system, and TRF's default (win 1, "
      "draw 0.5) is not whole points");
}

int RoundsPlayed(const TrfDocument& document) {
  int played = 0;
  for (const TrfPlayer& player : document.players) {
    for (int r = static_cast<int>(player.rounds.size()); r > played; --r) {
      const TrfRound& trf = player.rounds[r - 1];
      if (trf.opponent != 0 || IsBye(trf.result)) {
        played = r;
        break;
      }
    }
  }
  return played;
}

absl::StatusOr<TrfPairingInput> TrfPairingInputOf(const TrfDocument& document,
                                                  int round) {
  const int played = RoundsPlayed(document);
  if (round < 1 || round > played + 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("round: ", round, " is not 1 to ", played + 1,
                     " (the file has ", played, " rounds)"));
  }
  absl::StatusOr<Scoring> scoring = TrfScoringOf(document);
  if (!scoring.ok()) return scoring.status();
  absl::flat_hash_map<int, const TrfPlayer*> players;
  for (const TrfPlayer& player : document.players) {
    players[player.start_number] = &player;
  }

  TrfPairingInput input;
  input.round = round;
  input.config.scoring = *scoring;
  input.config.colour_seed = document.initial_colour == "black1" ? 1 : 0;
  rules::swiss::RoundPairing pairing;
  bool paired = false;
  for (const TrfPlayer& player : document.players) {
    PlayerRecord record;
    record.id = player.start_number;
    record.pairing_number = player.start_number;
    for (int r = 1; r < round; ++r) {
      absl::StatusOr<RoundRecord> past = RecordOf(player, r, players);
      if (!past.ok()) return past.status();
      record.rounds.push_back(*past);
    }
    record.withdrawn = Withdrawn(player, round);
    input.players.push_back(std::move(record));

    const TrfRound* now = player.Round(round);
    if (now == nullptr) continue;
    if (now->opponent != 0) {
      paired = true;
      if (now->colour == 'w') {
        pairing.boards.push_back({player.start_number, now->opponent});
      }
    } else if (IsBye(now->result)) {
      paired = true;
      pairing.bye = player.start_number;
    }
  }
  if (paired) input.pairing = std::move(pairing);
  return input;
}

}  // namespace qiwang::exports
