#include "services/keys/sealing_event_log.h"

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "services/events/deterministic_bytes.h"
#include "services/keys/private_fields.h"

namespace qiwang::keys {

absl::StatusOr<SealingEventLog::Sealed> SealingEventLog::Seal(
    const store::AppendRequest& request) {
  Sealed sealed{request, {}};
  if (sealed.request.fingerprint.empty()) {
    for (const std::string& bytes : request.events) {
      sealed.request.fingerprint += bytes;
    }
  }
  const PlayerKeyId player_key_id = [&](int64_t player_id) {
    return KeyIdOfPlayer(request.stream, player_id);
  };
  for (std::string& bytes : sealed.request.events) {
    v1::Event event;
    if (!event.ParseFromString(bytes)) continue;  // the log's own business
    Remember(request.stream, event);
    absl::StatusOr<bool> changed =
        SealPrivateFields(request.stream, ring_, player_key_id, event);
    if (!changed.ok()) return changed.status();
    if (!*changed) continue;
    if (event.has_person_forgotten()) {
      const std::string person =
          KeyringPerson(request.stream, event.person_forgotten().key_id());
      if (absl::Status begun = ring_.BeginForget(person, request.command_id);
          !begun.ok()) {
        return begun;
      }
      sealed.forgets.push_back(person);
    }
    bytes = events::SerializeDeterministically(event);
  }
  return sealed;
}

void SealingEventLog::FinishForgets(const Sealed& sealed) {
  for (const std::string& person : sealed.forgets) {
    if (absl::Status forgot = ring_.Forget(person); !forgot.ok()) {
      // The event is durable; the next start finishes (FinishForgetting).
      std::fprintf(stderr,
                   "qiwangd: forgetting %s is logged but its key is not "
                   "destroyed yet (done at the next start): %s\n",
                   person.c_str(), forgot.ToString().c_str());
    }
  }
}

absl::StatusOr<store::AppendResult> SealingEventLog::Append(
    const store::AppendRequest& request) {
  absl::StatusOr<Sealed> sealed = Seal(request);
  if (!sealed.ok()) return sealed.status();
  absl::StatusOr<store::AppendResult> appended = log_.Append(sealed->request);
  if (appended.ok() && !appended->replayed) FinishForgets(*sealed);
  return appended;
}

std::vector<absl::StatusOr<store::AppendResult>> SealingEventLog::AppendBatch(
    const std::vector<store::AppendRequest>& requests,
    const store::BatchOptions& options) {
  std::vector<Sealed> sealed;
  std::vector<store::AppendRequest> to_log;
  sealed.reserve(requests.size());
  to_log.reserve(requests.size());
  for (const store::AppendRequest& request : requests) {
    absl::StatusOr<Sealed> one = Seal(request);
    if (!one.ok()) {
      return std::vector<absl::StatusOr<store::AppendResult>>(requests.size(),
                                                              one.status());
    }
    to_log.push_back(one->request);
    sealed.push_back(*std::move(one));
  }
  std::vector<absl::StatusOr<store::AppendResult>> results =
      log_.AppendBatch(to_log, options);
  for (size_t i = 0; i < results.size() && i < sealed.size(); ++i) {
    if (results[i].ok() && !results[i]->replayed) FinishForgets(sealed[i]);
  }
  return results;
}

absl::StatusOr<std::vector<store::Record>> SealingEventLog::Read(
    const store::ReadRequest& request) const {
  absl::StatusOr<std::vector<store::Record>> records = log_.Read(request);
  if (!records.ok()) return records;
  for (store::Record& record : *records) {
    v1::Event event;
    if (!event.ParseFromString(record.data)) continue;
    Remember(record.stream, event);
    absl::StatusOr<bool> opened =
        OpenPrivateFields(record.stream, ring_, event);
    if (!opened.ok()) {
      return absl::Status(opened.status().code(),
                          absl::StrCat("position ", record.position, ": ",
                                       opened.status().message()));
    }
    if (*opened) record.data = events::SerializeDeterministically(event);
  }
  return records;
}

void SealingEventLog::Remember(const std::string& tournament,
                               const v1::Event& event) const {
  if (!event.has_player_registered()) return;
  const v1::Person& person = event.player_registered().person();
  std::string key_id;
  if (person.has_sealed()) {
    key_id = person.sealed().key_id();
  } else {
    absl::StatusOr<std::string> computed = KeyIdOf(person, ring_);
    if (!computed.ok()) return;
    key_id = *std::move(computed);
  }
  absl::MutexLock lock(&players_mutex_);
  player_keys_[{tournament, event.player_registered().player_id()}] =
      std::move(key_id);
}

absl::StatusOr<std::string> SealingEventLog::KeyIdOfPlayer(
    const std::string& tournament, int64_t player_id) const {
  auto known = [&]() -> std::optional<std::string> {
    absl::MutexLock lock(&players_mutex_);
    auto it = player_keys_.find({tournament, player_id});
    if (it == player_keys_.end()) return std::nullopt;
    return it->second;
  };
  if (std::optional<std::string> key_id = known()) return *key_id;
  store::ReadRequest request;
  request.stream = tournament;
  for (;;) {
    absl::StatusOr<std::vector<store::Record>> records = log_.Read(request);
    if (!records.ok()) return records.status();
    for (const store::Record& record : *records) {
      v1::Event event;
      if (event.ParseFromString(record.data)) Remember(tournament, event);
    }
    if (records->size() < request.limit) break;
    request.from = records->back().stream_version + 1;
  }
  if (std::optional<std::string> key_id = known()) return *key_id;
  return absl::NotFoundError(absl::StrCat("player_id: no player ", player_id,
                                          " in tournament '", tournament, "'"));
}

}  // namespace qiwang::keys
