#include "services/keys/sealing_event_log.h"

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "base/annotated_lock.h"
#include "base/deterministic_bytes.h"
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
  base::AnnotatedLock lock(&mutex_);
  absl::StatusOr<TournamentPersons*> persons =
      PersonsOf(request.stream, request.expected);
  if (!persons.ok()) return persons.status();
  const PersonKeyId person_key_id = [&](v1::Person& person) {
    mutex_.AssertHeld();
    return KeyIdOfPerson(**persons, person);
  };
  const PlayerKeyId player_key_id = [&](int64_t player_id) {
    mutex_.AssertHeld();
    return KeyIdOfPlayer(request.stream, **persons, player_id);
  };
  for (std::string& bytes : sealed.request.events) {
    v1::Event event;
    if (!event.ParseFromString(bytes)) continue;  // the log's own business
    absl::StatusOr<bool> changed =
        SealPrivateFields(request.stream, ring_, person_key_id, player_key_id,
                          event, sealed.request.key_writes);
    if (!changed.ok()) return Unnote(request.stream, sealed, changed.status());
    if (*changed && event.has_person_forgotten()) {
      const std::string person =
          KeyringPerson(request.stream, event.person_forgotten().key_id());
      if (absl::Status begun = ring_.BeginForget(person, request.command_id);
          !begun.ok()) {
        return Unnote(request.stream, sealed, begun);
      }
      sealed.forgets.push_back(person);
    }
    // Later events of this request or batch may name this one's persons, and
    // no later one may match a person this one forgets.
    (*persons)->Note(event);
    if (!*changed) continue;
    bytes = base::SerializeDeterministically(event);
  }
  // Noted ahead of the append; Settle takes it back if the append fails.
  if (request.expected.kind == store::ExpectedVersion::Kind::kExact) {
    (*persons)->set_noted_version(request.expected.version +
                                  request.events.size());
  }
  return sealed;
}

absl::Status SealingEventLog::Unnote(const std::string& tournament,
                                     const Sealed& sealed,
                                     absl::Status status) {
  if (!sealed.forgets.empty()) tournaments_.erase(tournament);
  return status;
}

void SealingEventLog::Settle(const store::AppendRequest& request,
                             const absl::StatusOr<store::AppendResult>& result,
                             bool forgets) {
  if (result.ok() && !result->replayed) return;
  base::AnnotatedLock lock(&mutex_);
  if (forgets && !result.ok()) {
    // Its persons lost their match tokens ahead of the append.
    tournaments_.erase(request.stream);
    return;
  }
  if (request.expected.kind != store::ExpectedVersion::Kind::kExact) return;
  auto it = tournaments_.find(request.stream);
  if (it != tournaments_.end() &&
      it->second.noted_version() > request.expected.version) {
    it->second.set_noted_version(request.expected.version);
  }
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
  Settle(request, appended, !sealed->forgets.empty());
  if (appended.ok() && !appended->replayed) {
    ring_.KeysWritten(sealed->request.key_writes);
    FinishForgets(*sealed);
  }
  return appended;
}

std::vector<absl::StatusOr<store::AppendResult>> SealingEventLog::AppendBatch(
    const std::vector<store::AppendRequest>& requests,
    const store::BatchOptions& options) {
  std::vector<Sealed> sealed;
  std::vector<store::AppendRequest> to_log;
  sealed.reserve(requests.size());
  to_log.reserve(requests.size());
  std::optional<absl::Status> refused;
  for (const store::AppendRequest& request : requests) {
    absl::StatusOr<Sealed> one = Seal(request);
    if (!one.ok()) {
      refused = one.status();
      break;
    }
    to_log.push_back(one->request);
    sealed.push_back(*std::move(one));
  }
  std::vector<absl::StatusOr<store::AppendResult>> results =
      to_log.empty() ? std::vector<absl::StatusOr<store::AppendResult>>()
                     : log_.AppendBatch(to_log, options);
  for (size_t i = 0; i < results.size() && i < sealed.size(); ++i) {
    if (results[i].ok() && !results[i]->replayed) {
      ring_.KeysWritten(sealed[i].request.key_writes);
      FinishForgets(sealed[i]);
    }
  }
  if (refused.has_value()) {
    const size_t at = results.size();
    results.push_back(*refused);
    for (size_t i = at + 1; i < requests.size(); ++i) {
      results.push_back(absl::AbortedError(
          absl::StrCat("not written: command ", requests[at].command_id,
                       " before it in the same batch could not be sealed (",
                       refused->message(), "); decide it again")));
    }
  }
  for (size_t i = 0; i < results.size() && i < requests.size(); ++i) {
    Settle(requests[i], results[i],
           i < sealed.size() && !sealed[i].forgets.empty());
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
    absl::StatusOr<bool> opened =
        OpenPrivateFields(record.stream, ring_, event);
    if (!opened.ok()) {
      return absl::Status(opened.status().code(),
                          absl::StrCat("position ", record.position, ": ",
                                       opened.status().message()));
    }
    if (*opened) record.data = base::SerializeDeterministically(event);
  }
  return records;
}

absl::StatusOr<TournamentPersons*> SealingEventLog::PersonsOf(
    const std::string& tournament, const store::ExpectedVersion& expected) {
  TournamentPersons& persons = tournaments_[tournament];
  if ((expected.kind == store::ExpectedVersion::Kind::kExact &&
       expected.version <= persons.noted_version()) ||
      expected.kind == store::ExpectedVersion::Kind::kNoStream) {
    return &persons;  // nothing the append would follow is unnoted
  }
  store::ReadRequest request;
  request.stream = tournament;
  request.from = persons.noted_version() + 1;
  for (;;) {
    absl::StatusOr<std::vector<store::Record>> records = log_.Read(request);
    if (!records.ok()) return records.status();
    for (const store::Record& record : *records) {
      v1::Event event;
      if (event.ParseFromString(record.data)) {
        persons.Note(event);
        absl::StatusOr<bool> opened =
            OpenPrivateFields(tournament, ring_, event);
        if (!opened.ok()) return opened.status();
        if (*opened) {
          if (absl::Status noted = persons.NoteOpened(event); !noted.ok()) {
            return noted;
          }
        }
      }
      persons.set_noted_version(record.stream_version);
    }
    if (records->size() < request.limit) break;
    request.from = records->back().stream_version + 1;
  }
  return &persons;
}

absl::StatusOr<std::string> SealingEventLog::KeyIdOfPerson(
    TournamentPersons& persons, v1::Person& person) {
  if (absl::Status assigned = persons.tokens().Assign(person); !assigned.ok()) {
    return assigned;
  }
  std::optional<std::string> key_id = persons.KeyOf(person);
  if (!key_id.has_value()) {
    absl::StatusOr<std::string> fresh = NewKeyId();
    if (!fresh.ok()) return fresh.status();
    key_id = *std::move(fresh);
    persons.Add(person, *key_id);
  }
  if (absl::Status noted = persons.tokens().Note(person, *key_id);
      !noted.ok()) {
    return noted;
  }
  return *std::move(key_id);
}

absl::StatusOr<std::string> SealingEventLog::KeyIdOfPlayer(
    const std::string& tournament, TournamentPersons& persons,
    int64_t player_id) {
  const v1::Person* registered = persons.Player(player_id);
  if (registered == nullptr) {
    return absl::NotFoundError(absl::StrCat("player_id: no player ", player_id,
                                            " in tournament '", tournament,
                                            "'"));
  }
  if (registered->has_sealed()) return registered->sealed().key_id();
  // Registered in clear (before the log had a master key).
  v1::Person in_clear = *registered;
  return KeyIdOfPerson(persons, in_clear);
}

}  // namespace qiwang::keys
