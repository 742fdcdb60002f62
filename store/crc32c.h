// CRC32C (Castagnoli polynomial), the checksum of every stored record.
// Uses the SSE4.2 instruction when the CPU has it and a table otherwise; both
// give the same values. Thread-safe, no state.
#ifndef QIWANG_STORE_CRC32C_H_
#define QIWANG_STORE_CRC32C_H_

#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"

namespace qiwang::store::crc32c {

// The CRC32C of `data` appended to bytes whose CRC32C is `crc`.
uint32_t Extend(uint32_t crc, const char* data, size_t size);

inline uint32_t Extend(uint32_t crc, absl::string_view data) {
  return Extend(crc, data.data(), data.size());
}
inline uint32_t Value(absl::string_view data) { return Extend(0, data); }

// The portable path alone, so that tests can compare it with the fast one.
uint32_t ExtendPortable(uint32_t crc, const char* data, size_t size);

}  // namespace qiwang::store::crc32c

#endif  // QIWANG_STORE_CRC32C_H_
