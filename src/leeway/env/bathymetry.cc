#include "leeway/env/bathymetry.h"

#include <algorithm>
#include <cmath>
#include <limits>

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

double seabed_height(const Bathymetry& b, double x_W, double y_W) {
  const Vec3 p = W_to_field(b.placement, Vec3(x_W, y_W, 0.0));
  const auto [ix, wx] = bracket(b.x, p.x());
  const auto [iy, wy] = bracket(b.y, p.y());
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
  return z + b.placement.z_offset_W;
}

double water_depth(const Bathymetry& b, double surface_level, double x_W, double y_W) {
  const double z = seabed_height(b, x_W, y_W);
  if (std::isnan(z)) return 0.0;  // next to land
  return std::max(0.0, surface_level - z);
}

std::optional<RayHit> ray_cast_seabed(const Bathymetry& b, const Ray& ray, double max_distance) {
  // The ray's height above the seabed at distance t (NaN over land).
  const auto clearance = [&](double t) {
    const Vec3 p = ray.origin + t * ray.direction;
    return p.z() - seabed_height(b, p.x(), p.y());
  };
  const auto cell_W = [&](const std::vector<double>& axis, int column) {
    if (axis.size() < 2) return std::numeric_limits<double>::infinity();
    const double spacing = (axis.back() - axis.front()) / double(axis.size() - 1);
    return spacing * b.placement.J_WF.col(column).norm();
  };
  // A ray along the vertical meets the surface at one point: one step reaches it.
  const double step = std::min({0.5 * cell_W(b.x, 0), 0.5 * cell_W(b.y, 1), max_distance});

  double t0 = 0.0, f0 = clearance(0.0);
  if (!(f0 > 0.0)) return std::nullopt;  // under the seabed, or on land
  for (double t1 = std::min(step, max_distance);; t1 = std::min(t1 + step, max_distance)) {
    const double f1 = clearance(t1);
    if (std::isnan(f1)) {
      // Land between t0 and t1: its edge, by bisection.
      double lo = t0, hi = t1;
      while (hi - lo > 1e-9) {
        const double mid = 0.5 * (lo + hi);
        (std::isnan(clearance(mid)) ? hi : lo) = mid;
      }
      return RayHit{hi, -ray.direction};
    }
    if (f1 <= 0.0) {
      // The crossing in (t0, t1], by regula falsi with the Illinois rule (exact in one step
      // where the clearance is linear, as over a uniform slope).
      double lo = t0, f_lo = f0, hi = t1, f_hi = f1, t = t1;
      for (int i = 0; i < 100; ++i) {
        t = lo + (hi - lo) * f_lo / (f_lo - f_hi);
        const double f = clearance(t);
        if (std::abs(f) <= 1e-12 || hi - lo <= 1e-9 || std::isnan(f)) break;
        if (f > 0.0) {
          lo = t, f_lo = f;
          f_hi *= 0.5;
        } else {
          hi = t, f_hi = f;
          f_lo *= 0.5;
        }
      }
      const Vec3 p = ray.origin + t * ray.direction;
      const double h = 1e-4 * step;
      const double dzdx =
          (seabed_height(b, p.x() + h, p.y()) - seabed_height(b, p.x() - h, p.y())) / (2 * h);
      const double dzdy =
          (seabed_height(b, p.x(), p.y() + h) - seabed_height(b, p.x(), p.y() - h)) / (2 * h);
      Vec3 n(-dzdx, -dzdy, 1.0);
      if (!n.allFinite()) n = Vec3::UnitZ();
      return RayHit{t, n.normalized()};
    }
    if (t1 >= max_distance) return std::nullopt;
    t0 = t1, f0 = f1;
  }
}

}  // namespace leeway
