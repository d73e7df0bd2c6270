// A vector field sampled on a regular grid in space and time (a current or wind from an ocean
// model, a CFD export), interpolated linearly in x, y, z and t.
//
// Axes are strictly increasing lists of grid coordinates (not necessarily evenly spaced); an axis
// with one value makes the field constant along it. Grid coordinates are local: a point in W is
// p_grid = p_W - offset_W (the geo-reference; a UTM or geodetic reference resolves to such an
// offset at load). Outside the grid in space the policy decides: hold (the value at the nearest
// grid point), fade (that value scaled by 1 - distance outside / fade distance, down to 0) or zero.
// Outside in time the first or last time is held.
#pragma once

#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

enum class OutsidePolicy { kHold, kFade, kZero };

struct VectorField {
  std::vector<double> x, y, z, t;  ///< grid axes [m, m, m, s]
  std::vector<Vec3> values;        ///< index ((it * nz + iz) * ny + iy) * nx + ix, [unit of field]
  Vec3 offset_W = Vec3::Zero();    ///< W position of the grid's coordinate origin [m]
  OutsidePolicy outside = OutsidePolicy::kHold;
  double fade_distance = 100.0;  ///< [m], for kFade

  std::size_t index(std::size_t ix, std::size_t iy, std::size_t iz, std::size_t it) const {
    return ((it * z.size() + iz) * y.size() + iy) * x.size() + ix;
  }
};

/// The field at p_W and time t, by quadrilinear interpolation.
Vec3 sample_field(const VectorField& field, const Vec3& p_W, double t);

}  // namespace leeway
