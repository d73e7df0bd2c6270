#include "leeway/hydro/hull_pressure.h"

#include <cmath>

namespace leeway {
namespace {

/// Running sums over wet triangles; finished into a HullPressure at the end.
struct Sums {
  Vec3 f = Vec3::Zero();
  Vec3 twelve_m = Vec3::Zero();  ///< 12 x the moment, scaled once at the end
  double wetted_area = 0.0;
  double three_v = 0.0;
  Vec3 twelve_vc = Vec3::Zero();
  double area = 0.0, three_s_x = 0.0, three_s_y = 0.0;
  double twelve_i_xx = 0.0, twelve_i_yy = 0.0, twelve_i_xy = 0.0;

  /// One wet triangle (r: position relative to Bo in W, p: pressure, d: depth at its corners).
  void add(const Vec3& r1, const Vec3& r2, const Vec3& r3, double p1, double p2, double p3,
           double d1, double d2, double d3) {
    const Vec3 N = 0.5 * (r2 - r1).cross(r3 - r1);
    const double sum_p = p1 + p2 + p3;
    const Vec3 sum_r = r1 + r2 + r3;
    f -= N * (sum_p / 3.0);
    twelve_m -= (p1 * r1 + p2 * r2 + p3 * r3 + sum_p * sum_r).cross(N);
    wetted_area += N.norm();

    const double a_z = -N.z();
    const double sum_d = d1 + d2 + d3;
    three_v += a_z * sum_d;
    const Vec3 rd = d1 * r1 + d2 * r2 + d3 * r3;
    const double dd = d1 * d1 + d2 * d2 + d3 * d3 + sum_d * sum_d;
    twelve_vc += a_z * Vec3(rd.x() + sum_r.x() * sum_d, rd.y() + sum_r.y() * sum_d,
                            rd.z() + sum_r.z() * sum_d + 0.5 * dd);
    area += a_z;
    three_s_x += a_z * sum_r.x();
    three_s_y += a_z * sum_r.y();
    twelve_i_xx +=
        a_z * (r1.x() * r1.x() + r2.x() * r2.x() + r3.x() * r3.x() + sum_r.x() * sum_r.x());
    twelve_i_yy +=
        a_z * (r1.y() * r1.y() + r2.y() * r2.y() + r3.y() * r3.y() + sum_r.y() * sum_r.y());
    twelve_i_xy +=
        a_z * (r1.x() * r1.y() + r2.x() * r2.y() + r3.x() * r3.y() + sum_r.x() * sum_r.y());
  }
};

/// Where the surface crosses the edge from wet a (d_a > 0) to dry b (d_b <= 0).
Vec3 crossing(const Vec3& r_a, const Vec3& r_b, double d_a, double d_b) {
  return r_a + (d_a / (d_a - d_b)) * (r_b - r_a);
}

}  // namespace

HullPressure integrate_hull_pressure(const HullMesh& mesh, std::span<const Vec3> r,
                                     std::span<const double> d, std::span<const double> p) {
  Sums s;
  for (const auto& face : mesh.faces) {
    const int wet = (d[face[0]] > 0.0) + (d[face[1]] > 0.0) + (d[face[2]] > 0.0);
    if (wet == 0) continue;
    if (wet == 3) {
      s.add(r[face[0]], r[face[1]], r[face[2]], p[face[0]], p[face[1]], p[face[2]], d[face[0]],
            d[face[1]], d[face[2]]);
      continue;
    }
    // Rotate the corners so that i is the odd one out (the only wet corner, or the only dry one)
    // and (i, j, k) keeps the face's winding.
    int first = 0;
    for (int c = 0; c < 3; ++c) {
      if ((d[face[c]] > 0.0) == (wet == 1)) first = c;
    }
    const std::uint32_t i = face[first], j = face[(first + 1) % 3], k = face[(first + 2) % 3];
    if (wet == 1) {
      s.add(r[i], crossing(r[i], r[j], d[i], d[j]), crossing(r[i], r[k], d[i], d[k]), p[i], 0.0,
            0.0, d[i], 0.0, 0.0);
    } else {
      const Vec3 q_ij = crossing(r[j], r[i], d[j], d[i]), q_ki = crossing(r[k], r[i], d[k], d[i]);
      s.add(q_ij, r[j], r[k], 0.0, p[j], p[k], 0.0, d[j], d[k]);
      s.add(q_ij, r[k], q_ki, 0.0, p[k], 0.0, 0.0, d[k], 0.0);
    }
  }
  HullPressure out;
  out.f_W = s.f;
  out.m_Bo_W = s.twelve_m / 12.0;
  out.wetted_area = s.wetted_area;
  out.volume = s.three_v / 3.0;
  out.p_BoCb_W = out.volume > 0.0 ? Vec3(s.twelve_vc / (12.0 * out.volume)) : Vec3::Zero();
  out.waterplane = {s.area,
                    s.three_s_x / 3.0,
                    s.three_s_y / 3.0,
                    s.twelve_i_xx / 12.0,
                    s.twelve_i_yy / 12.0,
                    s.twelve_i_xy / 12.0};
  return out;
}

Mat6 hydrostatic_restoring_matrix(const HullPressure& loads, double fluid_density, double gravity) {
  const double rg = fluid_density * gravity;
  const Waterplane& wp = loads.waterplane;
  const Vec3 vc = loads.volume * loads.p_BoCb_W;
  Mat6 C = Mat6::Zero();
  C(2, 2) = rg * wp.area;
  C(2, 3) = C(3, 2) = rg * wp.S_y;
  C(2, 4) = C(4, 2) = -rg * wp.S_x;
  C(3, 3) = rg * (wp.I_yy + vc.z());
  C(4, 4) = rg * (wp.I_xx + vc.z());
  C(3, 4) = C(4, 3) = -rg * wp.I_xy;
  C(3, 5) = -rg * vc.x();
  C(4, 5) = -rg * vc.y();
  return C;
}

}  // namespace leeway
