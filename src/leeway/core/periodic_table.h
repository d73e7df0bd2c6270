// Linear interpolation in a table over an angle that wraps round the circle (windage and foil
// coefficients): the entry after the last is the first, 2 pi on, so the table is continuous over
// the whole circle whatever its first and last entries.
#pragma once

#include <cstddef>
#include <vector>

namespace leeway {

/// Where angle x [rad] falls in `angles` (strictly increasing, spanning less than 2 pi): the
/// value there is (1 - s) row(lo) + s row(hi), with hi wrapping to 0 after the last entry.
struct PeriodicBracket {
  std::size_t lo = 0, hi = 0;
  double s = 0.0;
};
PeriodicBracket periodic_bracket(const std::vector<double>& angles, double x);

}  // namespace leeway
