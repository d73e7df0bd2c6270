#include "leeway/hydro/buoyancy_engine.h"

namespace leeway {

Vec6 buoyancy_engine_wrench(const BuoyancyEngine& e, double volume, const Vec3& p_WB,
                            const Mat3& R_WB, const Vec3& g_W) {
  const Vec3 p_WL = p_WB + R_WB * e.p_BoL_B;
  const bool wet = !e.surface_z || p_WL.z() < *e.surface_z;
  const Vec3 f_W =
      -g_W * ((wet ? e.fluid_density : 0.0) * volume - e.fluid_density * e.neutral_volume);
  const Vec3 f_B = R_WB.transpose() * f_W;
  Vec6 F;
  F << f_B, e.p_BoL_B.cross(f_B);
  return F;
}

}  // namespace leeway
