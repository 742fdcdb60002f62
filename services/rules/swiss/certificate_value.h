// The value types of the optimality certificate (optimality_certificate.h):
// __int128 or the narrowest WideInt that holds every sum the certificate
// forms, chosen from the solution at hand by ValueBits; all arithmetic on
// them is exact. Pure functions; any caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_CERTIFICATE_VALUE_H_
#define QIWANG_SERVICES_RULES_SWISS_CERTIFICATE_VALUE_H_

#include <algorithm>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "services/rules/swiss/edge_weight.h"
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"
#include "services/rules/swiss/matching/wide_int.h"

namespace qiwang::rules::swiss::internal {

using CertificateWide = WideInt<kCostLimbs>;

// REQUIRES: the value of `limbs` fits V.
template <typename V>
V FromLimbs(const CostLimbs& limbs) {
  if constexpr (std::is_same_v<V, __int128>) {
    return static_cast<__int128>(
        (static_cast<unsigned __int128>(limbs[1]) << 64) | limbs[0]);
  } else {
    return V::Resize(CertificateWide::FromLimbs(limbs));
  }
}

template <typename V>
V MaxValue() {
  if constexpr (std::is_same_v<V, __int128>) {
    return static_cast<__int128>((static_cast<unsigned __int128>(1) << 127) -
                                 1);
  } else {
    return V::Max();
  }
}

// Bits of the magnitude of a two's-complement cost or dual.
inline int BitWidth(const CostLimbs& limbs) {
  CertificateWide value = CertificateWide::FromLimbs(limbs);
  if (value.IsNegative()) value = -value;
  for (int i = kCostLimbs - 1; i >= 0; --i) {
    if (value.limbs()[i] != 0) {
      return 64 * i + static_cast<int>(std::bit_width(value.limbs()[i]));
    }
  }
  return 0;
}

// Bits of magnitude that bound every term the certificate adds, from the
// solution at hand (tighter than the solver's a priori DualValueBits): any
// node dual, the sum of all blossom values (which bounds any cumulative
// one), and kDualScale times any part of a pair's cost (each part of a
// cost below 2^total_bits; one more bit to spare for the top-half partner's
// position, which may pass the group's end).
inline int ValueBits(const EdgeCostLayout& layout,
                     const PerfectMatching& solution) {
  int bits = layout.total_bits() + 3;
  for (const CostLimbs& dual : solution.node_dual) {
    bits = std::max(bits, BitWidth(dual));
  }
  CertificateWide blossoms(0);
  for (const DualBlossom& blossom : solution.blossoms) {
    const CertificateWide value = CertificateWide::FromLimbs(blossom.value);
    blossoms += value.IsNegative() ? -value : value;
  }
  return std::max(bits, BitWidth(blossoms.limbs()));
}

}  // namespace qiwang::rules::swiss::internal

#endif  // QIWANG_SERVICES_RULES_SWISS_CERTIFICATE_VALUE_H_
