// Fuzz target (a): the store's on-disk record and command-index decoding with
// its checksums (store/disk_format.h). The first byte picks what the rest is:
//   0: a raw record value at the position in the next 8 bytes;
//   1: a record body that gets a correct checksum (so the fields are parsed);
//   2: a raw command entry (the next byte is the command id's length);
//   3: a command entry body with a correct checksum;
//   4: record fields to encode, then one bit flipped at an offset taken from
//      the input.
// Promises: a decoded value re-encodes to the same bytes; anything else is
// DATA_LOSS naming the position or command id; a checksum is bound to its
// position; no single flipped bit goes unnoticed.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "store/crc32c.h"
#include "store/disk_format.h"
#include "tests/fuzz/fuzz_target.h"

namespace qiwang::fuzz {
namespace {

namespace disk = store::disk;

uint64_t TakeU64(absl::string_view& input) {
  uint64_t value = 0;
  for (int i = 0; i < 8 && !input.empty(); ++i) {
    value = (value << 8) | static_cast<uint8_t>(input.front());
    input.remove_prefix(1);
  }
  return value;
}

absl::string_view TakeSized(absl::string_view& input) {
  const size_t size = input.empty() ? 0 : static_cast<uint8_t>(input.front());
  if (!input.empty()) input.remove_prefix(1);
  const absl::string_view taken = input.substr(0, size);
  input.remove_prefix(taken.size());
  return taken;
}

// `body` behind a correct crc32c(salt + body), as the store seals values.
std::string Sealed(absl::string_view salt, absl::string_view body) {
  const uint32_t crc =
      store::crc32c::Extend(store::crc32c::Value(salt), body);
  std::string value;
  for (int shift = 24; shift >= 0; shift -= 8) {
    value.push_back(static_cast<char>((crc >> shift) & 0xFF));
  }
  value.append(body.data(), body.size());
  return value;
}

void CheckRecord(uint64_t position, absl::string_view value) {
  const absl::StatusOr<store::Record> record =
      disk::DecodeRecord(position, value);
  if (!record.ok()) {
    CheckRefusal(record.status(), {absl::StatusCode::kDataLoss},
                 "a bad record is DATA_LOSS");
    Check(absl::StrContains(record.status().message(),
                            absl::StrCat("position ", position)),
          "a bad record's refusal names its position");
    return;
  }
  Check(record->position == position, "a record keeps its position");
  Check(disk::EncodeRecord(position, record->stream, record->stream_version,
                           record->command_id, record->data) == value,
        "a decoded record re-encodes to the stored bytes");
  Check(!disk::DecodeRecord(position + 1, value).ok(),
        "a record's checksum does not fit another position");
}

void CheckCommandEntry(absl::string_view command_id, absl::string_view value) {
  const absl::StatusOr<disk::CommandEntry> entry =
      disk::DecodeCommandEntry(command_id, value);
  if (!entry.ok()) {
    CheckRefusal(entry.status(), {absl::StatusCode::kDataLoss},
                 "a bad command entry is DATA_LOSS");
    return;
  }
  Check(disk::EncodeCommandEntry(command_id, *entry) == value,
        "a decoded command entry re-encodes to the stored bytes");
}

void CheckFlippedBit(absl::string_view input) {
  const uint64_t position = TakeU64(input);
  const uint64_t version = TakeU64(input);
  const uint64_t flip = TakeU64(input);
  const absl::string_view stream = TakeSized(input);
  const absl::string_view command_id = TakeSized(input);
  std::string value =
      disk::EncodeRecord(position, stream, version, command_id, input);
  const size_t bit = flip % (value.size() * 8);
  value[bit / 8] = static_cast<char>(value[bit / 8] ^ (1 << (bit % 8)));
  const absl::StatusOr<store::Record> record =
      disk::DecodeRecord(position, value);
  Check(!record.ok(), "a record with one bit flipped is refused");
  CheckRefusal(record.status(), {absl::StatusCode::kDataLoss},
               "a record with one bit flipped is DATA_LOSS");
}

void Run(absl::string_view input) {
  if (input.empty()) return;
  const uint8_t mode = static_cast<uint8_t>(input.front()) % 5;
  input.remove_prefix(1);
  switch (mode) {
    case 0:
    case 1: {
      const uint64_t position = TakeU64(input);
      CheckRecord(position, mode == 0 ? std::string(input)
                                      : Sealed(disk::PositionKey(position),
                                               input));
      break;
    }
    case 2:
    case 3: {
      const absl::string_view command_id = TakeSized(input);
      CheckCommandEntry(command_id, mode == 2 ? std::string(input)
                                              : Sealed(command_id, input));
      break;
    }
    default:
      CheckFlippedBit(input);
  }
}

}  // namespace

void FuzzOne(absl::string_view input) { Run(input); }

}  // namespace qiwang::fuzz
