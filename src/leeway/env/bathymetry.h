// The seabed: its height on a regular horizontal grid (an ESRI ASCII grid, io/esri_ascii.h),
// interpolated bilinearly. Cells without data are land. Grid coordinates are local: p_grid =
// p_W - offset_W. Beyond the grid the nearest edge value is held.
#pragma once

#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

struct Bathymetry {
  std::vector<double> x, y;      ///< cell centres, increasing [m]
  std::vector<double> seabed_z;  ///< seabed height in W (up) [m], index iy * nx + ix; NaN: land
  Vec3 offset_W = Vec3::Zero();  ///< W position of the grid's coordinate origin [m]
};

/// Water depth under the calm surface at (x, y) in W [m]: surface_level - seabed height,
/// bilinear; 0 where a surrounding cell is land or the seabed is above the surface.
double water_depth(const Bathymetry& bathymetry, double surface_level, double x, double y);

}  // namespace leeway
