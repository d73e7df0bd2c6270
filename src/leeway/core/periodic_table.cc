#include "leeway/core/periodic_table.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace leeway {

PeriodicBracket periodic_bracket(const std::vector<double>& angles, double x) {
  constexpr double kTwoPi = 2.0 * std::numbers::pi;
  const std::size_t n = angles.size();
  if (n == 1) return {};
  // Bring x into [angles[0], angles[0] + 2 pi).
  const double a0 = angles.front();
  const double y = a0 + std::fmod(std::fmod(x - a0, kTwoPi) + kTwoPi, kTwoPi);
  const std::size_t hi =
      static_cast<std::size_t>(std::upper_bound(angles.begin(), angles.end(), y) - angles.begin());
  const std::size_t lo = hi - 1;
  const double a_hi = hi < n ? angles[hi] : a0 + kTwoPi;
  return {lo, hi < n ? hi : 0, (y - angles[lo]) / (a_hi - angles[lo])};
}

}  // namespace leeway
