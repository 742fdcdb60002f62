// The keyspace of personal-data keys (issue 18): a column family of the event
// log's own RocksDB database (person_keys, uncompressed), so that a key can be
// destroyed while the log stays append-only, a backup of the log carries the
// keys, and a key costs no fsync of its own. Values are opaque here (the
// keyring stores wrapped keys). Thread-safe (RocksDB's own guarantees).
//
// Durability: Put and Delete are written to the log's WAL without a sync of
// their own; the next synced append of the log makes them durable (one WAL,
// synced as a whole). A new person's key is not put here but written in the
// WriteBatch of the first event sealed with it (AppendRequest::key_writes),
// so the two are durable together: no event without its key, and no key
// without its event.
#ifndef QIWANG_STORE_PERSON_KEY_STORE_H_
#define QIWANG_STORE_PERSON_KEY_STORE_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "store/event_log.h"

namespace qiwang::store {

class LogStorage;

class PersonKeyStore {
 public:
  // The key store inside `log` (which must outlive it), as opened by
  // EventLog::Open. FAILED_PRECONDITION for a log that is not on RocksDB or is
  // a read-only follower (read processes hold no keys).
  static absl::StatusOr<std::unique_ptr<PersonKeyStore>> InLog(EventLog& log);
  ~PersonKeyStore();
  PersonKeyStore(const PersonKeyStore&) = delete;
  PersonKeyStore& operator=(const PersonKeyStore&) = delete;

  // Durable with the log's next synced append (see above).
  absl::Status Put(absl::string_view name, absl::string_view value);
  // nullopt when `name` was never stored or was deleted.
  absl::StatusOr<std::optional<std::string>> Get(absl::string_view name) const;
  absl::Status Delete(absl::string_view name);
  // The names that start with `prefix`, in order.
  absl::StatusOr<std::vector<std::string>> NamesWithPrefix(
      absl::string_view prefix) const;
  // Deletes `name`, then purges (below), so that no file of the data folder
  // holds the value's bytes any more. Shredding an absent name succeeds.
  absl::Status Shred(absl::string_view name);
  // Puts every name and value of `writes` in one synced write: after a crash
  // either all of them are there or none is.
  absl::Status PutAll(const std::vector<KeyWrite>& writes);
  // Flushes every family of the log and compacts the key family to its last
  // level, so that values since overwritten or deleted are in no file of the
  // data folder any more (the WAL and SST files that held them are obsolete
  // and removed).
  absl::Status PurgeReplacedValues();

 private:
  explicit PersonKeyStore(std::shared_ptr<LogStorage> storage);

  std::shared_ptr<LogStorage> storage_;
};

}  // namespace qiwang::store

#endif  // QIWANG_STORE_PERSON_KEY_STORE_H_
