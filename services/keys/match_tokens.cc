#include "services/keys/match_tokens.h"

#include <utility>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "crypto/field_cipher.h"
#include "crypto/identity_hash.h"

namespace qiwang::keys {

std::array<std::string, 2> MatchTokens::Texts(const v1::Person& person) {
  std::array<std::string, 2> texts;
  if (!person.id_number().empty()) {
    texts[0] = absl::StrCat("id:", person.id_number());
  }
  if (person.has_birth_date()) {
    const v1::Date& born = person.birth_date();
    texts[1] = absl::StrFormat("name:%s|born:%04d-%02d-%02d", person.name(),
                               born.year(), born.month(), born.day());
  }
  return texts;
}

absl::StatusOr<std::string> MatchTokens::Digest(const std::string& text) {
  if (secret_.empty()) {
    absl::StatusOr<std::string> secret = crypto::NewRandomKey();
    if (!secret.ok()) return secret.status();
    secret_ = *std::move(secret);
  }
  return crypto::IdentityHash(secret_, text);
}

absl::Status MatchTokens::Assign(v1::Person& person) {
  const std::array<std::string, 2> texts = Texts(person);
  std::string* const fields[] = {person.mutable_identity_hash(),
                                 person.mutable_name_birth_hash()};
  for (size_t i = 0; i < texts.size(); ++i) {
    if (texts[i].empty()) continue;
    absl::StatusOr<std::string> digest = Digest(texts[i]);
    if (!digest.ok()) return digest.status();
    auto known = by_digest_.find(*digest);
    if (known != by_digest_.end()) {
      *fields[i] = known->second.token;
      continue;
    }
    absl::StatusOr<std::string> fresh = crypto::NewRandomKey();
    if (!fresh.ok()) return fresh.status();
    *fields[i] = absl::BytesToHexString(*fresh);
  }
  return absl::OkStatus();
}

absl::Status MatchTokens::Note(const v1::Person& person,
                               const std::string& key_id) {
  const std::array<std::string, 2> texts = Texts(person);
  const std::string* const tokens[] = {&person.identity_hash(),
                                       &person.name_birth_hash()};
  for (size_t i = 0; i < texts.size(); ++i) {
    if (texts[i].empty() || tokens[i]->empty()) continue;
    absl::StatusOr<std::string> digest = Digest(texts[i]);
    if (!digest.ok()) return digest.status();
    Holders& holders = by_digest_[*digest];
    if (holders.token.empty()) holders.token = *tokens[i];
    if (holders.key_ids.insert(key_id).second) {
      digests_of_key_[key_id].push_back(*std::move(digest));
    }
  }
  return absl::OkStatus();
}

void MatchTokens::Forget(const std::string& key_id) {
  auto held = digests_of_key_.find(key_id);
  if (held == digests_of_key_.end()) return;
  for (const std::string& digest : held->second) {
    auto holders = by_digest_.find(digest);
    if (holders == by_digest_.end()) continue;
    holders->second.key_ids.erase(key_id);
    if (holders->second.key_ids.empty()) by_digest_.erase(holders);
  }
  digests_of_key_.erase(held);
}

}  // namespace qiwang::keys
