#include "services/trf/trf_tournament.h"

#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_records.h"

namespace qiwang::exports {
namespace {

// A player's side of a game as the 001 line writes it.
enum class Side { kWin, kDraw, kLoss, kForfeitWin, kForfeitLoss, kNoResult };

std::optional<Side> SideOf(char result) {
  switch (result) {
    case '1':
    case 'W':
      return Side::kWin;
    case '=':
    case 'D':
      return Side::kDraw;
    case '0':
    case 'L':
      return Side::kLoss;
    case '+':
      return Side::kForfeitWin;
    case '-':
      return Side::kForfeitLoss;
    case ' ':
      return Side::kNoResult;
    default:
      return std::nullopt;
  }
}

const TrfRound* RoundOf(const TrfPlayer& player, int round) {
  return round <= static_cast<int>(player.rounds.size())
             ? &player.rounds[round - 1]
             : nullptr;
}

// The file and where its players are, for the checks and their messages.
class Games {
 public:
  Games(const TrfDocument& document, const TrfLineNumbers& lines)
      : document_(document), lines_(lines) {
    for (const TrfPlayer& player : document.players) {
      players_[player.start_number] = &player;
    }
  }

  absl::Status Check() const {
    absl::flat_hash_map<int, int> bye_of_round;  // round -> starting rank
    for (const TrfPlayer& player : document_.players) {
      for (int round = 1; round <= static_cast<int>(player.rounds.size());
           ++round) {
        const TrfRound& trf = player.rounds[round - 1];
        absl::Status checked = trf.opponent == 0
                                   ? CheckUnpaired(player, round, bye_of_round)
                                   : CheckGame(player, round);
        if (!checked.ok()) return checked;
      }
    }
    return absl::OkStatus();
  }

  absl::Status CheckPoints(const rules::Scoring& scoring,
                           int rounds_played) const {
    absl::StatusOr<TrfPairingInput> records =
        TrfPairingInputOf(document_, rounds_played + 1);
    if (!records.ok()) return records.status();
    for (size_t i = 0; i < document_.players.size(); ++i) {
      const TrfPlayer& player = document_.players[i];
      const int scored = records->players[i].Score(scoring) * 10;
      if (scored == player.points_tenths) continue;
      return TrfLineError(
          LineOf(player), 81, 84, "points",
          absl::StrCat(FormatPoints(player.points_tenths),
                       " where the results score ", FormatPoints(scored),
                       " by the file's point system"));
    }
    return absl::OkStatus();
  }

 private:
  int LineOf(const TrfPlayer& player) const {
    return lines_.player.at(player.start_number);
  }

  // Columns from..to of round `round`'s ten on `player`'s line.
  absl::Status RoundError(const TrfPlayer& player, int round, int from, int to,
                          absl::string_view field,
                          absl::string_view message) const {
    const int base = kTrfFirstRoundColumn + (round - 1) * kTrfRoundWidth;
    return TrfLineError(LineOf(player), base + from, base + to,
                        absl::StrCat("round ", round, " ", field), message);
  }

  absl::Status CheckUnpaired(
      const TrfPlayer& player, int round,
      absl::flat_hash_map<int, int>& bye_of_round) const {
    const char result = player.rounds[round - 1].result;
    if (result == 'H') {
      return RoundError(player, round, 7, 7, "result",
                        "a half-point bye (H), which R6.4 does not know");
    }
    if (result == 'U' || result == 'F') {
      auto [it, first] = bye_of_round.emplace(round, player.start_number);
      if (first) return absl::OkStatus();
      return RoundError(
          player, round, 7, 7, "result",
          absl::StrCat("a second bye in the round (starting rank ", it->second,
                       " on line ", LineOf(*players_.at(it->second)),
                       " has it; R6.4 gives one)"));
    }
    if (result != '-' && result != 'Z' && result != ' ') {
      return RoundError(player, round, 7, 7, "result",
                        "a game result without an opponent");
    }
    return absl::OkStatus();
  }

  absl::Status CheckGame(const TrfPlayer& player, int round) const {
    const TrfRound& trf = player.rounds[round - 1];
    const TrfPlayer& opponent = *players_.at(trf.opponent);
    const TrfRound* other = RoundOf(opponent, round);
    if (other == nullptr || other->opponent != player.start_number) {
      return RoundError(
          player, round, 0, 3, "opponent",
          absl::StrCat("plays ", trf.opponent, ", whose line says ",
                       other == nullptr ? 0 : other->opponent, " (line ",
                       LineOf(opponent), ")"));
    }
    if (player.start_number > opponent.start_number) return absl::OkStatus();
    if (trf.colour == other->colour) {
      return RoundError(
          player, round, 5, 5, "colour",
          absl::StrCat("'", std::string(1, trf.colour), "' against '",
                       std::string(1, other->colour), "' on line ",
                       LineOf(opponent), " (starting rank ",
                       opponent.start_number, "): one side plays w (red), ",
                       "one b"));
    }
    const bool red = trf.colour == 'w';
    if (!TrfGameResult(red ? trf.result : other->result,
                       red ? other->result : trf.result)
             .has_value()) {
      return RoundError(
          player, round, 7, 7, "result",
          absl::StrCat("'", std::string(1, trf.result), "' against '",
                       std::string(1, other->result), "' on line ",
                       LineOf(opponent), " (starting rank ",
                       opponent.start_number,
                       "): the two lines disagree on the game"));
    }
    return absl::OkStatus();
  }

  const TrfDocument& document_;
  const TrfLineNumbers& lines_;
  absl::flat_hash_map<int, const TrfPlayer*> players_;
};

// The line of `tag` (0 when the file has none), for messages.
int HeaderLine(const TrfLineNumbers& lines, const std::string& tag) {
  auto it = lines.header.find(tag);
  return it == lines.header.end() ? 0 : it->second;
}

absl::StatusOr<rules::Scoring> ScoringOf(const TrfDocument& document,
                                         const TrfLineNumbers& lines) {
  const bool trf2026 = !document.point_system.empty();
  const std::string tag = trf2026 ? "162" : "XXS";
  const std::string field = trf2026 ? "162 point system" : "XXS scoring";
  absl::StatusOr<rules::Scoring> points = TrfScoringOf(document);
  if (!points.ok() && !trf2026 && document.scoring.empty()) {
    return points.status();
  }
  std::string message;
  if (!points.ok()) {
    message = std::string(points.status().message());
  } else if (points->win <= points->loss || points->draw < points->loss ||
             points->draw > points->win) {
    message = absl::StrCat("win ", points->win, ", draw ", points->draw,
                           ", loss ", points->loss,
                           ": the engine scores only win > loss and loss <= "
                           "draw <= win (R5.1)");
  } else {
    return points;
  }
  return TrfLineError(HeaderLine(lines, tag), 5, 5, field, message);
}

}  // namespace

std::optional<v1::GameResult> TrfGameResult(char red, char black) {
  const std::optional<Side> red_side = SideOf(red);
  const std::optional<Side> black_side = SideOf(black);
  if (!red_side.has_value() || !black_side.has_value()) return std::nullopt;
  const std::pair<Side, Side> sides{*red_side, *black_side};
  using enum Side;
  if (sides == std::pair{kWin, kLoss}) return v1::GAME_RESULT_RED_WIN;
  if (sides == std::pair{kLoss, kWin}) return v1::GAME_RESULT_BLACK_WIN;
  if (sides == std::pair{kDraw, kDraw}) return v1::GAME_RESULT_DRAW;
  if (sides == std::pair{kForfeitWin, kForfeitLoss}) {
    return v1::GAME_RESULT_RED_WIN_BY_FORFEIT;
  }
  if (sides == std::pair{kForfeitLoss, kForfeitWin}) {
    return v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT;
  }
  if (sides == std::pair{kForfeitLoss, kForfeitLoss}) {
    return v1::GAME_RESULT_DOUBLE_FORFEIT;
  }
  if (sides == std::pair{kNoResult, kNoResult}) {
    return v1::GAME_RESULT_UNSPECIFIED;
  }
  return std::nullopt;
}

absl::StatusOr<TrfTournament> ReadTrfTournament(absl::string_view text) {
  TrfTournament read;
  absl::StatusOr<TrfDocument> document = ReadTrf(text, read.lines);
  if (!document.ok()) return document.status();
  read.document = *std::move(document);
  absl::StatusOr<rules::Scoring> scoring = ScoringOf(read.document, read.lines);
  if (!scoring.ok()) return scoring.status();
  read.scoring = *scoring;
  read.rounds_played = RoundsPlayed(read.document);
  const Games games(read.document, read.lines);
  if (absl::Status checked = games.Check(); !checked.ok()) return checked;
  if (absl::Status points = games.CheckPoints(read.scoring, read.rounds_played);
      !points.ok()) {
    return points;
  }
  return read;
}

}  // namespace qiwang::exports
