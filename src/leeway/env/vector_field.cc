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

/// How far v lies beyond [front, back], signed (negative below) [file units]; never along a
/// single-value axis, where the field is constant.
double outside_by(const std::vector<double>& axis, double v) {
  if (axis.size() == 1) return 0.0;
  if (v < axis.front()) return v - axis.front();
  return std::max(v - axis.back(), 0.0);
}

struct Sample {
  Vec3 value_F;
  Vec3 outside_F;  ///< from the nearest point of the file's domain to the query [file units]
};

Sample sample_grid(const RegularGrid& g, const Vec3& p, double t) {
  const Bracket bx = bracket(g.x, p.x()), by = bracket(g.y, p.y()), bz = bracket(g.z, p.z()),
                bt = bracket(g.t, t);
  const std::size_t sx = g.x.size() > 1, sy = g.y.size() > 1, sz = g.z.size() > 1,
                    st = g.t.size() > 1;
  Vec3 v = Vec3::Zero();
  for (std::size_t c = 0; c < 16; ++c) {
    const std::size_t dx = c & 1, dy = (c >> 1) & 1, dz = (c >> 2) & 1, dt = (c >> 3) & 1;
    if ((dx && !sx) || (dy && !sy) || (dz && !sz) || (dt && !st)) continue;
    const double w = (dx ? bx.w : 1.0 - bx.w) * (dy ? by.w : 1.0 - by.w) *
                     (dz ? bz.w : 1.0 - bz.w) * (dt ? bt.w : 1.0 - bt.w);
    if (w == 0.0) continue;
    v += w * g.values[g.index(bx.i + dx, by.i + dy, bz.i + dz, bt.i + dt)];
  }
  return {v, Vec3(outside_by(g.x, p.x()), outside_by(g.y, p.y()), outside_by(g.z, p.z()))};
}

Sample sample_mesh(const MeshSeries& m, const Vec3& p, double t) {
  const MeshLocation at = locate(m.mesh, p.head<2>());
  const Bracket bt = bracket(m.t, t);
  const std::size_t n = m.mesh.nodes.size();
  Vec3 v = Vec3::Zero();
  for (std::size_t dt = 0; dt < (m.t.size() > 1 ? 2u : 1u); ++dt) {
    const double wt = dt ? bt.w : 1.0 - bt.w;
    if (wt == 0.0) continue;
    for (int k = 0; k < 3; ++k) {
      if (at.weight[k] != 0.0) v += wt * at.weight[k] * m.values[(bt.i + dt) * n + at.node[k]];
    }
  }
  return {v, Vec3(at.outside_F.x(), at.outside_F.y(), 0.0)};
}

Sample sample_file(const VectorField& f, const Vec3& p_W, double t) {
  const Vec3 p_F = W_to_field(f.placement, p_W);
  const double t_F = t + f.start_time;
  return std::holds_alternative<RegularGrid>(f.data)
             ? sample_grid(std::get<RegularGrid>(f.data), p_F, t_F)
             : sample_mesh(std::get<MeshSeries>(f.data), p_F, t_F);
}

}  // namespace

Vec3 sample_field(const VectorField& f, const Vec3& p_W, double t) {
  const Sample s = sample_file(f, p_W, t);
  double scale = 1.0;
  if (f.outside != OutsidePolicy::kHold && s.outside_F != Vec3::Zero()) {
    if (f.outside == OutsidePolicy::kZero) return Vec3::Zero();
    const Eigen::Vector2d horizontal_W = f.placement.J_WF * s.outside_F.head<2>();
    const double distance = std::hypot(horizontal_W.norm(), s.outside_F.z());
    scale = std::max(0.0, 1.0 - distance / f.fade_distance);
    if (scale == 0.0) return Vec3::Zero();
  }
  return scale * field_vector_to_W(f.placement, s.value_F);
}

std::optional<Vec3> sample_field_inside(const VectorField& f, const Vec3& p_W, double t) {
  const Sample s = sample_file(f, p_W, t);
  if (s.outside_F != Vec3::Zero()) return std::nullopt;
  return field_vector_to_W(f.placement, s.value_F);
}

std::vector<Eigen::Vector2d> horizontal_corners(const VectorField& f) {
  Eigen::Vector2d lo, hi;
  if (const auto* g = std::get_if<RegularGrid>(&f.data)) {
    lo = {g->x.front(), g->y.front()};
    hi = {g->x.back(), g->y.back()};
  } else {
    const auto& nodes = std::get<MeshSeries>(f.data).mesh.nodes;
    lo = hi = nodes.front();
    for (const auto& n : nodes) {
      lo = lo.cwiseMin(n);
      hi = hi.cwiseMax(n);
    }
  }
  return {lo, {hi.x(), lo.y()}, hi, {lo.x(), hi.y()}};
}

}  // namespace leeway
