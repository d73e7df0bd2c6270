#include "leeway/body/hull_sample.h"

#include <algorithm>
#include <cmath>

#include "leeway/hydro/hull_pressure.h"

namespace leeway {

HullSample sample_hull(const MeshHydrostatics& model, const Environment& env, double t,
                       const Vec3& p_WB, const Mat3& R_WB, double gravity, HullScratch* scratch) {
  // Only the vertices' heights (and, in waves, their horizontal positions) are needed in W.
  const std::vector<Vec3>& p_BoV = model.mesh.p_BoV;
  const std::size_t n = p_BoV.size();
  const Eigen::RowVector3d R_z = R_WB.row(2);
  HullScratch own;
  HullScratch& work = scratch ? *scratch : own;
  std::vector<double>&depth = work.depth, &pressure = work.pressure;
  depth.resize(n);
  pressure.resize(n);
  const double rho = env.fluid_density;
  if (!env.waves) {
    for (std::size_t i = 0; i < n; ++i) {
      depth[i] = env.surface_level - (p_WB.z() + R_z.dot(p_BoV[i]));
      pressure[i] = rho * gravity * depth[i];
    }
  } else {
    std::vector<double>&x = work.x, &y = work.y, &eta = work.eta;
    x.resize(n);
    y.resize(n);
    eta.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = p_WB.x() + R_WB.row(0).dot(p_BoV[i]);
      y[i] = p_WB.y() + R_WB.row(1).dot(p_BoV[i]);
    }
    elevations(*env.waves, x, y, t, eta);
    for (std::size_t i = 0; i < n; ++i) {
      const double z = p_WB.z() + R_z.dot(p_BoV[i]);
      depth[i] = eta[i] - z;
      pressure[i] = model.froude_krylov
                        ? rho * gravity * (env.surface_level - z) +
                              dynamic_pressure(*env.waves, Vec3(x[i], y[i], z), t, rho, gravity)
                        : rho * gravity * depth[i];
    }
  }
  const HullPressure wet = integrate_hull_pressure(model.mesh, R_WB, depth, pressure);
  HullSample s;
  s.valid = true;
  s.t = t;
  s.p_WB = p_WB;
  s.R_WB = R_WB;
  s.f_W = wet.f_W;
  s.m_Bo_W = wet.m_Bo_W;
  s.C = hydrostatic_restoring_matrix(wet, rho, gravity);
  s.volume = wet.volume;
  s.p_BoCb_W = wet.p_BoCb_W;
  s.wetted_area = wet.wetted_area;
  s.waterplane_area = wet.waterplane.area;
  return s;
}

Vec6 hull_wrench(const MeshHydrostatics& model, const HullSample& s, const Vec3& p_WB,
                 const Mat3& R_WB) {
  Vec6 F_W = stack(s.f_W, s.m_Bo_W);
  if (model.between == MeshHydrostatics::Between::kExtrapolate) {
    const Eigen::AngleAxisd rotation(R_WB * s.R_WB.transpose());
    F_W -= s.C * stack(p_WB - s.p_WB, rotation.angle() * rotation.axis());
  }
  return stack(R_WB.transpose() * linear(F_W), R_WB.transpose() * angular(F_W));
}

std::uint64_t hull_update_interval(const MeshHydrostatics& model, double dt) {
  return static_cast<std::uint64_t>(std::max(1.0, std::round(model.update_period / dt)));
}

}  // namespace leeway
