#include "services/rules/tournament/tournament_state.h"

#include "absl/strings/str_cat.h"
#include "services/rules/tournament/person.h"

namespace qiwang::rules::tournament {
namespace {

absl::Status Unfit(const v1::Event& event, absl::string_view why) {
  return absl::FailedPreconditionError(absl::StrCat(
      "event at stream version ", event.stream_version(), ": ", why));
}

}  // namespace

absl::Status TournamentState::Apply(const v1::Event& event) {
  if (event.stream_version() != version_ + 1) {
    return absl::FailedPreconditionError(
        absl::StrCat("event at stream version ", event.stream_version(),
                     " applied to state at version ", version_));
  }
  if (!exists_ && !event.has_tournament_created()) {
    return Unfit(event, "the stream does not start with TournamentCreated");
  }
  std::optional<RulingRef> ruling = RulingRefOf(event);
  if (absl::Status status = ApplyPayload(event); !status.ok()) return status;
  if (ruling.has_value()) IndexRuling(*std::move(ruling));
  version_ = event.stream_version();
  position_ = event.position();
  return absl::OkStatus();
}

absl::Status TournamentState::ApplyPayload(const v1::Event& event) {
  switch (event.payload_case()) {
    case v1::Event::kTournamentCreated:
      if (exists_) return Unfit(event, "the tournament exists already");
      if (absl::Status s = SetConfig(event.tournament_created().config());
          !s.ok()) {
        return s;
      }
      exists_ = true;
      return absl::OkStatus();
    case v1::Event::kTournamentAmended:
      return SetConfig(event.tournament_amended().config());
    case v1::Event::kStationResultsRecorded:
      stations_.push_back(event.station_results_recorded());
      qualification_ = QualificationTable::Derive(config_, stations_);
      return absl::OkStatus();
    case v1::Event::kPlayerRegistered: {
      const v1::PlayerRegistered& registered = event.player_registered();
      if (registered.player_id() != static_cast<int64_t>(players_.size()) + 1) {
        return Unfit(event, absl::StrCat("player id ", registered.player_id(),
                                         " is not the next one"));
      }
      PlayerEntry entry;
      entry.registration = registered;
      entry.registered_after_close = check_in_closed_;
      players_.push_back(std::move(entry));
      return absl::OkStatus();
    }
    case v1::Event::kPlayerCheckedIn: {
      absl::StatusOr<PlayerEntry*> player =
          MutablePlayer(event.player_checked_in().player_id());
      if (!player.ok()) return Unfit(event, player.status().message());
      (*player)->status = v1::PLAYER_STATUS_CHECKED_IN;
      (*player)->documents.clear();
      for (int document : event.player_checked_in().documents()) {
        (*player)->documents.push_back(
            static_cast<v1::CheckInDocument>(document));
      }
      return absl::OkStatus();
    }
    case v1::Event::kAbsenceExcused: {
      absl::StatusOr<PlayerEntry*> player =
          MutablePlayer(event.absence_excused().player_id());
      if (!player.ok()) return Unfit(event, player.status().message());
      (*player)->status = v1::PLAYER_STATUS_EXCUSED;
      (*player)->excuse_note = event.absence_excused().note();
      return absl::OkStatus();
    }
    case v1::Event::kCheckInClosed:
      check_in_closed_ = true;
      return absl::OkStatus();
    case v1::Event::kPlayerWithdrawn: {
      absl::StatusOr<PlayerEntry*> player =
          MutablePlayer(event.player_withdrawn().player_id());
      if (!player.ok()) return Unfit(event, player.status().message());
      (*player)->status = v1::PLAYER_STATUS_WITHDRAWN;
      (*player)->withdrawal = event.player_withdrawn();
      return absl::OkStatus();
    }
    case v1::Event::kSubstituteInvited:
      invitations_.push_back(event.substitute_invited());
      return absl::OkStatus();
    case v1::Event::kPersonForgotten: {
      absl::StatusOr<PlayerEntry*> player =
          MutablePlayer(event.person_forgotten().player_id());
      if (!player.ok()) return Unfit(event, player.status().message());
      ForgetPrivateFields(**player);
      v1::Forgotten& forgotten = (*player)->forgotten.emplace();
      *forgotten.mutable_time() = event.server_time();
      forgotten.set_user(event.actor().user());
      forgotten.set_reason(event.reason());
      return absl::OkStatus();
    }
    case v1::Event::kLotsDrawn:
    case v1::Event::kRoundPaired:
    case v1::Event::kPairingAmended:
    case v1::Event::kResultRecorded:
    case v1::Event::kResultCorrected:
    case v1::Event::kFoulRecorded:
      if (absl::Status status = ApplyPlay(event); !status.ok()) {
        return Unfit(event, status.message());
      }
      return absl::OkStatus();
    case v1::Event::kAppealFiled:
    case v1::Event::kAppealDecided:
    case v1::Event::kTieLotsDrawn:
    case v1::Event::kFinalPlaceDeclined:
      if (absl::Status status = ApplyRuling(event); !status.ok()) {
        return Unfit(event, status.message());
      }
      return absl::OkStatus();
    case v1::Event::kLogNote:
    case v1::Event::PAYLOAD_NOT_SET:
      return absl::OkStatus();
  }
  return Unfit(event, "unknown payload");
}

absl::Status TournamentState::SetConfig(const v1::TournamentConfig& config) {
  absl::TimeZone zone;
  if (!absl::LoadTimeZone(config.time_zone(), &zone)) {
    return absl::FailedPreconditionError(
        absl::StrCat("R1.1: unknown time zone '", config.time_zone(), "'"));
  }
  config_ = config;
  time_zone_ = zone;
  // Sections in configuration order, each keeping its play; the play of a
  // section no longer configured stays, after them.
  std::vector<SectionPlay> plays;
  for (const v1::Section& section : config_.sections()) {
    SectionPlay* existing = MutableSectionPlay(section.id());
    if (existing != nullptr) {
      plays.push_back(std::move(*existing));
      existing->section_id.clear();
    } else {
      plays.emplace_back().section_id = section.id();
    }
  }
  for (SectionPlay& play : section_plays_) {
    if (!play.section_id.empty()) plays.push_back(std::move(play));
  }
  section_plays_ = std::move(plays);
  qualification_ = QualificationTable::Derive(config_, stations_);
  return absl::OkStatus();
}

void TournamentState::ForgetPrivateFields(PlayerEntry& player) {
  const v1::Person forgotten = player.person();
  for (v1::StationResultsRecorded& station : stations_) {
    for (v1::Person& person : *station.mutable_ranking()) {
      if (SamePersonOrKey(person, forgotten)) ClearPrivateFields(person);
    }
  }
  for (v1::SubstituteInvited& invitation : invitations_) {
    if (SamePersonOrKey(invitation.person(), forgotten)) {
      ClearPrivateFields(*invitation.mutable_person());
    }
  }
  qualification_.ForgetPrivateFields(forgotten);
  ClearPrivateFields(*player.registration.mutable_person());
  player.excuse_note.clear();
}

absl::StatusOr<PlayerEntry*> TournamentState::MutablePlayer(int64_t player_id) {
  if (player_id < 1 || player_id > static_cast<int64_t>(players_.size())) {
    return absl::NotFoundError(absl::StrCat("no player ", player_id));
  }
  return &players_[player_id - 1];
}

const PlayerEntry* TournamentState::FindPlayer(int64_t player_id) const {
  if (player_id < 1 || player_id > static_cast<int64_t>(players_.size())) {
    return nullptr;
  }
  return &players_[player_id - 1];
}

const v1::Section* TournamentState::FindSection(
    const std::string& section_id) const {
  for (const v1::Section& section : config_.sections()) {
    if (section.id() == section_id) return &section;
  }
  return nullptr;
}

const SectionPlay* TournamentState::FindSectionPlay(
    const std::string& section_id) const {
  for (const SectionPlay& play : section_plays_) {
    if (play.section_id == section_id) return &play;
  }
  return nullptr;
}

SectionPlay* TournamentState::MutableSectionPlay(
    const std::string& section_id) {
  return const_cast<SectionPlay*>(FindSectionPlay(section_id));
}

const PlayerEntry* TournamentState::FindRegistered(
    const v1::Person& person) const {
  for (const PlayerEntry& player : players_) {
    if (SamePerson(player.person(), person)) return &player;
  }
  return nullptr;
}

const v1::SubstituteInvited* TournamentState::FindInvitation(
    const v1::Person& person) const {
  for (const v1::SubstituteInvited& invitation : invitations_) {
    if (SamePerson(invitation.person(), person)) return &invitation;
  }
  return nullptr;
}

}  // namespace qiwang::rules::tournament
