// A fixed-width two's-complement integer of kLimbs x 64 bits, used as the
// value type of LEMON's weighted matching when a Swiss edge weight needs more
// than 63 bits (one bit field per R6.5 criterion, see edge_weight.h).
// Guarantees: exact integer arithmetic modulo 2^(64*kLimbs), C++ semantics for
// division (truncation toward zero), and a std::numeric_limits specialisation
// so LEMON can use max() as infinity. Callers keep values far from the limits;
// the bound is proved where the weights are laid out. Compiles as C++17 and
// C++20 so both the LEMON translation unit and our code can share it.
#ifndef QIWANG_SERVICES_RULES_SWISS_MATCHING_WIDE_INT_H_
#define QIWANG_SERVICES_RULES_SWISS_MATCHING_WIDE_INT_H_

#include <array>
#include <cstdint>
#include <limits>

namespace qiwang::rules::swiss {

template <int kLimbs>
class WideInt {
 public:
  using Limbs = std::array<uint64_t, kLimbs>;

  constexpr WideInt() : limbs_{} {}
  constexpr WideInt(long long value) : limbs_{} {  // NOLINT: implicit by design
    limbs_[0] = static_cast<uint64_t>(value);
    const uint64_t fill = value < 0 ? ~uint64_t{0} : 0;
    for (int i = 1; i < kLimbs; ++i) limbs_[i] = fill;
  }
  constexpr WideInt(int value) : WideInt(static_cast<long long>(value)) {}

  static constexpr WideInt FromLimbs(const Limbs& limbs) {
    WideInt result;
    result.limbs_ = limbs;
    return result;
  }
  // Sign-extends or truncates the two's-complement limbs of `other`.
  template <int kOther>
  static constexpr WideInt Resize(const WideInt<kOther>& other) {
    WideInt result;
    const uint64_t fill = other.IsNegative() ? ~uint64_t{0} : 0;
    for (int i = 0; i < kLimbs; ++i) {
      result.limbs_[i] = i < kOther ? other.limbs()[i] : fill;
    }
    return result;
  }
  // value * 2^shift; REQUIRES: 0 <= shift < 64 * kLimbs.
  static constexpr WideInt Shifted(uint64_t value, int shift) {
    WideInt result;
    const int limb = shift / 64;
    const int bit = shift % 64;
    result.limbs_[limb] = value << bit;
    if (bit != 0 && limb + 1 < kLimbs) {
      result.limbs_[limb + 1] = value >> (64 - bit);
    }
    return result;
  }
  static constexpr WideInt Max() {
    WideInt result;
    for (int i = 0; i < kLimbs; ++i) result.limbs_[i] = ~uint64_t{0};
    result.limbs_[kLimbs - 1] >>= 1;
    return result;
  }

  constexpr const Limbs& limbs() const { return limbs_; }
  constexpr bool IsNegative() const { return limbs_[kLimbs - 1] >> 63; }

  constexpr WideInt& operator+=(const WideInt& other) {
    unsigned __int128 carry = 0;
    for (int i = 0; i < kLimbs; ++i) {
      carry += static_cast<unsigned __int128>(limbs_[i]) + other.limbs_[i];
      limbs_[i] = static_cast<uint64_t>(carry);
      carry >>= 64;
    }
    return *this;
  }
  constexpr WideInt& operator-=(const WideInt& other) {
    uint64_t borrow = 0;
    for (int i = 0; i < kLimbs; ++i) {
      const uint64_t difference = limbs_[i] - other.limbs_[i];
      const uint64_t next =
          (limbs_[i] < other.limbs_[i]) | (difference < borrow);
      limbs_[i] = difference - borrow;
      borrow = next;
    }
    return *this;
  }
  constexpr WideInt operator-() const { return WideInt() -= *this; }
  friend constexpr WideInt operator+(WideInt a, const WideInt& b) {
    return a += b;
  }
  friend constexpr WideInt operator-(WideInt a, const WideInt& b) {
    return a -= b;
  }
  // Multiplication and division by a small int: all LEMON needs. Powers of
  // two (LEMON's dual scale and halving) are shifts, with the same results,
  // kept inline: LEMON scales every edge weight it looks at by 4.
  friend constexpr WideInt operator*(const WideInt& a, int factor) {
    if (factor > 0 && (factor & (factor - 1)) == 0) {
      return a.ShiftedLeft(__builtin_ctz(static_cast<unsigned>(factor)));
    }
    return Multiplied(a, factor);
  }
  friend constexpr WideInt operator*(int factor, const WideInt& a) {
    return a * factor;
  }
  friend constexpr WideInt operator/(const WideInt& a, int divisor) {
    if (divisor > 0 && (divisor & (divisor - 1)) == 0) {
      // Truncation toward zero: shift the magnitude.
      const int bits = __builtin_ctz(static_cast<unsigned>(divisor));
      return a.IsNegative() ? -(-a).MagnitudeShiftedRight(bits)
                            : a.MagnitudeShiftedRight(bits);
    }
    return Divided(a, divisor);
  }

  // Limb by limb (std::array's == may become a call to memcmp).
  friend constexpr bool operator==(const WideInt& a, const WideInt& b) {
    bool equal = true;
    for (int i = 0; i < kLimbs; ++i) equal &= a.limbs_[i] == b.limbs_[i];
    return equal;
  }
  friend constexpr bool operator!=(const WideInt& a, const WideInt& b) {
    return !(a == b);
  }
  // Two's complement order: the top limb compares signed, the others
  // unsigned.
  friend constexpr bool operator<(const WideInt& a, const WideInt& b) {
    if (a.limbs_[kLimbs - 1] != b.limbs_[kLimbs - 1]) {
      return static_cast<int64_t>(a.limbs_[kLimbs - 1]) <
             static_cast<int64_t>(b.limbs_[kLimbs - 1]);
    }
    for (int i = kLimbs - 2; i >= 0; --i) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i];
    }
    return false;
  }
  friend constexpr bool operator>(const WideInt& a, const WideInt& b) {
    return b < a;
  }
  friend constexpr bool operator<=(const WideInt& a, const WideInt& b) {
    return !(b < a);
  }
  friend constexpr bool operator>=(const WideInt& a, const WideInt& b) {
    return !(a < b);
  }

 private:
  // The general paths of * and /, out of line: LEMON's loops take only the
  // power-of-two ones.
  [[gnu::noinline]] static constexpr WideInt Multiplied(const WideInt& a,
                                                        int factor) {
    const bool negative = a.IsNegative() != (factor < 0);
    Limbs magnitude = a.Magnitude();
    const uint64_t f = factor < 0 ? -static_cast<int64_t>(factor) : factor;
    unsigned __int128 carry = 0;
    for (int i = 0; i < kLimbs; ++i) {
      const unsigned __int128 product =
          static_cast<unsigned __int128>(magnitude[i]) * f + carry;
      magnitude[i] = static_cast<uint64_t>(product);
      carry = product >> 64;
    }
    const WideInt result = FromLimbs(magnitude);
    return negative ? -result : result;
  }
  [[gnu::noinline]] static constexpr WideInt Divided(const WideInt& a,
                                                     int divisor) {
    const bool negative = a.IsNegative() != (divisor < 0);
    Limbs magnitude = a.Magnitude();
    const uint64_t d = divisor < 0 ? -static_cast<int64_t>(divisor) : divisor;
    unsigned __int128 remainder = 0;
    for (int i = kLimbs - 1; i >= 0; --i) {
      const unsigned __int128 current = (remainder << 64) | magnitude[i];
      magnitude[i] = static_cast<uint64_t>(current / d);
      remainder = current % d;
    }
    const WideInt result = FromLimbs(magnitude);
    return negative ? -result : result;
  }
  // REQUIRES: 0 <= bits < 64.
  constexpr WideInt ShiftedLeft(int bits) const {
    if (bits == 0) return *this;
    WideInt result;
    for (int i = kLimbs - 1; i > 0; --i) {
      result.limbs_[i] = (limbs_[i] << bits) | (limbs_[i - 1] >> (64 - bits));
    }
    result.limbs_[0] = limbs_[0] << bits;
    return result;
  }
  // Logical shift; REQUIRES: non-negative, 0 <= bits < 64.
  constexpr WideInt MagnitudeShiftedRight(int bits) const {
    if (bits == 0) return *this;
    WideInt result;
    for (int i = 0; i + 1 < kLimbs; ++i) {
      result.limbs_[i] = (limbs_[i] >> bits) | (limbs_[i + 1] << (64 - bits));
    }
    result.limbs_[kLimbs - 1] = limbs_[kLimbs - 1] >> bits;
    return result;
  }
  constexpr Limbs Magnitude() const {
    return IsNegative() ? (-*this).limbs_ : limbs_;
  }

  Limbs limbs_;
};

}  // namespace qiwang::rules::swiss

namespace std {
template <int kLimbs>
class numeric_limits<qiwang::rules::swiss::WideInt<kLimbs>> {
  using Value = qiwang::rules::swiss::WideInt<kLimbs>;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = true;
  static constexpr bool is_exact = true;
  static constexpr int digits = 64 * kLimbs - 1;
  static constexpr Value max() { return Value::Max(); }
  static constexpr Value min() { return -Value::Max() - Value(1); }
  static constexpr Value lowest() { return min(); }
};
}  // namespace std

#endif  // QIWANG_SERVICES_RULES_SWISS_MATCHING_WIDE_INT_H_
