#include "services/trf/trf_import.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "crypto/file_digest.h"
#include "services/rules/tournament/text_input.h"
#include "services/trf/trf_document.h"
#include "services/trf/trf_import_config.h"
#include "services/trf/trf_reader.h"
#include "services/trf/trf_tournament.h"

namespace qiwang::exports {
namespace {

using rules::tournament::Events;

// The file, where its lines are, and what every event records.
struct Import {
  const TrfDocument& document;
  const TrfLineNumbers& lines;
  std::string section_id;
  std::string reason;
  Events events;

  void Add(v1::Event event) {
    event.set_reason(reason);
    events.push_back(std::move(event));
  }
};

bool IsBye(const TrfRound* round) {
  return round != nullptr && round->opponent == 0 &&
         (round->result == 'U' || round->result == 'F');
}

bool Paired(const TrfRound* round) {
  return round != nullptr && (round->opponent != 0 || IsBye(round));
}

v1::Person PersonOf(const TrfPlayer& player) {
  v1::Person person;
  const std::string placeholder = absl::StrCat("Player ", player.start_number);
  if (!player.local_name.empty()) {
    person.set_name(player.local_name);
    if (player.name != placeholder) person.set_latin_name(player.name);
  } else {
    person.set_name(player.name.empty() ? placeholder : player.name);
  }
  person.set_gender(player.sex == 'm'   ? v1::GENDER_MALE
                    : player.sex == 'w' ? v1::GENDER_FEMALE
                                        : v1::GENDER_UNSPECIFIED);
  // The reader let through "YYYY" or "YYYY/MM/DD" only.
  const absl::string_view birth = player.birth_date;
  int year = 0;
  int month = 0;
  int day = 0;
  if (birth.size() >= 4 && absl::SimpleAtoi(birth.substr(0, 4), &year)) {
    v1::Date& date = *person.mutable_birth_date();
    date.set_year(year);
    if (birth.size() == 10 && absl::SimpleAtoi(birth.substr(5, 2), &month) &&
        absl::SimpleAtoi(birth.substr(8, 2), &day)) {
      date.set_month(month);
      date.set_day(day);
    }
  }
  return person;
}

// Players in starting-rank order, which must be 1..N.
absl::StatusOr<std::vector<const TrfPlayer*>> PlayersInOrder(
    const Import& import) {
  std::vector<const TrfPlayer*> players;
  for (const TrfPlayer& player : import.document.players) {
    players.push_back(&player);
  }
  std::sort(players.begin(), players.end(),
            [](const TrfPlayer* a, const TrfPlayer* b) {
              return a->start_number < b->start_number;
            });
  for (size_t i = 0; i < players.size(); ++i) {
    if (players[i]->start_number != static_cast<int>(i) + 1) {
      return TrfLineError(
          import.lines.player.at(players[i]->start_number), 5, 8,
          "starting rank",
          absl::StrCat(players[i]->start_number, " where ", i + 1,
                       " is due: starting ranks run 1 to ", players.size(),
                       " (they are the pairing numbers, R6.1)"));
    }
  }
  return players;
}

void AddRegistrations(Import& import,
                      const std::vector<const TrfPlayer*>& players) {
  for (const TrfPlayer* player : players) {
    v1::Event event;
    v1::PlayerRegistered& registered = *event.mutable_player_registered();
    registered.set_player_id(player->start_number);
    *registered.mutable_person() = PersonOf(*player);
    registered.set_section_id(import.section_id);
    registered.set_title(v1::TITLE_NONE);
    // Set on every imported player, empty or not: it marks a record that
    // came from a file, whose export writes it back (trf_writer.h).
    v1::FideRecord& fide = *registered.mutable_fide();
    fide.set_title(player->title);
    fide.set_rating(player->rating);
    fide.set_fide_id(player->fide_id);
    import.Add(std::move(event));
  }
  for (const TrfPlayer* player : players) {
    v1::Event event;
    event.mutable_player_checked_in()->set_player_id(player->start_number);
    import.Add(std::move(event));
  }
  v1::Event closed;
  closed.mutable_check_in_closed();
  import.Add(std::move(closed));
}

// RoundPaired and the ResultRecorded events of round `round` of a file
// ReadTrfTournament has checked.
void AddRound(Import& import, const std::vector<const TrfPlayer*>& players,
              int round) {
  v1::Event paired_event;
  v1::RoundPaired& paired = *paired_event.mutable_round_paired();
  paired.set_section_id(import.section_id);
  paired.set_round(round);
  paired.set_paired_on_version(import.events.size());
  std::vector<v1::GameResult> results;
  for (const TrfPlayer* player : players) {
    const TrfRound* trf = player->Round(round);
    if (trf == nullptr) continue;
    if (trf->opponent == 0) {
      if (IsBye(trf)) paired.set_bye_player_id(player->start_number);
      continue;
    }
    const TrfPlayer& opponent = *players[trf->opponent - 1];
    if (player->start_number > opponent.start_number) continue;
    const TrfRound& other = *opponent.Round(round);
    const bool red = trf->colour == 'w';
    const TrfPlayer& red_player = red ? *player : opponent;
    const TrfPlayer& black_player = red ? opponent : *player;
    v1::Board& board = *paired.add_boards();
    board.set_number(paired.boards_size());
    board.set_red_player_id(red_player.start_number);
    board.set_black_player_id(black_player.start_number);
    results.push_back(*TrfGameResult(red ? trf->result : other.result,
                                     red ? other.result : trf->result));
  }
  import.Add(std::move(paired_event));
  for (size_t i = 0; i < results.size(); ++i) {
    if (results[i] == v1::GAME_RESULT_UNSPECIFIED) continue;
    v1::Event event;
    v1::ResultRecorded& recorded = *event.mutable_result_recorded();
    recorded.set_section_id(import.section_id);
    recorded.set_round(round);
    recorded.set_board(static_cast<int>(i) + 1);
    recorded.set_result(results[i]);
    import.Add(std::move(event));
  }
}

// R4.4: a player whose line leaves him unpaired in the round after the
// file's last played one (trf_records.h) is withdrawn, from the first of
// the unpaired rounds that end his line.
void AddWithdrawals(Import& import,
                    const std::vector<const TrfPlayer*>& players, int played) {
  for (const TrfPlayer* player : players) {
    const TrfRound* next = player->Round(played + 1);
    if (next == nullptr || Paired(next)) continue;
    int from_round = played + 1;
    while (from_round > 1 && !Paired(player->Round(from_round - 1))) {
      --from_round;
    }
    v1::Event event;
    v1::PlayerWithdrawn& withdrawn = *event.mutable_player_withdrawn();
    withdrawn.set_player_id(player->start_number);
    withdrawn.set_kind(v1::WITHDRAWAL_KIND_REQUEST);
    withdrawn.set_from_round(from_round);
    import.Add(std::move(event));
  }
}

// The events fold onto `state` (a check of this code, not of the file).
absl::Status CheckFolds(const rules::tournament::TournamentState& state,
                        const Events& events) {
  rules::tournament::TournamentState folded = state;
  for (const v1::Event& event : events) {
    v1::Event stamped = event;
    stamped.set_stream_version(folded.version() + 1);
    stamped.set_position(folded.position() + 1);
    if (absl::Status applied = folded.Apply(stamped); !applied.ok()) {
      return absl::InternalError(
          absl::StrCat("the import's events do not fold: ", applied.message()));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Events> DecideTrfImport(
    const rules::tournament::TournamentState& state,
    const v1::ImportTrfRequest& request,
    const rules::tournament::CommandContext& context) {
  if (absl::Status valid = rules::tournament::ValidateText(request.file_name(),
                                                           true, "file_name");
      !valid.ok()) {
    return valid;
  }
  if (state.exists()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R1.1: tournament ", request.tournament_id(), " already exists"));
  }
  absl::StatusOr<TrfTournament> file = ReadTrfTournament(request.trf());
  if (!file.ok()) return file.status();
  const TrfDocument* const document = &file->document;
  const TrfLineNumbers& lines = file->lines;
  absl::StatusOr<std::string> digest = crypto::Sha256Hex(request.trf());
  if (!digest.ok()) return digest.status();

  const int played = file->rounds_played;
  absl::StatusOr<v1::TournamentConfig> config = TrfImportConfig(
      *document, lines, file->scoring, request, played, context.now);
  if (!config.ok()) return config.status();
  Import import{*document,
                lines,
                config->sections(0).id(),
                absl::StrCat("imported from the TRF file '",
                             request.file_name(), "' (SHA-256 ", *digest, ")"),
                {}};
  absl::StatusOr<std::vector<const TrfPlayer*>> players =
      PlayersInOrder(import);
  if (!players.ok()) return players.status();

  v1::Event created;
  *created.mutable_tournament_created()->mutable_config() = *config;
  import.Add(std::move(created));
  AddRegistrations(import, *players);
  if (played > 0) {
    v1::Event lots_event;
    v1::LotsDrawn& lots = *lots_event.mutable_lots_drawn();
    lots.set_section_id(import.section_id);
    lots.set_seed(document->initial_colour == "black1" ? 1 : 0);
    for (const TrfPlayer* player : *players) {
      lots.add_player_ids(player->start_number);
    }
    import.Add(std::move(lots_event));
  }
  for (int round = 1; round <= played; ++round) {
    AddRound(import, *players, round);
  }
  AddWithdrawals(import, *players, played);
  if (absl::Status folds = CheckFolds(state, import.events); !folds.ok()) {
    return folds;
  }
  return std::move(import.events);
}

}  // namespace qiwang::exports
