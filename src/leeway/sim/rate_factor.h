// The pace of a run or a replay against the wall clock: simulated (or recorded) seconds per
// wall-clock second, as `--rate-factor`, Leeway's {"rate_factor": F} on /world/W/control and the
// replay's control channel take it.
//
// 0 means as fast as possible. Otherwise the factor lies in [kMinRateFactor, kMaxRateFactor]:
// slower than 1e-3 a 5 ms step would take more than 5 s of wall time, past what anyone watches
// (pause and step instead), and the wall time a step is due at, dt / F, leaves what a clock can
// hold as F goes to 0 (1e-300 would overflow it); faster than 1e6 a step is due within a
// nanosecond, which is as fast as possible by another name.
#pragma once

#include <fmt/format.h>

#include <string>

namespace leeway {

inline constexpr double kMinRateFactor = 1e-3;
inline constexpr double kMaxRateFactor = 1e6;

/// Empty for a factor a run takes (above); otherwise why not, for an error message.
inline std::string rate_factor_error(double factor) {
  if (factor == 0.0 || (factor >= kMinRateFactor && factor <= kMaxRateFactor)) return {};
  return fmt::format(
      "a rate factor of {}: expected 0 (as fast as possible) or a number of simulated seconds per "
      "wall-clock second from {:g} to {:g}",
      factor, kMinRateFactor, kMaxRateFactor);
}

}  // namespace leeway
