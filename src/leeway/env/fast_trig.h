// sin and cos that the compiler can vectorise: Cody-Waite reduction by pi/2 (fdlibm's three-part
// constants, exact for |x| < 2^20 pi/2 ~ 1.6e6 rad) and fdlibm's minimax polynomials on
// [-pi/4, pi/4], absolute error below 1e-15 there. No branches, no calls, no errno: a loop of these
// compiles to SIMD code, which is what makes a 64-component sea affordable per query point.
// Beyond kFastTrigLimit callers must fall back to std::sin/std::cos.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

// Loops of fast_sincos vectorise only with 64-bit integer SIMD (its quadrant bit operations),
// which x86-64's baseline SSE2 lacks: with LEEWAY_SIMD_CLONES, GCC builds AVX-512 and AVX2 clones
// of a function as well and picks one at load time by what the CPU has. The clones give identical
// results as long as the function sums in a fixed order (no FMA contraction: the build passes
// -ffp-contract=off).
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define LEEWAY_SIMD_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define LEEWAY_SIMD_CLONES
#endif

namespace leeway {

inline constexpr double kFastTrigLimit = 1.0e6;  ///< [rad]

struct SinCos {
  double sin, cos;
};

inline SinCos fast_sincos(double x) {
  constexpr double kTwoOverPi = 6.36619772367581382433e-01;
  constexpr double kPio2_1 = 1.57079632673412561417e+00;   // first 33 bits of pi/2
  constexpr double kPio2_2 = 6.07710050630396597660e-11;   // next 33 bits
  constexpr double kPio2_2t = 2.02226624879595063154e-21;  // pi/2 - (kPio2_1 + kPio2_2)
  constexpr double kRound = 6755399441055744.0;            // 1.5 * 2^52: round to nearest
  const double shifted = x * kTwoOverPi + kRound;
  const double n = shifted - kRound;
  std::int64_t bits;
  std::memcpy(&bits, &shifted, sizeof bits);
  const std::int64_t quadrant = bits & 3;
  const double r = ((x - n * kPio2_1) - n * kPio2_2) - n * kPio2_2t;
  const double r2 = r * r;
  // Minimax polynomials on [-pi/4, pi/4] with the coefficients of fdlibm's __kernel_sin (degree
  // 13) and __kernel_cos (degree 14) (Sun Microsystems 1993, as in most C libraries).
  const double s = r + r * r2 *
                           (-1.66666666666666324348e-01 +
                            r2 * (8.33333333332248946124e-03 +
                                  r2 * (-1.98412698298579493134e-04 +
                                        r2 * (2.75573137070700676789e-06 +
                                              r2 * (-2.50507602534068634195e-08 +
                                                    r2 * 1.58969099521155010221e-10)))));
  const double c = 1.0 - 0.5 * r2 +
                   r2 * r2 *
                       (4.16666666666666019037e-02 +
                        r2 * (-1.38888888888741095749e-03 +
                              r2 * (2.48015872894767294178e-05 +
                                    r2 * (-2.75573143513906633035e-07 +
                                          r2 * (2.08757232129817482790e-09 +
                                                r2 * -1.13596475577881948265e-11)))));
  // x = n pi/2 + r: rotate (sin r, cos r) by the quadrant. Selections and sign flips are bit
  // operations, not branches, so that loops over this vectorise.
  const std::uint64_t odd = 0 - static_cast<std::uint64_t>(quadrant & 1);  // all ones if odd
  std::uint64_t s_bits, c_bits;
  std::memcpy(&s_bits, &s, sizeof s);
  std::memcpy(&c_bits, &c, sizeof c);
  std::uint64_t sin_bits = (s_bits & ~odd) | (c_bits & odd);
  std::uint64_t cos_bits = (c_bits & ~odd) | (s_bits & odd);
  sin_bits ^= static_cast<std::uint64_t>((quadrant >> 1) & 1) << 63;
  cos_bits ^= static_cast<std::uint64_t>(((quadrant + 1) >> 1) & 1) << 63;
  SinCos out;
  std::memcpy(&out.sin, &sin_bits, sizeof sin_bits);
  std::memcpy(&out.cos, &cos_bits, sizeof cos_bits);
  return out;
}

/// e^x for x <= 0 (a wave's depth profile e^{k z} below the calm level), within an ulp of the
/// library's: fdlibm's __ieee754_exp (x = n ln 2 + r, |r| <= ln 2 / 2, e^r by its rational
/// approximation; Sun Microsystems 1993), with n found and 2^n made by bit operations so that
/// loops over it vectorise as fast_sincos's do. Below -708 it gives e^-708 (about 3e-308) rather
/// than a subnormal or 0.
inline double fast_exp_nonpositive(double x) {
  constexpr double kLog2e = 1.44269504088896338700e+00;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  constexpr double kRound = 6755399441055744.0;  // 1.5 * 2^52: round to nearest
  x = x < -708.0 ? -708.0 : x;
  const double shifted = x * kLog2e + kRound;
  const double n = shifted - kRound;
  std::uint64_t bits;  // its low bits hold 2^51 + n
  std::memcpy(&bits, &shifted, sizeof bits);
  const double hi = x - n * kLn2Hi, lo = n * kLn2Lo, r = hi - lo;
  const double t = r * r;
  const double c =
      r - t * (1.66666666666666019037e-01 +
               t * (-2.77777777770155933842e-03 +
                    t * (6.61375632143793436117e-05 +
                         t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))));
  const double y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
  const std::uint64_t scale_bits = (bits + 1023) << 52;  // 2^n: n + 1023 in the exponent
  double scale;
  std::memcpy(&scale, &scale_bits, sizeof scale);
  return y * scale;
}

/// sin and cos of theta; fast_sincos within its range, the library beyond it.
inline SinCos sincos_any(double theta) {
  if (std::abs(theta) < kFastTrigLimit) return fast_sincos(theta);
  return {std::sin(theta), std::cos(theta)};
}

}  // namespace leeway
