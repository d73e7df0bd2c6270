// The seabed: its height on a regular horizontal grid (an ESRI ASCII grid, io/esri_ascii.h, or a
// CF NetCDF grid, io/netcdf_grid.h), interpolated bilinearly. Cells without data are land. The
// grid's coordinates are placed in W like a field file's (env/field_placement.h: a local offset,
// UTM or lon/lat); its heights are relative to W's z = 0 plus the placement's z offset. Beyond
// the grid the nearest edge value is held.
#pragma once

#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/env/field_placement.h"

namespace leeway {

struct Bathymetry {
  std::vector<double> x, y;      ///< cell centres, increasing [file units]
  std::vector<double> seabed_z;  ///< seabed height (up) [m], index iy * nx + ix; NaN: land
  FieldPlacement placement;
};

/// Water depth under the calm surface at (x, y) in W [m]: surface_level - seabed height,
/// bilinear; 0 where a surrounding cell is land or the seabed is above the surface.
double water_depth(const Bathymetry& bathymetry, double surface_level, double x, double y);

}  // namespace leeway
