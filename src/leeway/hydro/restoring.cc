#include "leeway/hydro/restoring.h"

#include <algorithm>

#include "leeway/core/rotation.h"

namespace leeway {

double immersed_share(double height, double z_Bo, double eta) {
  if (height <= 0.0) return 1.0;
  return std::clamp((eta - (z_Bo - 0.5 * height)) / height, 0.0, 1.0);
}

Vec6 submerged_restoring_wrench(const SubmergedRestoring& model, const Mat3& R_WB,
                                double immersed) {
  const Vec3 f_weight_B = R_WB.transpose() * model.f_weight_W;
  const Vec3 f_buoyancy_B = immersed * (R_WB.transpose() * model.f_buoyancy_W);
  return stack(f_weight_B + f_buoyancy_B,
               model.p_BoBcm.cross(f_weight_B) + model.p_BoBcb.cross(f_buoyancy_B));
}

double submerged_potential_energy(const SubmergedRestoring& model, const Vec3& p_WB,
                                  const Mat3& R_WB) {
  // U = -f . p for a constant force f applied at p.
  return -model.f_weight_W.dot(p_WB + R_WB * model.p_BoBcm) -
         model.f_buoyancy_W.dot(p_WB + R_WB * model.p_BoBcb);
}

Vec6 linear_restoring_wrench(const LinearRestoring& model, const Vec3& p_WB, const Quat& q_WB,
                             double surface_z, double surface_roll, double surface_pitch) {
  return linear_restoring_wrench(model, p_WB, q_WB, euler_zyx(q_WB), surface_z, surface_roll,
                                 surface_pitch);
}

Vec6 linear_restoring_wrench(const LinearRestoring& model, const Vec3& p_WB, const Quat& q_WB,
                             const Vec3& rpy, double surface_z, double surface_roll,
                             double surface_pitch) {
  const Vec3 p_WF = p_WB + q_WB * model.p_BoF;
  Vec6 eta;
  eta << p_WF.x(), p_WF.y(), p_WF.z() - surface_z, rpy.x() - surface_roll, rpy.y() - surface_pitch,
      rpy.z();
  return shift_wrench_to_origin(-(model.G * eta), model.p_BoF);
}

Vec6 point_weight_wrench(const PointWeight& weight, const Mat3& R_WB, const Vec3& g_W) {
  const Vec3 f_B = R_WB.transpose() * (weight.mass * g_W);
  return stack(f_B, weight.p_BoP.cross(f_B));
}

}  // namespace leeway
