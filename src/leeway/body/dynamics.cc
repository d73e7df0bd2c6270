#include "leeway/body/dynamics.h"

#include "leeway/core/rotation.h"
#include "leeway/hydro/coriolis.h"
#include "leeway/hydro/current.h"

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
      "restoring",           "current rate",        "external wrench"};
  return names.at(static_cast<std::size_t>(term));
}

namespace {

/// Velocity and acceleration of the water around Bo, in W.
struct WaterMotion {
  Vec3 v_W, a_W;
};

WaterMotion water_motion(const BodyModel& body, const Environment& env,
                         const EnvironmentState& env_state, double t, const Vec3& p_WB) {
  WaterMotion m{Vec3::Zero(), Vec3::Zero()};
  if (body.v_current_override_W) {
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

}  // namespace

BodyWrenches compute_body_wrenches(const BodyModel& body, const Environment& env,
                                   const EnvironmentState& env_state, double t,
                                   const BodyState& state, const Vec6& F_ext_Bo_B) {
  // Inside an RK4 stage q_WB is off unit length by O(dt^2); every force sees the unit one.
  const Quat q_WB = state.q_WB.normalized();
  const Mat3 R_WB = q_WB.toRotationMatrix();
  const Vec6& nu = state.V_WB_B;
  const WaterMotion water = water_motion(body, env, env_state, t, state.p_WB);
  const Vec6 nu_r = relative_twist(nu, R_WB, water.v_W);

  BodyWrenches w;
  w.terms[BodyWrenches::kRigidBodyCoriolis] = coriolis_wrench(body.M_RB, nu);
  w.terms[BodyWrenches::kAddedMassCoriolis] =
      body.added_mass_coriolis ? coriolis_wrench(body.M_A, nu_r, body.cancel_munk_moment)
                               : Vec6::Zero();
  w.terms[BodyWrenches::kDamping] = damping_wrench(body.damping, nu_r);
  w.terms[BodyWrenches::kRestoring] = std::visit(
      [&](const auto& r) -> Vec6 {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, SubmergedRestoring>) {
          return submerged_restoring_wrench(r, R_WB);
        } else if constexpr (std::is_same_v<T, LinearRestoring>) {
          const Vec3 p_WF = state.p_WB + q_WB * r.p_BoF;
          const SurfaceSample s = sample_surface(env, p_WF.x(), p_WF.y(), euler_zyx(q_WB).z(), t);
          return linear_restoring_wrench(r, state.p_WB, q_WB, s.z, s.roll, s.pitch);
        } else {
          return Vec6::Zero();
        }
      },
      body.restoring);
  w.terms[BodyWrenches::kCurrentRate] =
      body.M_A * current_twist_rate(R_WB, angular(nu), water.v_W, water.a_W);
  w.terms[BodyWrenches::kExternal] = F_ext_Bo_B;
  return w;
}

BodyStateRate compute_body_state_rate(const BodyModel& body, const Environment& env,
                                      const EnvironmentState& env_state, double t,
                                      const BodyState& state, const Vec6& F_ext_Bo_B) {
  const BodyWrenches w = compute_body_wrenches(body, env, env_state, t, state, F_ext_Bo_B);
  return {state.q_WB.normalized() * Vec3(linear(state.V_WB_B)),
          quat_derivative(state.q_WB, angular(state.V_WB_B)), body.M_inv * w.total()};
}

double kinetic_energy(const BodyModel& body, const BodyState& state, const Vec3& v_water_W) {
  const Vec6 nu_r = relative_twist(state.V_WB_B, state.q_WB.toRotationMatrix(), v_water_W);
  // The rigid body's energy is in its absolute velocity, the water's in the relative one.
  return 0.5 * state.V_WB_B.dot(body.M_RB * state.V_WB_B) + 0.5 * nu_r.dot(body.M_A * nu_r);
}

}  // namespace leeway
