// TournamentState's reads and its canonical snapshot.
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "google/protobuf/text_format.h"
#include "services/rules/tournament/check_in.h"
#include "services/rules/tournament/person.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {
namespace {

std::string Text(const google::protobuf::Message& message) {
  std::string text;
  google::protobuf::TextFormat::PrintToString(message, &text);
  return text;
}

std::string Time(absl::Time time) {
  return absl::FormatTime(absl::RFC3339_full, time, absl::UTCTimeZone());
}

}  // namespace

v1::PlayerView TournamentState::View(const PlayerEntry& player,
                                     bool official) const {
  const v1::PlayerRegistered& registration = player.registration;
  v1::PlayerView view;
  view.set_player_id(player.id());
  view.set_name(player.person().name());
  view.set_latin_name(player.person().latin_name());
  view.set_gender(player.person().gender());
  view.set_birth_year(BirthYear(player.person()));
  view.set_section_id(registration.section_id());
  view.set_title(registration.title());
  view.set_qualifying_station_id(registration.qualifying_station_id());
  view.set_status(player.status);
  view.set_late_admission(registration.late_admission());
  view.set_substitute_for_player_id(registration.substitute_for_player_id());
  if (official) {
    view.set_id_number(player.person().id_number());
    if (player.person().has_birth_date()) {
      *view.mutable_birth_date() = player.person().birth_date();
    }
    view.set_residency(registration.residency());
    for (v1::CheckInDocument document : player.documents) {
      view.add_documents(document);
    }
  }
  if (player.forgotten.has_value())
    *view.mutable_forgotten() = *player.forgotten;
  return view;
}

v1::GetTournamentResponse TournamentState::Tournament() const {
  v1::GetTournamentResponse response;
  *response.mutable_config() = config_;
  response.set_as_of_position(position_);
  response.set_check_in_closed(check_in_closed_);
  return response;
}

v1::ListPlayersResponse TournamentState::ListPlayers(
    const std::string& section_id, bool official) const {
  v1::ListPlayersResponse response;
  for (const PlayerEntry& player : players_) {
    if (section_id.empty() || player.registration.section_id() == section_id) {
      *response.add_players() = View(player, official);
    }
  }
  response.set_as_of_position(position_);
  return response;
}

absl::StatusOr<v1::GetPlayerResponse> TournamentState::GetPlayer(
    int64_t player_id, bool official) const {
  const PlayerEntry* player = FindPlayer(player_id);
  if (player == nullptr) {
    return absl::NotFoundError(absl::StrCat("player_id: no player ", player_id,
                                            " in tournament '", config_.id(),
                                            "'"));
  }
  v1::GetPlayerResponse response;
  *response.mutable_player() = View(*player, official);
  response.set_as_of_position(position_);
  return response;
}

v1::ListQualifiersResponse TournamentState::ListQualifiers(
    const std::string& station_id) const {
  v1::ListQualifiersResponse response;
  auto add = [&](const std::string& station, int rank,
                 const v1::Person& person) -> v1::Qualifier& {
    v1::Qualifier& qualifier = *response.add_qualifiers();
    qualifier.set_station_id(station);
    qualifier.set_station_rank(rank);
    qualifier.set_name(person.name());
    qualifier.set_birth_year(BirthYear(person));
    if (const PlayerEntry* player = FindRegistered(person)) {
      qualifier.set_player_id(player->id());
    }
    return qualifier;
  };
  for (const StationPlace& place : qualification_.places()) {
    if (!station_id.empty() && place.station_id != station_id) continue;
    add(place.station_id, place.station_rank, place.person)
        .set_qualified_at_station_id(place.qualified_at_station_id);
  }
  for (const v1::SubstituteInvited& invited : invitations_) {
    if (!station_id.empty() && invited.station_id() != station_id) continue;
    add(invited.station_id(), invited.station_rank(), invited.person())
        .set_substitute(true);
  }
  response.set_as_of_position(position_);
  return response;
}

v1::GetCheckInStatusResponse TournamentState::CheckInStatus(
    bool official) const {
  v1::GetCheckInStatusResponse response;
  response.set_closed(check_in_closed_);
  response.set_registered(static_cast<int32_t>(players_.size()));
  for (const PlayerEntry& player : players_) {
    switch (player.status) {
      case v1::PLAYER_STATUS_CHECKED_IN:
        response.set_checked_in(response.checked_in() + 1);
        break;
      case v1::PLAYER_STATUS_EXCUSED:
        response.set_excused(response.excused() + 1);
        break;
      case v1::PLAYER_STATUS_WITHDRAWN:
        response.set_withdrawn(response.withdrawn() + 1);
        break;
      default: {
        v1::PlayerView& pending = *response.add_pending();
        pending = View(player, official);
        if (official) {
          for (v1::CheckInDocument document :
               RequiredDocuments(config_, time_zone_, player.registration)) {
            pending.add_documents(document);
          }
        }
      }
    }
  }
  response.set_as_of_position(position_);
  return response;
}

std::string TournamentState::Snapshot() const {
  std::string out = absl::StrCat("exists: ", exists_, "\nversion: ", version_,
                                 "\nposition: ", position_,
                                 "\ncheck_in_closed: ", check_in_closed_,
                                 "\nconfig {\n", Text(config_), "}\n");
  for (const v1::StationResultsRecorded& station : stations_) {
    absl::StrAppend(&out, "station {\n", Text(station), "}\n");
  }
  for (const PlayerEntry& player : players_) {
    absl::StrAppend(&out, "player {\n", Text(player.registration),
                    "status: ", player.status, "\ndocuments:");
    for (v1::CheckInDocument document : player.documents) {
      absl::StrAppend(&out, " ", document);
    }
    absl::StrAppend(
        &out, "\nexcuse_note: \"", absl::CEscape(player.excuse_note),
        "\"\nwithdrawal {\n", Text(player.withdrawal),
        "}\nregistered_after_close: ", player.registered_after_close, "\n");
    if (player.forgotten.has_value()) {
      absl::StrAppend(&out, "forgotten {\n", Text(*player.forgotten), "}\n");
    }
    absl::StrAppend(&out, "}\n");
  }
  for (const v1::SubstituteInvited& invited : invitations_) {
    absl::StrAppend(&out, "invitation {\n", Text(invited), "}\n");
  }
  absl::StrAppend(&out, "qualifiers {\n", Text(ListQualifiers("")), "}\n");
  for (const SectionPlay& play : section_plays_) {
    absl::StrAppend(&out, "play ", play.section_id,
                    " {\nlots_drawn: ", play.lots_drawn, "\nlots {\n",
                    Text(play.lots), "}\n");
    for (const RoundEntry& round : play.rounds) {
      absl::StrAppend(&out, "round ", round.round, " bye ", round.bye_player_id,
                      " amended ", round.amended, " published ",
                      round.published_position, " on_version ",
                      round.paired_on_version, "\n");
      for (const BoardEntry& board : round.boards) {
        absl::StrAppend(&out, "board {\n", Text(board.board),
                        "result: ", board.result, " ground ", board.ground,
                        " at ", board.result_position, " by ",
                        Text(board.result_actor), "time: ",
                        absl::FormatTime(absl::RFC3339_full, board.result_time,
                                         absl::UTCTimeZone()),
                        "\ncorrected: ", board.corrected, "\n}\n");
      }
    }
    for (const FoulEntry& foul : play.fouls) {
      absl::StrAppend(&out, "foul ", foul.position, " ", foul.event_id,
                      " removed ", foul.removed, " at ", foul.removed_position,
                      " {\n", Text(foul.foul), "}\n");
    }
    absl::StrAppend(&out, "}\n");
  }
  for (const RulingRef& ruling : rulings_) {
    absl::StrAppend(&out, "ruling ", ruling.ruling_id, " kind ", ruling.kind,
                    " at ", ruling.position, " time ", Time(ruling.server_time),
                    " section '", ruling.section_id, "' round ", ruling.round,
                    " board ", ruling.board, " players");
    for (int64_t id : ruling.player_ids) absl::StrAppend(&out, " ", id);
    absl::StrAppend(&out, " by ", Text(ruling.actor));
  }
  for (const AppealEntry& appeal : appeals_) {
    absl::StrAppend(&out, "appeal {\n", Text(appeal.filed), "at ",
                    appeal.filed_position, " time ", Time(appeal.filed_at),
                    " by ", Text(appeal.filed_by), "status: ", appeal.status,
                    "\ndecision {\n", Text(appeal.decision), "} at ",
                    appeal.decided_position, " by ", Text(appeal.decided_by),
                    "}\n");
  }
  for (const TieLotsEntry& lots : tie_lots_) {
    absl::StrAppend(&out, "tie_lots at ", lots.position, " {\n",
                    Text(lots.lots), "}\n");
  }
  for (const DeclineEntry& decline : declines_) {
    absl::StrAppend(&out, "declined at ", decline.position, " {\n",
                    Text(decline.declined), "}\n");
  }
  return out;
}

}  // namespace qiwang::rules::tournament
