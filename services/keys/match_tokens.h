// The match tokens of one tournament (issue 24): what the log carries in
// Person.identity_hash and Person.name_birth_hash so that a fold without any
// key tells persons apart as R3 does (rules::tournament::SamePerson). A token
// is random: it stands for an ID number (or a name and full birth date) only
// through this in-memory table, never through a key. Persons not forgotten
// with equal values get equal tokens; once every key holding a value is
// forgotten, the value loses its token, so nothing kept (log, key store,
// master key) leads from a guessed ID number or birth date to a token.
// Rebuilt after a start from the log's sealed persons, opened. Not
// thread-safe: the SealingEventLog guards it.
#ifndef QIWANG_SERVICES_KEYS_MATCH_TOKENS_H_
#define QIWANG_SERVICES_KEYS_MATCH_TOKENS_H_

#include <array>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "qiwang/v1/registration_events.pb.h"

namespace qiwang::keys {

class MatchTokens {
 public:
  // Sets `person`'s identity_hash and name_birth_hash (each where its value,
  // in clear, is present): the token of a person not forgotten with the same
  // value, else a new random one (noted by the Note that follows).
  absl::Status Assign(v1::Person& person);
  // Notes that `person` (values in clear, tokens set) is sealed under
  // `key_id`, so its tokens stand for its values while that key lives. The
  // first token noted for a value stays its token (old logs carry hashes
  // under the master key; a person met again keeps matching them).
  absl::Status Note(const v1::Person& person, const std::string& key_id);
  // The person of `key_id` was forgotten: its values keep their tokens only
  // where a key not forgotten holds them too.
  void Forget(const std::string& key_id);

 private:
  struct Holders {
    std::string token;
    absl::flat_hash_set<std::string> key_ids;
  };
  // What the person's identity_hash and name_birth_hash stand for, in that
  // order; empty where the value is not in clear.
  static std::array<std::string, 2> Texts(const v1::Person& person);
  // `text` hashed under secret_ (random, this process only), so the table
  // keeps no value in clear.
  absl::StatusOr<std::string> Digest(const std::string& text);

  std::string secret_;
  absl::flat_hash_map<std::string, Holders> by_digest_;
  absl::flat_hash_map<std::string, std::vector<std::string>> digests_of_key_;
};

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_MATCH_TOKENS_H_
