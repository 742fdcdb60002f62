#include "store/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace qiwang::store::crc32c {
namespace {

constexpr uint32_t kReflectedPolynomial = 0x82F63B78u;

constexpr std::array<uint32_t, 256> MakeTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t byte = 0; byte < 256; ++byte) {
    uint32_t crc = byte;
    for (int bit = 0; bit < 8; ++bit) {
      crc = (crc & 1) ? (crc >> 1) ^ kReflectedPolynomial : crc >> 1;
    }
    table[byte] = crc;
  }
  return table;
}

constexpr std::array<uint32_t, 256> kTable = MakeTable();

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) uint32_t ExtendHardware(uint32_t crc,
                                                          const char* data,
                                                          size_t size) {
  uint64_t state = ~crc;
  while (size >= 8) {
    uint64_t word;
    std::memcpy(&word, data, 8);
    state = _mm_crc32_u64(state, word);
    data += 8;
    size -= 8;
  }
  auto narrow = static_cast<uint32_t>(state);
  for (; size > 0; --size, ++data) {
    narrow = _mm_crc32_u8(narrow, static_cast<uint8_t>(*data));
  }
  return ~narrow;
}

bool CpuHasCrc32Instruction() {
  static const bool has_it = __builtin_cpu_supports("sse4.2");
  return has_it;
}
#endif

}  // namespace

uint32_t ExtendPortable(uint32_t crc, const char* data, size_t size) {
  uint32_t state = ~crc;
  for (size_t i = 0; i < size; ++i) {
    state =
        kTable[(state ^ static_cast<uint8_t>(data[i])) & 0xFF] ^ (state >> 8);
  }
  return ~state;
}

uint32_t Extend(uint32_t crc, const char* data, size_t size) {
#if defined(__x86_64__)
  if (CpuHasCrc32Instruction()) return ExtendHardware(crc, data, size);
#endif
  return ExtendPortable(crc, data, size);
}

}  // namespace qiwang::store::crc32c
