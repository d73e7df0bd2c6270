#include "leeway/propulsion/control_surface.h"

#include "leeway/core/overloaded.h"
#include "leeway/propulsion/actuator_load.h"

namespace leeway {

ActuatorLoad control_surface_load(const ControlSurface& s, double x, const Vec6& nu,
                                  const Vec3& v_fluid_B, double rho) {
  ActuatorLoad out;
  std::visit(Overloaded{[&](const Foil& foil) {
                          const Vec3 v_P = Vec3(linear(nu)) + Vec3(angular(nu)).cross(foil.p_BoP_B);
                          const Vec3 flow_B = v_fluid_B - v_P;
                          const FoilLoad load = foil_load(foil, x, flow_B, rho);
                          out.F_Bo_B = foil_wrench(foil, load);
                          out.angle_of_attack = load.alpha;
                          if (flow_B.norm() > 0.0) {
                            const Vec3 along = flow_B.normalized();
                            out.drag = load.f_B.dot(along);
                            out.lift = (load.f_B - out.drag * along).norm();
                          }
                        },
                        [&](const DeflectionFin& fin) {
                          out.F_Bo_B =
                              deflection_fin_wrench(fin, x, Vec3(linear(nu)) - v_fluid_B, rho);
                        },
                        [&](const Sail& sail) {
                          const SailLoad load = sail_load(sail, x, nu, v_fluid_B, rho);
                          out.F_Bo_B = load.F_Bo_B;
                          out.angle_of_attack = load.foil.alpha;
                        }},
             s.law);
  return out;
}

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
