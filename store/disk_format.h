// The on-disk layout of the event log, in three RocksDB column families:
//   log:      big-endian position (8 bytes) -> record value (below)
//   streams:  stream + '\0' + big-endian stream version -> position key
//   commands: command id -> command entry (below)
// A record value is crc32c(position key + body) followed by the body:
//   u32 stream size, stream, u64 stream version, u32 command id size,
//   command id, event data (the rest). Integers are big-endian.
// A command entry is crc32c(command id + body) followed by the body:
//   u32 stream size, stream, u64 first, u64 last, u64 stream version,
//   fingerprint digest (the rest).
// Pure functions, thread-safe. Decoders answer DATA_LOSS naming the position
// or command id whose bytes do not check out.
#ifndef QIWANG_STORE_DISK_FORMAT_H_
#define QIWANG_STORE_DISK_FORMAT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "store/event_log.h"

namespace qiwang::store::disk {

inline constexpr char kLogFamily[] = "log";
inline constexpr char kStreamsFamily[] = "streams";
inline constexpr char kCommandsFamily[] = "commands";

inline constexpr size_t kPositionKeySize = 8;

std::string PositionKey(uint64_t position);
absl::StatusOr<uint64_t> DecodePositionKey(absl::string_view key);

// Every key of `stream` in the streams family starts with this prefix.
std::string StreamPrefix(absl::string_view stream);
std::string StreamKey(absl::string_view stream, uint64_t version);
// The version of a key known to start with StreamPrefix(stream).
absl::StatusOr<uint64_t> DecodeStreamKeyVersion(absl::string_view stream,
                                                absl::string_view key);

std::string EncodeRecord(uint64_t position, absl::string_view stream,
                         uint64_t stream_version, absl::string_view command_id,
                         absl::string_view data);
absl::StatusOr<Record> DecodeRecord(uint64_t position, absl::string_view value);

struct CommandEntry {
  std::string stream;
  uint64_t first_position = 0;
  uint64_t last_position = 0;
  uint64_t stream_version = 0;
  std::string fingerprint_digest;
};

std::string EncodeCommandEntry(absl::string_view command_id,
                               const CommandEntry& entry);
absl::StatusOr<CommandEntry> DecodeCommandEntry(absl::string_view command_id,
                                                absl::string_view value);

// A 20-byte digest identifying an append's content for idempotency: the
// request's fingerprint if it has one, otherwise its events (each with its
// length, so that ["ab","c"] and ["a","bc"] differ). Not cryptographic: it
// guards against honest mistakes (a reused command id), not forgery.
std::string FingerprintDigest(const AppendRequest& request);

}  // namespace qiwang::store::disk

#endif  // QIWANG_STORE_DISK_FORMAT_H_
