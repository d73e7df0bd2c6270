// The equations of motion of one rigid body in water (Fossen 2021, eq. 10.1 with 10.12):
//
//   (M_RB + M_A) nu_dot = - C_RB(nu) nu - C_A(nu_r) nu_r - D(nu_r) nu_r - g(eta)
//                         + M_A nu_c_dot + tau_ext
//   p_WB_dot = R_WB v,   q_WB_dot = 1/2 q_WB (x) w
//
// The added mass sits in the mass matrix that is solved (here through the precomputed inverse of
// the constant M), never in a force built from a previous acceleration: the body stays stable
// however large M_A is compared with M_RB.
#pragma once

#include <array>
#include <span>
#include <string_view>
#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/body/body_state.h"
#include "leeway/env/environment.h"
#include "leeway/propulsion/actuator_load.h"

namespace leeway {

/// The generalised forces acting on a body, each a wrench about Bo in B [N, N m], kept apart so a
/// non-finite value can be traced to the model that produced it and tests can check each one.
struct BodyWrenches {
  enum Term {
    kRigidBodyCoriolis,
    kAddedMassCoriolis,
    kDamping,
    kRestoring,
    kHullPressure,
    kStripBuoyancy,
    kShapeFloats,
    kHullFriction,
    kWindage,
    kCrossFlowDrag,
    kBodyLift,
    kPointWeights,
    kThrusters,
    kControlSurfaces,
    kCurrentRate,
    kExternal,
    kCount
  };
  std::array<Vec6, kCount> terms;

  Vec6 total() const;
  static std::string_view name(int term);
};

/// The integrator stages at which the actuators' states are known: a step's start, its middle
/// and its end (RK4's k1; k2 and k3; k4).
enum class Stage { kStart, kMid, kEnd };

/// What a step holds fixed (or carries along) over its integrator stages: the external wrench,
/// the body's last mesh-hydrostatics update (body/hull_sample.h), and the states of the world's
/// actuators at each stage (their dynamics do not depend on the body's motion, so step() solves
/// them first); and scratch space the force models may reuse, so that a step allocates nothing.
struct HeldLoads {
  Vec6 F_ext_Bo_B = Vec6::Zero();                    ///< [N, N m]
  const HullSample* hull = nullptr;                  ///< needed when the body has a hull mesh
  std::array<std::span<const double>, 3> actuators;  ///< by Stage; needed with actuators
  std::vector<double>* scratch = nullptr;            ///< reused if given; else allocated per call
};

/// What a force evaluation can tell besides the wrenches, asked for by a step that keeps its
/// outputs (world/step_data.h).
struct ForceReport {
  Vec6 V_WrB_B = Vec6::Zero();  ///< nu_r: the body's twist relative to the water at Bo, in B
  Vec3 v_air_B = Vec3::Zero();  ///< the apparent wind at Bo (wind minus Bo's velocity), in B
  /// Indexed as Model::actuators: each thruster's load at its shaft's index, each control
  /// surface's at its deflection's; the other entries are left as they are.
  std::span<ActuatorLoad> actuators;
};

/// Evaluates every term of the right-hand side at `state` and time t [s] in `env`, with the
/// held loads applied. The water's velocity at Bo is the current there (the body's own, or the
/// world's) plus, where the body asks for it, the waves' orbital velocity; their acceleration
/// enters nu_c_dot.
/// With `report`, also fills it in.
BodyWrenches compute_body_wrenches(const BodyModel& body, const Environment& env,
                                   const EnvironmentState& env_state, double t,
                                   const BodyState& state, const HeldLoads& held,
                                   Stage stage = Stage::kStart, ForceReport* report = nullptr);

/// Time derivative of a body state: velocities and nu_dot.
struct BodyStateRate {
  Vec3 p_WB_dot;
  Eigen::Vector4d q_WB_dot;  ///< quaternion coefficients (x, y, z, w)
  Vec6 nu_dot;
};

BodyStateRate compute_body_state_rate(const BodyModel& body, const Environment& env,
                                      const EnvironmentState& env_state, double t,
                                      const BodyState& state, const HeldLoads& held,
                                      Stage stage = Stage::kStart);

/// The same rate from wrenches already evaluated at `state`.
BodyStateRate body_state_rate(const BodyModel& body, const BodyState& state,
                              const BodyWrenches& wrenches);

/// Kinetic energy 1/2 nu^T M nu of the body and the water it carries [J]; the added-mass part
/// relative to water moving at v_water_W.
double kinetic_energy(const BodyModel& body, const BodyState& state,
                      const Vec3& v_water_W = Vec3::Zero());

}  // namespace leeway
