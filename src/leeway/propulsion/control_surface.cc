#include "leeway/propulsion/control_surface.h"

#include "leeway/core/overloaded.h"

namespace leeway {

Vec6 control_surface_wrench(const ControlSurface& s, double delta, const Vec6& nu,
                            const Vec3& v_water_B, double rho) {
  return std::visit(
      Overloaded{[&](const Foil& foil) {
                   const Vec3 v_P = Vec3(linear(nu)) + Vec3(angular(nu)).cross(foil.p_BoP_B);
                   return foil_wrench(foil, foil_load(foil, delta, v_water_B - v_P, rho));
                 },
                 [&](const DeflectionFin& fin) {
                   return deflection_fin_wrench(fin, delta, Vec3(linear(nu)) - v_water_B, rho);
                 }},
      s.law);
}

}  // namespace leeway
