// The printouts of one round: the wall list, the result sheets and the table
// cards; and what every printout shares.
#include <algorithm>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "clients/web/print_views.h"
#include "clients/web/qr_svg.h"

namespace qiwang::web {
namespace {

Data PlayerData(const v1::PlayerRef& player) {
  Data data;
  data.set("name", player.name());
  data.set("number", absl::StrCat(player.pairing_number()));
  data.set("score", absl::StrCat(player.score_before()));
  return data;
}

// When the round starts in the tournament's zone ("" when unscheduled).
std::string RoundStarts(const v1::TournamentConfig& config,
                        const std::string& section_id, int round) {
  for (const v1::RoundSlot& slot : config.schedule()) {
    if (slot.round() != round) continue;
    const bool ours =
        slot.section_ids().empty() ||
        std::find(slot.section_ids().begin(), slot.section_ids().end(),
                  section_id) != slot.section_ids().end();
    if (ours) return LocalTime(slot.starts().seconds(), config.time_zone());
  }
  return "";
}

// The data of a round's printout: event, section, round, start and boards.
struct RoundData {
  v1::TournamentConfig config;
  v1::RoundView round;
  Data data;
};

absl::StatusOr<RoundData> ReadRoundData(const ReadClient& reads,
                                        const PageView& view,
                                        const std::string& section_id,
                                        int round_number) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  absl::StatusOr<v1::RoundView> round =
      ReadRound(reads, view, *config, section_id, round_number);
  if (!round.ok()) return round.status();
  RoundData printed{*config, *round, PrintData(view, *config)};
  printed.data.set("section",
                   Bilingual(FindSection(*config, section_id)->name()));
  printed.data.set("round", absl::StrCat(round_number));
  printed.data.set("starts", RoundStarts(*config, section_id, round_number));
  printed.data.set("amended", round->amended());
  DataList boards;
  for (const v1::BoardView& board : round->boards()) {
    Data item;
    item.set("board", absl::StrCat(board.number()));
    item.set("red", PlayerData(board.red()));
    item.set("black", PlayerData(board.black()));
    boards.push_back(item);
  }
  printed.data.set("boards", boards);
  if (round->has_bye()) printed.data.set("bye", PlayerData(round->bye()));
  return printed;
}

std::string RoundTitle(const RoundData& printed, absl::string_view what) {
  const v1::Section* section =
      FindSection(printed.config, printed.round.section_id());
  return absl::StrCat(LabelText(section->name(), Lang::kZh), " · 第",
                      printed.round.round(), "轮 Round ", printed.round.round(),
                      " · ", what);
}

// The round's data rendered with `template_name`.
absl::StatusOr<Printout> RenderRoundPrintout(const ReadClient& reads,
                                             const PageView& view,
                                             const std::string& section_id,
                                             int round,
                                             absl::string_view template_name,
                                             absl::string_view what) {
  absl::StatusOr<RoundData> printed =
      ReadRoundData(reads, view, section_id, round);
  if (!printed.ok()) return printed.status();
  return Printout{RoundTitle(*printed, what),
                  RenderTemplate(template_name, printed->data)};
}

}  // namespace

Data Bilingual(const v1::Label& label) {
  Data data;
  data.set("zh", LabelText(label, Lang::kZh));
  data.set("en", LabelText(label, Lang::kEn));
  return data;
}

Data PrintData(const PageView& view, const v1::TournamentConfig& config) {
  Data data = PageData(view);
  data.set("event", Bilingual(config.name()));
  return data;
}

absl::StatusOr<v1::RoundView> ReadRound(const ReadClient& reads,
                                        const PageView& view,
                                        const v1::TournamentConfig& config,
                                        const std::string& section_id,
                                        std::optional<int> round) {
  absl::StatusOr<v1::ListPairingsResponse> pairings =
      ReadSectionRounds(reads, view, config, section_id);
  if (!pairings.ok()) return pairings.status();
  const int wanted = round.has_value() ? *round : RoundInPlay(*pairings);
  const v1::RoundView* chosen = nullptr;
  for (const v1::RoundView& candidate : pairings->rounds()) {
    if (candidate.round() == wanted) chosen = &candidate;
  }
  if (chosen == nullptr) {
    return absl::NotFoundError(
        round.has_value()
            ? absl::StrCat("round ", *round, " of section '", section_id,
                           "' not paired")
            : absl::StrCat("section '", section_id, "' has no round paired"));
  }
  return *chosen;
}

absl::StatusOr<Printout> WallList(const ReadClient& reads, const PageView& view,
                                  const std::string& section_id, int round) {
  return RenderRoundPrintout(reads, view, section_id, round, "print_wall",
                             "对阵表 Pairings");
}

absl::StatusOr<Printout> ResultSheets(const ReadClient& reads,
                                      const PageView& view,
                                      const std::string& section_id,
                                      int round) {
  return RenderRoundPrintout(reads, view, section_id, round, "print_sheets",
                             "对局记录单 Result sheets");
}

absl::StatusOr<Printout> TableCards(const ReadClient& reads,
                                    const PageView& view,
                                    const std::string& section_id, int round,
                                    const CardBase& base, bool folded) {
  absl::StatusOr<RoundData> printed =
      ReadRoundData(reads, view, section_id, round);
  if (!printed.ok()) return printed.status();
  DataList cards;
  for (const v1::BoardView& board : printed->round.boards()) {
    const std::string url =
        absl::StrCat(base.url, "/t/", view.tournament_id, "/board/", section_id,
                     "/", board.number());
    absl::StatusOr<std::string> qr = QrSvg(url);
    if (!qr.ok()) return qr.status();
    Data card;
    card.set("board", absl::StrCat(board.number()));
    card.set("url", url);
    card.set("qr", *qr);
    DataList faces;
    for (const char* face_class :
         folded ? std::vector<const char*>{"half upside-down", "half"}
                : std::vector<const char*>{"face"}) {
      Data face;
      face.set("face_class", face_class);
      faces.push_back(face);
    }
    card.set("faces", faces);
    cards.push_back(card);
  }
  printed->data.set("cards", cards);
  printed->data.set("unreachable", base.unreachable);
  printed->data.set("base_url", base.url);
  printed->data.set("folded", folded);
  return Printout{RoundTitle(*printed, "台号卡 Table cards"),
                  RenderTemplate("print_cards", printed->data)};
}

}  // namespace qiwang::web
