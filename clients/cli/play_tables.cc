#include "clients/cli/play_tables.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/cli/play_values.h"
#include "clients/cli/table.h"
#include "words/play_words.h"

namespace qiwang::cli {
namespace {

// Scores are in points of the configured scale (win 2 by default, R5.1).
std::string ScoreText(int32_t score) { return absl::StrCat(score); }

std::string TieBreakValue(const v1::TieBreakScore& tie_break) {
  if (!tie_break.sequence().empty()) {
    return absl::StrJoin(tie_break.sequence(), ",");
  }
  return absl::StrCat(tie_break.value());
}

}  // namespace

std::string PlayerText(const v1::PlayerRef& player) {
  if (player.player_id() == 0) return "";
  return absl::StrCat(player.name(), " (", player.player_id(), ")");
}

std::string LabelText(const v1::Label& label, Lang lang) {
  const std::string& preferred = lang == Lang::kZh ? label.zh() : label.en();
  return preferred.empty() ? (lang == Lang::kZh ? label.en() : label.zh())
                           : preferred;
}

std::string RoundText(const v1::RoundView& round, Lang lang) {
  std::string heading = absl::StrCat(
      Text(Label::kSection, lang), " ", round.section_id(), "  ",
      Text(Label::kRound, lang), " ", round.round(), "  ",
      Text(Label::kPublishedAt, lang), " ", round.published_position());
  if (round.amended())
    absl::StrAppend(&heading, "  ", Text(Label::kAmended, lang));
  if (round.complete())
    absl::StrAppend(&heading, "  ", Text(Label::kComplete, lang));
  Table table({Text(Label::kBoard, lang), Text(Label::kRed, lang),
               Text(Label::kScore, lang), Text(Label::kResult, lang),
               Text(Label::kBlack, lang), Text(Label::kScore, lang)});
  for (const v1::BoardView& board : round.boards()) {
    table.AddRow({absl::StrCat(board.number()), PlayerText(board.red()),
                  ScoreText(board.red().score_before()),
                  ResultMark(board.result(), lang), PlayerText(board.black()),
                  ScoreText(board.black().score_before())});
  }
  if (round.has_bye() && round.bye().player_id() != 0) {
    table.AddRow({Text(Label::kBye, lang), PlayerText(round.bye()),
                  ScoreText(round.bye().score_before())});
  }
  return absl::StrCat(heading, "\n", table.Render());
}

std::string ScheduleText(const v1::GetScheduleResponse& schedule, Lang lang) {
  Table table({Text(Label::kSection, lang), Text(Label::kRound, lang),
               Text(Label::kBoard, lang), Text(Label::kColour, lang),
               Text(Label::kOpponent, lang), Text(Label::kResult, lang)});
  for (const v1::ScheduleEntry& entry : schedule.entries()) {
    if (entry.board() == 0) {
      table.AddRow({entry.section_id(), absl::StrCat(entry.round()),
                    Text(Label::kBye, lang)});
      continue;
    }
    table.AddRow(
        {entry.section_id(), absl::StrCat(entry.round()),
         absl::StrCat(entry.board()), ColourText(entry.red(), lang),
         PlayerText(entry.opponent()),
         OutcomeText(words::OutcomeLetter(entry.result(), entry.red()), lang)});
  }
  return absl::StrCat(table.Render(), Text(Label::kAsOfPosition, lang), " ",
                      schedule.as_of_position(), "\n");
}

std::string StandingsText(const v1::GetStandingsResponse& standings,
                          Lang lang) {
  std::vector<std::string> headings = {
      Text(Label::kRank, lang), Text(Label::kPlayerId, lang),
      Text(Label::kName, lang), Text(Label::kScore, lang)};
  if (!standings.rows().empty()) {
    for (const v1::TieBreakScore& tie_break : standings.rows(0).tie_breaks()) {
      headings.push_back(Say(tie_break.kind(), lang));
    }
  }
  headings.push_back(Text(Label::kGames, lang));
  headings.push_back(Text(Label::kStatus, lang));
  Table table(headings);
  for (const v1::StandingRow& row : standings.rows()) {
    std::vector<std::string> cells = {
        absl::StrCat(row.rank(), row.shared_rank() ? "=" : ""),
        absl::StrCat(row.player_id()), row.name(), ScoreText(row.score())};
    for (const v1::TieBreakScore& tie_break : row.tie_breaks()) {
      cells.push_back(TieBreakValue(tie_break));
    }
    cells.push_back(absl::StrCat(row.games_played()));
    cells.push_back(row.withdrawn() ? Text(Label::kWithdrawn, lang) : "");
    table.AddRow(std::move(cells));
  }
  return absl::StrCat(
      LabelText(standings.name(), lang), " (", standings.ranking_id(), ")  ",
      Text(Label::kAfterRound, lang), " ", standings.after_round(), "  ",
      Text(Label::kAsOfPosition, lang), " ", standings.as_of_position(), "\n",
      table.Render());
}

std::string CrosstableText(const v1::GetCrosstableResponse& crosstable,
                           Lang lang) {
  int rounds = 0;
  for (const v1::CrosstableRow& row : crosstable.rows()) {
    rounds = std::max(rounds, row.cells_size());
  }
  std::vector<std::string> headings = {Text(Label::kPairingNumber, lang),
                                       Text(Label::kName, lang)};
  for (int round = 1; round <= rounds; ++round) {
    headings.push_back(absl::StrCat(round));
  }
  headings.push_back(Text(Label::kScore, lang));
  headings.push_back(Text(Label::kRank, lang));
  Table table(headings);
  for (const v1::CrosstableRow& row : crosstable.rows()) {
    std::vector<std::string> cells = {absl::StrCat(row.pairing_number()),
                                      row.name()};
    for (const v1::CrosstableCell& cell : row.cells()) {
      std::string text = OutcomeText(cell.outcome(), lang);
      if (cell.opponent_pairing_number() != 0) {
        absl::StrAppend(&text, cell.opponent_pairing_number(),
                        lang == Lang::kZh ? ColourText(cell.red(), lang)
                                          : (cell.red() ? "r" : "b"));
      }
      cells.push_back(std::move(text));
    }
    cells.resize(2 + rounds);
    cells.push_back(ScoreText(row.score()));
    cells.push_back(absl::StrCat(row.rank()));
    table.AddRow(std::move(cells));
  }
  return absl::StrCat(Text(Label::kSection, lang), " ", crosstable.section_id(),
                      "  ", Text(Label::kAsOfPosition, lang), " ",
                      crosstable.as_of_position(), "\n", table.Render());
}

std::string PrizesText(const v1::GetPrizesResponse& prizes, Lang lang) {
  std::string text;
  if (!prizes.provisional_reason().empty()) {
    absl::StrAppend(&text, Text(Label::kProvisional, lang), ": ",
                    prizes.provisional_reason(), "\n");
  }
  for (const v1::CategoryPrizes& category : prizes.categories()) {
    Table table({Text(Label::kRank, lang), Text(Label::kPlayerId, lang),
                 Text(Label::kName, lang), Text(Label::kMoney, lang),
                 Text(Label::kTrophy, lang), Text(Label::kCertificate, lang)});
    for (const v1::PrizeAward& award : category.awards()) {
      table.AddRow({absl::StrCat(award.rank()), absl::StrCat(award.player_id()),
                    award.name(),
                    award.money_fen() != 0 ? YuanText(award.money_fen())
                                           : absl::StrCat(award.money_yuan()),
                    award.trophy(),
                    award.certificate() ? Text(Label::kYes, lang) : ""});
    }
    absl::StrAppend(&text, "\n", LabelText(category.name(), lang), " (",
                    category.ranking_id(), ")\n", table.Render());
    auto names = [&](const auto& ids) {
      std::vector<std::string> named;
      for (int64_t id : ids) {
        std::string name = absl::StrCat(id);
        for (const v1::PrizeAward& award : category.awards()) {
          if (award.player_id() == id)
            name = absl::StrCat(award.name(), " (", id, ")");
        }
        named.push_back(std::move(name));
      }
      return absl::StrJoin(named, ", ");
    };
    if (!category.national_final_player_ids().empty()) {
      absl::StrAppend(&text, Text(Label::kNationalFinal, lang), ": ",
                      names(category.national_final_player_ids()), "\n");
    }
    if (!category.passed_over_player_ids().empty()) {
      absl::StrAppend(&text, Text(Label::kPassedOver, lang), ": ",
                      names(category.passed_over_player_ids()), "\n");
    }
  }
  absl::StrAppend(&text, Text(Label::kAsOfPosition, lang), " ",
                  prizes.as_of_position(), "\n");
  return text;
}

}  // namespace qiwang::cli
