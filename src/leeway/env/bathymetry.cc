#include "leeway/env/bathymetry.h"

#include <algorithm>
#include <cmath>

namespace leeway {
namespace {

std::pair<std::size_t, double> bracket(const std::vector<double>& axis, double v) {
  if (axis.size() == 1 || v <= axis.front()) return {0, 0.0};
  if (v >= axis.back()) return {axis.size() - 2, 1.0};
  const auto i =
      static_cast<std::size_t>(std::upper_bound(axis.begin(), axis.end(), v) - axis.begin()) - 1;
  return {i, (v - axis[i]) / (axis[i + 1] - axis[i])};
}

}  // namespace

double water_depth(const Bathymetry& b, double surface_level, double x_W, double y_W) {
  const Vec3 p = W_to_field(b.placement, Vec3(x_W, y_W, 0.0));
  const double x = p.x(), y = p.y();
  const auto [ix, wx] = bracket(b.x, x);
  const auto [iy, wy] = bracket(b.y, y);
  const std::size_t nx = b.x.size();
  const std::size_t ix1 = std::min(ix + 1, nx - 1), iy1 = std::min(iy + 1, b.y.size() - 1);
  // Corners without weight are skipped, so land beyond an exact cell centre does not count.
  double z = 0.0;
  const std::size_t corner_x[2] = {ix, ix1}, corner_y[2] = {iy, iy1};
  for (int cy = 0; cy < 2; ++cy) {
    for (int cx = 0; cx < 2; ++cx) {
      const double w = (cx ? wx : 1.0 - wx) * (cy ? wy : 1.0 - wy);
      if (w > 0.0) z += w * b.seabed_z[corner_y[cy] * nx + corner_x[cx]];
    }
  }
  if (std::isnan(z)) return 0.0;  // next to land
  return std::max(0.0, surface_level - (z + b.placement.z_offset_W));
}

}  // namespace leeway
