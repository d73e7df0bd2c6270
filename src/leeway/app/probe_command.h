// `leeway probe`: what the environment does at one fixed point over time, the way a wave gauge,
// a current meter and an anemometer would see it. Records, at the rate asked for, the free-surface
// elevation above (X, Y), the water-particle velocity and the current at (X, Y, Z) (Z defaults to
// the calm surface level) and the wind, and prints the record's statistics: mean level,
// significant height 4 std(eta), zero-upcrossing period, extremes; mean and spread of the current
// and wind speeds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "leeway/core/error.h"
#include "leeway/core/spatial.h"

namespace leeway {

struct ProbeOptions {
  std::string world_path;                    ///< empty: the embedded default world
  Verbosity verbosity = Verbosity::kNormal;  ///< of the world's warnings (core/error.h)
  double x = 0.0, y = 0.0;
  std::optional<double> z;  ///< depth point for the velocities [m]; default: calm surface level
  double duration = 600.0;  ///< [s]
  double rate = 10.0;       ///< samples per second
  std::uint64_t seed = 0;
  std::string record_path;  ///< empty: no CSV
};

/// Returns the exit code (0 done, 1 bad input or I/O failure).
int probe_command(const ProbeOptions& options);

}  // namespace leeway
