#include "leeway/hydro/strip_buoyancy.h"

#include <algorithm>
#include <cmath>

namespace leeway {

double circle_segment_area(double r, double dz) {
  return r * r * std::acos((r - dz) / r) -
         (r - dz) * std::sqrt(std::max(0.0, 2 * r * dz - dz * dz));
}

std::vector<Vec3> split_into_strips(const std::vector<Vec3>& points, double length_per_point,
                                    int strips) {
  std::vector<Vec3> out;
  out.reserve(points.size() * static_cast<std::size_t>(strips));
  for (const Vec3& p : points) {
    for (int k = 0; k < strips; ++k) {
      out.push_back(p + Vec3::UnitX() * (((k + 0.5) / strips - 0.5) * length_per_point));
    }
  }
  return out;
}

Vec6 strip_buoyancy_wrench(const StripHull& hull, const Vec3& p_WB, const Mat3& R_WB,
                           std::span<const double> surface_z, double gravity) {
  const double r = hull.hull_radius;
  const double cap = hull.full_circle ? 2.0 * r : r;
  const double force_per_area = hull.fluid_density * gravity * hull.strip_length;
  Vec3 f_W = Vec3::Zero(), m_W = Vec3::Zero();
  for (std::size_t i = 0; i < hull.p_BoP.size(); ++i) {
    const Vec3 r_W = R_WB * hull.p_BoP[i];
    const double dz = std::clamp(surface_z[i] - (p_WB.z() + r_W.z()), 0.0, cap);
    const Vec3 f(0.0, 0.0, force_per_area * circle_segment_area(r, dz));
    f_W += f;
    m_W += r_W.cross(f);
  }
  return stack(R_WB.transpose() * f_W, R_WB.transpose() * m_W);
}

}  // namespace leeway
