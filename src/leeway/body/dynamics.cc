#include "leeway/body/dynamics.h"

#include <algorithm>
#include <variant>

#include "leeway/core/rotation.h"
#include "leeway/hydro/coriolis.h"
#include "leeway/hydro/current.h"
#include "leeway/propulsion/disc_immersion.h"

namespace leeway {

Vec6 BodyWrenches::total() const {
  Vec6 sum = Vec6::Zero();
  for (const Vec6& t : terms)
    sum += t;
  return sum;
}

std::string_view BodyWrenches::name(int term) {
  static constexpr std::array<std::string_view, kCount> names = {
      "rigid-body Coriolis", "added-mass Coriolis", "damping",
      "restoring",           "hull pressure",       "strip buoyancy",
      "shape floats",        "hull friction",       "windage",
      "cross-flow drag",     "body lift",           "point weights",
      "thrusters",           "control surfaces",    "current rate",
      "external wrench"};
  return names.at(static_cast<std::size_t>(term));
}

namespace {

/// sum += F, F read one number at a time. The wrenches come back from their kernels through
/// memory, often written number by number; a 16-byte load of a pair written as two 8-byte stores
/// cannot be forwarded from them and waits for both to retire, and those stalls were a tenth of an
/// Otter's step. The empty asm keeps the compiler from merging the loads back into pairs; the sums
/// are the same.
void add_wrench(Vec6& sum, const Vec6& F) {
  for (int i = 0; i < 6; ++i) {
    double f = F[i];
#if defined(__x86_64__)
    asm("" : "+x"(f));
#endif
    sum[i] += f;
  }
}

/// Velocity and acceleration of the water around Bo, in W.
struct WaterMotion {
  Vec3 v_W, a_W;
};

WaterMotion water_motion(const BodyModel& body, const Environment& env,
                         const EnvironmentState& env_state, double t, const Vec3& p_WB) {
  WaterMotion m{Vec3::Zero(), Vec3::Zero()};
  const std::optional<Vec3> looked_up =
      body.current_lookup ? sample_field_inside(*body.current_lookup, p_WB, t) : std::nullopt;
  if (looked_up) {
    m.v_W = *looked_up;
  } else if (body.v_current_override_W) {
    m.v_W = *body.v_current_override_W;
  } else {
    m.v_W = current_velocity(env, env_state, p_WB, t);
    m.a_W = current_acceleration(env, p_WB, t);
  }
  if (body.wave_kinematics && env.waves) {
    const ParticleKinematics k = particle_kinematics(*env.waves, p_WB, t);
    m.v_W += k.velocity;
    m.a_W += k.acceleration;
  }
  return m;
}

Vec6 strip_wrench(const BodyModel& body, const Environment& env, double t, const Vec3& p_WB,
                  const Mat3& R_WB, std::vector<double>* scratch) {
  Vec6 F = Vec6::Zero();
  if (body.strip_hulls.empty()) return F;
  std::vector<double> own;
  std::vector<double>& surface_z = scratch ? *scratch : own;
  for (const StripHull& hull : body.strip_hulls) {
    surface_z.resize(hull.p_BoP.size());
    for (std::size_t i = 0; i < hull.p_BoP.size(); ++i) {
      const Vec3 p_WP = p_WB + R_WB * hull.p_BoP[i];
      // The plugin's own calm level, moved by the waves.
      surface_z[i] =
          hull.fluid_level + surface_height(env, p_WP.x(), p_WP.y(), t) - env.surface_level;
    }
    add_wrench(F, strip_buoyancy_wrench(hull, p_WB, R_WB, surface_z, body.gravity));
  }
  return F;
}

Vec6 shape_float_wrenches(const BodyModel& body, const Environment& env, double t, const Vec3& p_WB,
                          const Mat3& R_WB, const Vec6& nu, const Vec3& v_water_W) {
  Vec6 F = Vec6::Zero();
  for (const ShapeFloat& f : body.shape_floats) {
    // The water plane tangent to the surface above the shape's origin, in the shape's frame.
    const Mat3 R_WS = R_WB * f.X_BS.linear();
    const Vec3 p_WS = p_WB + R_WB * f.X_BS.translation();
    double eta = f.fluid_level;
    Vec3 n_W = Vec3::UnitZ();
    if (f.follows_waves) {
      eta = f.fluid_level + surface_height(env, p_WS.x(), p_WS.y(), t) - env.surface_level;
      if (env.waves) n_W = surface_normal(*env.waves, p_WS.x(), p_WS.y(), t);
    }
    const WaterPlane plane{R_WS.transpose() * n_W, n_W.z() * (eta - p_WS.z())};
    const Immersion wet = immersed(f.shape, plane);
    if (wet.volume <= 0.0) continue;
    const Vec3 p_BoC = f.X_BS * wet.centroid;
    const Vec3 v_rel_B =
        R_WB.transpose() * v_water_W - (Vec3(linear(nu)) + Vec3(angular(nu)).cross(p_BoC));
    add_wrench(F, shape_float_wrench(f, wet.volume, p_BoC, R_WB.transpose().col(2), v_rel_B,
                                     angular(nu), f.fluid_density, body.gravity));
  }
  return F;
}

Vec6 windage_wrench(const BodyModel& body, const Environment& env,
                    const EnvironmentState& env_state, double t, const BodyState& state,
                    const Quat& q_WB, const Mat3& R_WB) {
  const Vec3 v_WB_W = R_WB * Vec3(linear(state.V_WB_B));
  return std::visit(
      [&](const auto& w) -> Vec6 {
        using T = std::decay_t<decltype(w)>;
        if constexpr (std::is_same_v<T, VrxWindage>) {
          const Vec3 v_felt_W = w.true_wind ? Vec3::Zero() : v_WB_W;
          if (!w.world_axes) {
            return vrx_windage_wrench(
                w, apparent_wind_B(env, env_state, t, state.p_WB, q_WB, v_felt_W));
          }
          const Vec6 F_W =
              vrx_windage_wrench(w, wind_velocity(env, env_state, state.p_WB, t) - v_felt_W);
          return stack(R_WB.transpose() * linear(F_W), R_WB.transpose() * angular(F_W));
        } else if constexpr (std::is_same_v<T, WindageTable>) {
          return table_windage_wrench(w,
                                      apparent_wind_B(env, env_state, t, state.p_WB, q_WB, v_WB_W));
        } else {
          return Vec6::Zero();
        }
      },
      body.windage);
}

/// What the actuators need of their surroundings at this stage: the water's and the air's
/// velocity at Bo (in B), the densities, and where the free surface is.
struct ActuatorSurroundings {
  const Environment& env;
  double t;
  Vec3 p_WB;
  Mat3 R_WB;
  Vec3 v_water_B, v_air_B;

  const Vec3& fluid_velocity(Fluid f) const { return f == Fluid::kWater ? v_water_B : v_air_B; }
  double density(Fluid f) const { return f == Fluid::kWater ? env.fluid_density : env.air_density; }
};

/// `x`: the world's actuator states at this stage; `loads`: where to report each thruster's
/// load (by its shaft's actuator index), if anywhere.
Vec6 thrusters_wrench(const BodyModel& body, std::span<const double> x, const Vec6& nu,
                      const ActuatorSurroundings& around, std::span<ActuatorLoad> loads) {
  Vec6 F = Vec6::Zero();
  for (const Thruster& t : body.thrusters) {
    const double azimuth = t.azimuth_actuator < 0 ? 0.0 : x[t.azimuth_actuator];
    double share = 1.0;
    if (t.disc_radius > 0.0) {
      const ThrusterPose pose = thruster_pose(t, azimuth);
      const Vec3 p_WP = around.p_WB + around.R_WB * pose.p_BoP_B;
      const double depth = surface_height(around.env, p_WP.x(), p_WP.y(), around.t) - p_WP.z();
      share = disc_share_in(t.fluid, depth, t.disc_radius, around.R_WB * pose.axis_B);
    }
    const Vec3& v_fluid_B = around.fluid_velocity(t.fluid);
    if (loads.empty()) {  // the hot path: the wrench alone
      add_wrench(F, thruster_wrench(t, x[t.actuator], azimuth, nu, v_fluid_B, share));
      continue;
    }
    ActuatorLoad& load = loads[static_cast<std::size_t>(t.actuator)];
    load = thruster_load(t, x[t.actuator], azimuth, nu, v_fluid_B, share);
    add_wrench(F, load.F_Bo_B);
  }
  return F;
}

Vec6 control_surfaces_wrench(const BodyModel& body, std::span<const double> x, const Vec6& nu,
                             const ActuatorSurroundings& around, std::span<ActuatorLoad> loads) {
  Vec6 F = Vec6::Zero();
  for (const ControlSurface& s : body.control_surfaces) {
    const double deflection = s.actuator < 0 ? 0.0 : x[s.actuator];
    const Vec3& v_fluid_B = around.fluid_velocity(s.fluid);
    const double rho = s.fluid_density > 0.0 ? s.fluid_density : around.density(s.fluid);
    if (loads.empty() || s.actuator < 0) {  // the hot path: the wrench alone
      add_wrench(F, control_surface_wrench(s, deflection, nu, v_fluid_B, rho));
      continue;
    }
    ActuatorLoad& load = loads[static_cast<std::size_t>(s.actuator)];
    load = control_surface_load(s, deflection, nu, v_fluid_B, rho);
    add_wrench(F, load.F_Bo_B);
  }
  return F;
}

/// Evaluates the terms `body` has at this stage and hands each to add(term, F), in the order of
/// BodyWrenches::Term, which is the order BodyWrenches::total() sums them in. A term the body
/// lacks is neither evaluated nor added: adding a zero would not change a sum that starts at +0,
/// so a running sum of the terms given is total()'s, to the bit. `q_WB` is state.q_WB made unit:
/// inside an RK4 stage the state's is off unit length by O(dt^2), and every force sees the unit
/// one.
template <typename Add>
void evaluate_wrenches(const BodyModel& body, const Environment& env,
                       const EnvironmentState& env_state, double t, const BodyState& state,
                       const Quat& q_WB, const HeldLoads& held, Stage stage, ForceReport* report,
                       Add&& add) {
  using W = BodyWrenches;
  const Mat3 R_WB = q_WB.toRotationMatrix();
  const Vec6& nu = state.V_WB_B;
  const WaterMotion water = water_motion(body, env, env_state, t, state.p_WB);
  const Vec6 nu_r = relative_twist(nu, R_WB, water.v_W);
  const std::span<const double> x = held.actuators[static_cast<std::size_t>(stage)];

  add(W::kRigidBodyCoriolis, coriolis_wrench(body.M_RB, nu));
  if (body.added_mass_coriolis)
    add(W::kAddedMassCoriolis, coriolis_wrench(body.M_A, nu_r, body.munk));
  Vec6 F_damping = damping_wrench(body.damping, nu_r);
  for (const DampingModel& d : body.link_damping)
    F_damping += damping_wrench(d, nu_r);
  add(W::kDamping, F_damping);
  const bool restored = !std::holds_alternative<NoRestoring>(body.restoring);
  if (restored || !body.buoyancy_engines.empty()) {
    Vec6 F = std::visit(
        [&](const auto& r) -> Vec6 {
          using T = std::decay_t<decltype(r)>;
          if constexpr (std::is_same_v<T, SubmergedRestoring>) {
            // Only a body that can surface pays for the surface height.
            const double eta =
                r.height > 0.0 ? surface_height(env, state.p_WB.x(), state.p_WB.y(), t) : 0.0;
            return submerged_restoring_wrench(r, R_WB,
                                              immersed_share(r.height, state.p_WB.z(), eta));
          } else if constexpr (std::is_same_v<T, LinearRestoring>) {
            const Vec3 p_WF = state.p_WB + q_WB * r.p_BoF;
            // The yaw (an atan2) only where it is read: the sea's slope is taken in the heading
            // frame, and a restoring matrix may couple the yaw (its sixth column).
            const bool yaw_read = env.waves.has_value() || !r.G.col(5).isZero(0.0);
            const Vec3 rpy = yaw_read ? euler_zyx(q_WB) : euler_zyx_without_yaw(q_WB);
            const SurfaceSample s = sample_surface(env, p_WF.x(), p_WF.y(), rpy.z(), t);
            return linear_restoring_wrench(r, state.p_WB, q_WB, rpy, s.z, s.roll, s.pitch);
          } else {
            return Vec6::Zero();
          }
        },
        body.restoring);
    // A buoyancy engine changes the body's buoyancy: its push is part of the restoring term.
    for (const BuoyancyEngine& e : body.buoyancy_engines) {
      add_wrench(F, buoyancy_engine_wrench(e, x[static_cast<std::size_t>(e.actuator)], state.p_WB,
                                           R_WB, Vec3(0.0, 0.0, -body.gravity)));
    }
    add(W::kRestoring, F);
  }
  if (body.mesh_hydrostatics && held.hull) {
    add(W::kHullPressure, hull_wrench(*body.mesh_hydrostatics, *held.hull, state.p_WB, R_WB));
  }
  if (!body.strip_hulls.empty()) {
    add(W::kStripBuoyancy, strip_wrench(body, env, t, state.p_WB, R_WB, held.scratch));
  }
  if (!body.shape_floats.empty()) {
    add(W::kShapeFloats, shape_float_wrenches(body, env, t, state.p_WB, R_WB, nu, water.v_W));
  }
  if (body.hull_friction) {
    const double wetted_area = body.mesh_hydrostatics && held.hull
                                   ? held.hull->wetted_area
                                   : body.hull_friction->wetted_area;
    add(W::kHullFriction,
        hull_friction_wrench(*body.hull_friction, wetted_area, nu_r, env.fluid_density));
  }
  if (!std::holds_alternative<std::monostate>(body.windage)) {
    add(W::kWindage, windage_wrench(body, env, env_state, t, state, q_WB, R_WB));
  }
  if (body.cross_flow_drag)
    add(W::kCrossFlowDrag, cross_flow_drag_wrench(*body.cross_flow_drag, nu_r));
  if (body.body_lift) add(W::kBodyLift, body_lift_wrench(*body.body_lift, nu_r));
  if (!body.point_weights.empty()) {
    Vec6 F = Vec6::Zero();
    for (const PointWeight& p : body.point_weights)
      add_wrench(F, point_weight_wrench(p, R_WB, Vec3(0.0, 0.0, -body.gravity)));
    add(W::kPointWeights, F);
  }
  // The true wind at Bo (in B) is needed by an actuator in the air and by a report.
  const bool in_air =
      std::ranges::any_of(body.thrusters, [](const auto& a) { return a.fluid == Fluid::kAir; }) ||
      std::ranges::any_of(body.control_surfaces,
                          [](const auto& a) { return a.fluid == Fluid::kAir; });
  const Vec3 v_wind_B = in_air || report
                            ? Vec3(R_WB.transpose() * wind_velocity(env, env_state, state.p_WB, t))
                            : Vec3::Zero();
  if (report) {
    report->V_WrB_B = nu_r;
    report->v_air_B = v_wind_B - Vec3(linear(nu));
  }
  if (!body.thrusters.empty() || !body.control_surfaces.empty()) {
    // The air and the water are sampled at Bo, as the windage and the current are.
    const ActuatorSurroundings around{env,     t, state.p_WB, R_WB, R_WB.transpose() * water.v_W,
                                      v_wind_B};
    const std::span<ActuatorLoad> loads = report ? report->actuators : std::span<ActuatorLoad>();
    if (!body.thrusters.empty()) add(W::kThrusters, thrusters_wrench(body, x, nu, around, loads));
    if (!body.control_surfaces.empty()) {
      add(W::kControlSurfaces, control_surfaces_wrench(body, x, nu, around, loads));
    }
  }
  // Still water has no rate of its own.
  if (!water.v_W.isZero(0.0) || !water.a_W.isZero(0.0)) {
    add(W::kCurrentRate, body.M_A * current_twist_rate(R_WB, angular(nu), water.v_W, water.a_W));
  }
  add(W::kExternal, held.F_ext_Bo_B);
}

}  // namespace

BodyWrenches compute_body_wrenches(const BodyModel& body, const Environment& env,
                                   const EnvironmentState& env_state, double t,
                                   const BodyState& state, const HeldLoads& held, Stage stage,
                                   ForceReport* report) {
  BodyWrenches w;
  for (Vec6& F : w.terms)
    F.setZero();
  evaluate_wrenches(body, env, env_state, t, state, state.q_WB.normalized(), held, stage, report,
                    [&w](BodyWrenches::Term term, const Vec6& F) { add_wrench(w.terms[term], F); });
  return w;
}

BodyStateRate compute_body_state_rate(const BodyModel& body, const Environment& env,
                                      const EnvironmentState& env_state, double t,
                                      const BodyState& state, const HeldLoads& held, Stage stage) {
  // body_state_rate()'s, with the unit quaternion the forces saw and their sum taken as they come.
  const Quat q_WB = state.q_WB.normalized();
  Vec6 tau = Vec6::Zero();
  evaluate_wrenches(body, env, env_state, t, state, q_WB, held, stage, nullptr,
                    [&tau](BodyWrenches::Term, const Vec6& F) { add_wrench(tau, F); });
  return {q_WB * Vec3(linear(state.V_WB_B)), quat_derivative(state.q_WB, angular(state.V_WB_B)),
          body.M_inv * tau};
}

BodyStateRate body_state_rate(const BodyModel& body, const BodyState& state,
                              const BodyWrenches& w) {
  return {state.q_WB.normalized() * Vec3(linear(state.V_WB_B)),
          quat_derivative(state.q_WB, angular(state.V_WB_B)), body.M_inv * w.total()};
}

double kinetic_energy(const BodyModel& body, const BodyState& state, const Vec3& v_water_W) {
  const Vec6 nu_r = relative_twist(state.V_WB_B, state.q_WB.toRotationMatrix(), v_water_W);
  // The rigid body's energy is in its absolute velocity, the water's in the relative one.
  return 0.5 * state.V_WB_B.dot(body.M_RB * state.V_WB_B) + 0.5 * nu_r.dot(body.M_A * nu_r);
}

}  // namespace leeway
