#include "leeway/env/vector_field.h"

#include <algorithm>
#include <cmath>

namespace leeway {
namespace {

/// The cell [i, i + 1] holding v on `axis` and the weight of i + 1, with v clamped to the axis.
struct Bracket {
  std::size_t i;
  double w;
};

Bracket bracket(const std::vector<double>& axis, double v) {
  if (axis.size() == 1 || v <= axis.front()) return {0, 0.0};
  if (v >= axis.back()) return {axis.size() - 2, 1.0};
  const auto hi = std::upper_bound(axis.begin(), axis.end(), v);
  const auto i = static_cast<std::size_t>(hi - axis.begin()) - 1;
  return {i, (v - axis[i]) / (axis[i + 1] - axis[i])};
}

/// How far p lies outside [front, back] on one axis [m]; never along a single-value axis, where
/// the field is constant.
double outside_by(const std::vector<double>& axis, double v) {
  if (axis.size() == 1) return 0.0;
  return std::max({axis.front() - v, v - axis.back(), 0.0});
}

}  // namespace

Vec3 sample_field(const VectorField& f, const Vec3& p_W, double t) {
  const Vec3 p = p_W - f.offset_W;
  const double distance =
      std::hypot(outside_by(f.x, p.x()), outside_by(f.y, p.y()), outside_by(f.z, p.z()));
  double scale = 1.0;
  if (distance > 0.0 && f.outside == OutsidePolicy::kZero) return Vec3::Zero();
  if (distance > 0.0 && f.outside == OutsidePolicy::kFade) {
    scale = std::max(0.0, 1.0 - distance / f.fade_distance);
    if (scale == 0.0) return Vec3::Zero();
  }
  const Bracket bx = bracket(f.x, p.x()), by = bracket(f.y, p.y()), bz = bracket(f.z, p.z()),
                bt = bracket(f.t, t);
  const std::size_t sx = f.x.size() > 1, sy = f.y.size() > 1, sz = f.z.size() > 1,
                    st = f.t.size() > 1;
  Vec3 v = Vec3::Zero();
  for (std::size_t c = 0; c < 16; ++c) {
    const std::size_t dx = c & 1, dy = (c >> 1) & 1, dz = (c >> 2) & 1, dt = (c >> 3) & 1;
    if ((dx && !sx) || (dy && !sy) || (dz && !sz) || (dt && !st)) continue;
    const double w = (dx ? bx.w : 1.0 - bx.w) * (dy ? by.w : 1.0 - by.w) *
                     (dz ? bz.w : 1.0 - bz.w) * (dt ? bt.w : 1.0 - bt.w);
    if (w == 0.0) continue;
    v += w * f.values[f.index(bx.i + dx, by.i + dy, bz.i + dz, bt.i + dt)];
  }
  return scale * v;
}

}  // namespace leeway
