#include "leeway/propulsion/control_surface.h"

#include "leeway/core/overloaded.h"

namespace leeway {

Vec6 control_surface_wrench(const ControlSurface& s, double x, const Vec6& nu,
                            const Vec3& v_fluid_B, double rho) {
  return std::visit(
      Overloaded{[&](const Foil& foil) {
                   const Vec3 v_P = Vec3(linear(nu)) + Vec3(angular(nu)).cross(foil.p_BoP_B);
                   return foil_wrench(foil, foil_load(foil, x, v_fluid_B - v_P, rho));
                 },
                 [&](const DeflectionFin& fin) {
                   return deflection_fin_wrench(fin, x, Vec3(linear(nu)) - v_fluid_B, rho);
                 },
                 [&](const Sail& sail) { return sail_load(sail, x, nu, v_fluid_B, rho).F_Bo_B; }},
      s.law);
}

}  // namespace leeway
