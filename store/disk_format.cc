#include "store/disk_format.h"

#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "store/crc32c.h"

namespace qiwang::store::disk {
namespace {

void AppendBigEndian(std::string* out, uint64_t value, int bytes) {
  for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
    out->push_back(static_cast<char>((value >> shift) & 0xFF));
  }
}

void AppendFixed32(std::string* out, uint32_t value) {
  AppendBigEndian(out, value, 4);
}
void AppendFixed64(std::string* out, uint64_t value) {
  AppendBigEndian(out, value, 8);
}

uint64_t LoadBigEndian(const char* data, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) {
    value = (value << 8) | static_cast<uint8_t>(data[i]);
  }
  return value;
}

// Reads big-endian fields from a byte string; every read fails once the
// input is too short, so a truncated value cannot be misread.
class FieldReader {
 public:
  explicit FieldReader(absl::string_view input) : rest_(input) {}

  bool Fixed32(uint32_t* value) {
    if (rest_.size() < 4) return false;
    *value = static_cast<uint32_t>(LoadBigEndian(rest_.data(), 4));
    rest_.remove_prefix(4);
    return true;
  }
  bool Fixed64(uint64_t* value) {
    if (rest_.size() < 8) return false;
    *value = LoadBigEndian(rest_.data(), 8);
    rest_.remove_prefix(8);
    return true;
  }
  bool SizedString(std::string* value) {
    uint32_t size;
    if (!Fixed32(&size) || rest_.size() < size) return false;
    value->assign(rest_.data(), size);
    rest_.remove_prefix(size);
    return true;
  }
  absl::string_view rest() const { return rest_; }

 private:
  absl::string_view rest_;
};

void AppendSizedString(std::string* out, absl::string_view value) {
  AppendFixed32(out, static_cast<uint32_t>(value.size()));
  out->append(value.data(), value.size());
}

// Prepends crc32c(salt + body) to `body_with_room`, whose first 4 bytes are
// reserved for it.
void SealWithChecksum(absl::string_view salt, std::string* body_with_room) {
  absl::string_view body(*body_with_room);
  body.remove_prefix(4);
  const uint32_t crc = crc32c::Extend(crc32c::Value(salt), body);
  for (int i = 0; i < 4; ++i) {
    (*body_with_room)[i] = static_cast<char>((crc >> (24 - 8 * i)) & 0xFF);
  }
}

// The body of a sealed value if its checksum matches, otherwise nullopt.
std::optional<absl::string_view> OpenSealed(absl::string_view salt,
                                            absl::string_view value) {
  if (value.size() < 4) return std::nullopt;
  const auto stored = static_cast<uint32_t>(LoadBigEndian(value.data(), 4));
  value.remove_prefix(4);
  if (crc32c::Extend(crc32c::Value(salt), value) != stored) {
    return std::nullopt;
  }
  return value;
}

uint64_t Fnv1a64(uint64_t hash, absl::string_view bytes) {
  for (char c : bytes) {
    hash ^= static_cast<uint8_t>(c);
    hash *= 0x100000001B3ull;
  }
  return hash;
}

}  // namespace

std::string PositionKey(uint64_t position) {
  std::string key;
  key.reserve(kPositionKeySize);
  AppendFixed64(&key, position);
  return key;
}

absl::StatusOr<uint64_t> DecodePositionKey(absl::string_view key) {
  if (key.size() != kPositionKeySize) {
    return absl::DataLossError(
        absl::StrCat("log key of ", key.size(), " bytes, expected 8"));
  }
  return LoadBigEndian(key.data(), 8);
}

std::string StreamPrefix(absl::string_view stream) {
  std::string prefix(stream);
  prefix.push_back('\0');
  return prefix;
}

std::string StreamKey(absl::string_view stream, uint64_t version) {
  std::string key = StreamPrefix(stream);
  AppendFixed64(&key, version);
  return key;
}

absl::StatusOr<uint64_t> DecodeStreamKeyVersion(absl::string_view stream,
                                                absl::string_view key) {
  if (key.size() != stream.size() + 1 + 8) {
    return absl::DataLossError(
        absl::StrCat("stream ", stream, ": index key of ", key.size(),
                     " bytes, expected ", stream.size() + 9));
  }
  return LoadBigEndian(key.data() + stream.size() + 1, 8);
}

std::string EncodeRecord(uint64_t position, absl::string_view stream,
                         uint64_t stream_version, absl::string_view command_id,
                         absl::string_view data) {
  std::string value;
  value.reserve(4 + 4 + stream.size() + 8 + 4 + command_id.size() +
                data.size());
  value.append(4, '\0');
  AppendSizedString(&value, stream);
  AppendFixed64(&value, stream_version);
  AppendSizedString(&value, command_id);
  value.append(data.data(), data.size());
  SealWithChecksum(PositionKey(position), &value);
  return value;
}

absl::StatusOr<Record> DecodeRecord(uint64_t position,
                                    absl::string_view value) {
  const std::optional<absl::string_view> body =
      OpenSealed(PositionKey(position), value);
  Record record;
  record.position = position;
  FieldReader reader(body.value_or(""));
  if (!body.has_value() || !reader.SizedString(&record.stream) ||
      !reader.Fixed64(&record.stream_version) ||
      !reader.SizedString(&record.command_id)) {
    return absl::DataLossError(absl::StrCat("record at position ", position,
                                            " is corrupt (checksum mismatch)"));
  }
  record.data.assign(reader.rest().data(), reader.rest().size());
  return record;
}

std::string EncodeCommandEntry(absl::string_view command_id,
                               const CommandEntry& entry) {
  std::string value(4, '\0');
  AppendSizedString(&value, entry.stream);
  AppendFixed64(&value, entry.first_position);
  AppendFixed64(&value, entry.last_position);
  AppendFixed64(&value, entry.stream_version);
  value.append(entry.fingerprint_digest);
  SealWithChecksum(command_id, &value);
  return value;
}

absl::StatusOr<CommandEntry> DecodeCommandEntry(absl::string_view command_id,
                                                absl::string_view value) {
  const std::optional<absl::string_view> body = OpenSealed(command_id, value);
  CommandEntry entry;
  FieldReader reader(body.value_or(""));
  if (!body.has_value() || !reader.SizedString(&entry.stream) ||
      !reader.Fixed64(&entry.first_position) ||
      !reader.Fixed64(&entry.last_position) ||
      !reader.Fixed64(&entry.stream_version)) {
    return absl::DataLossError(
        absl::StrCat("command index entry for command id '", command_id,
                     "' is corrupt (checksum mismatch)"));
  }
  entry.fingerprint_digest.assign(reader.rest().data(), reader.rest().size());
  return entry;
}

std::string FingerprintDigest(const AppendRequest& request) {
  uint64_t length = 0;
  uint32_t crc = 0;
  uint64_t fnv = 0xCBF29CE484222325ull;
  auto absorb = [&](absl::string_view bytes) {
    length += bytes.size();
    crc = crc32c::Extend(crc, bytes);
    fnv = Fnv1a64(fnv, bytes);
  };
  if (!request.fingerprint.empty()) {
    absorb(request.fingerprint);
  } else {
    for (const std::string& event : request.events) {
      std::string size_prefix;
      AppendFixed64(&size_prefix, event.size());
      absorb(size_prefix);
      absorb(event);
    }
  }
  std::string digest;
  AppendFixed64(&digest, length);
  AppendFixed32(&digest, crc);
  AppendFixed64(&digest, fnv);
  return digest;
}

}  // namespace qiwang::store::disk
