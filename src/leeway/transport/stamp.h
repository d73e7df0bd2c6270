// A simulated time as the wire's stamps carry it (gz's Time, ROS 2's builtin_interfaces/Time):
// whole seconds and nanoseconds, rounded to the nearest nanosecond.
#pragma once

#include <cmath>
#include <cstdint>

namespace leeway {

struct Stamp {
  std::int64_t sec = 0;
  std::int64_t nanosec = 0;  ///< 0 to 999'999'999
};

inline Stamp stamp_of(double t) {
  auto sec = static_cast<std::int64_t>(std::floor(t));
  auto nsec = static_cast<std::int64_t>(std::llround((t - static_cast<double>(sec)) * 1e9));
  if (nsec >= 1'000'000'000) ++sec, nsec -= 1'000'000'000;
  return {sec, nsec};
}

}  // namespace leeway
