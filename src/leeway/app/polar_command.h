// `leeway polar`: a sailboat's speed polar for one wind speed (sail_polar.h), printed as a
// table and optionally written as CSV and as an SVG plot. Options: `leeway polar --help` and
// docs/cli.md.
#pragma once

#include <string>

#include "leeway/app/sail_polar.h"
#include "leeway/core/error.h"

namespace leeway {

struct PolarCommandOptions {
  std::string world_path;
  Verbosity verbosity = Verbosity::kNormal;  ///< of the world's warnings (core/error.h)
  PolarOptions polar;
  double angle_step_deg = 15.0;  ///< angles 0, step, ..., 180
  std::string csv_path;          ///< empty: none
  std::string svg_path;          ///< empty: none
};

/// Returns the exit code: 0 done, 1 bad input (world, names, options) or I/O failure.
int polar_command(PolarCommandOptions options);

}  // namespace leeway
