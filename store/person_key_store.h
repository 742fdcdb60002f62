// The keyspace of personal-data keys (issue 18): a RocksDB database of its own
// in the data folder (<data>/keys), apart from the event log so that a key can
// be destroyed while the log stays append-only. Values are opaque here (the
// keyring stores wrapped keys); writes are synced. Thread-safe (RocksDB's own
// guarantees); one process opens a folder at a time.
#ifndef QIWANG_STORE_PERSON_KEY_STORE_H_
#define QIWANG_STORE_PERSON_KEY_STORE_H_

#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace rocksdb {
class DB;
}

namespace qiwang::store {

class PersonKeyStore {
 public:
  // Opens or creates the store in `dir`. UNAVAILABLE naming `dir` when RocksDB
  // cannot open it (e.g. another process holds it).
  static absl::StatusOr<std::unique_ptr<PersonKeyStore>> Open(
      const std::string& dir);
  ~PersonKeyStore();
  PersonKeyStore(const PersonKeyStore&) = delete;
  PersonKeyStore& operator=(const PersonKeyStore&) = delete;

  // Durable (fsync'd) before it returns.
  absl::Status Put(absl::string_view name, absl::string_view value);
  // nullopt when `name` was never stored or was shredded.
  absl::StatusOr<std::optional<std::string>> Get(absl::string_view name) const;
  // Deletes `name`, then flushes and compacts every level so that no file of
  // the store holds the value's bytes any more (the WAL and SST files that held
  // it are obsolete and removed). Shredding an absent name succeeds.
  absl::Status Shred(absl::string_view name);

 private:
  PersonKeyStore(std::string dir, std::unique_ptr<rocksdb::DB> db);

  std::string dir_;
  std::unique_ptr<rocksdb::DB> db_;
};

}  // namespace qiwang::store

#endif  // QIWANG_STORE_PERSON_KEY_STORE_H_
