// The seabed: its height on a regular horizontal grid (an ESRI ASCII grid, io/esri_ascii.h, or a
// CF NetCDF grid, io/netcdf_grid.h), interpolated bilinearly. Cells without data are land. The
// grid's coordinates are placed in W like a field file's (env/field_placement.h: a local offset,
// UTM or lon/lat); its heights are relative to W's z = 0 plus the placement's z offset. Beyond
// the grid the nearest edge value is held.
#pragma once

#include <optional>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/env/field_placement.h"
#include "leeway/geometry/ray.h"

namespace leeway {

struct Bathymetry {
  std::vector<double> x, y;      ///< cell centres, increasing [file units]
  std::vector<double> seabed_z;  ///< seabed height (up) [m], index iy * nx + ix; NaN: land
  FieldPlacement placement;
};

/// Water depth under the calm surface at (x, y) in W [m]: surface_level - seabed height,
/// bilinear; 0 where a surrounding cell is land or the seabed is above the surface.
double water_depth(const Bathymetry& bathymetry, double surface_level, double x, double y);

/// The seabed's height in W at (x, y) in W [m], bilinear; NaN where a surrounding cell is land.
double seabed_height(const Bathymetry& bathymetry, double x, double y);

/// Where a ray in W first meets the seabed within max_distance, and the seabed's upward normal
/// there (from the bilinear surface's gradient), or where it first reaches land. The ray is
/// followed in steps of half the grid's smallest cell (in W) and each crossing found between two
/// steps is refined by the secant method with bisection to 1e-9 m: exact on a plane (a grid of
/// a uniform slope), and missing only a ridge thinner than half a cell that the ray grazes. A
/// ray that starts under the seabed hits nothing.
std::optional<RayHit> ray_cast_seabed(const Bathymetry& bathymetry, const Ray& ray_W,
                                      double max_distance);

}  // namespace leeway
