// A joint's spring, damping, friction and limits (multibody/joint.h JointDynamics), against the
// closed forms of a damped pendulum, a torsional spring, a disc spun down by friction, and what a
// hard stop and a velocity cap must keep.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "leeway/multibody/articulated_integrator.h"
#include "leeway/multibody/energy.h"
#include "leeway/multibody/joint_constraints.h"
#include "leeway/multibody/kinematics.h"

namespace leeway {
namespace {

const double kG = 9.80665;

/// A point-like bob of mass m at distance l below a hinge about x (a pendulum under gravity when
/// `gravity`), or a disc about the hinge (no weight's moment) otherwise: its inertia about the
/// hinge is I = m l^2 + I_cm.
struct Pendulum {
  double mass = 1.0, length = 0.5, I_cm = 0.01;
  JointDynamics dynamics;
  bool gravity = true;

  double inertia() const { return mass * length * length + I_cm; }

  ArticulatedModel model() const {
    ArticulatedModel model;
    ArticulatedLink bob;
    bob.name = "bob";
    bob.joint = JointKind::kRevolute;
    bob.joint_name = "hinge";
    bob.axis_F = Vec3::UnitX();
    bob.X_MC = Pose(Vec3(0, 0, -length), Quat::Identity());
    bob.M_RB = rigid_body_mass_matrix(mass, Vec3::Zero(), Mat3::Identity() * I_cm);
    bob.dynamics = dynamics;
    add_link(model, bob);
    return model;
  }

  ArticulatedLoads loads() const {
    const double m = mass;
    const bool g = gravity;
    return [m, g](double, const ArticulatedState&, ArticulatedData& data) {
      data.tau.setZero();
      data.F_L[0] =
          g ? stack(data.X_WL[0].R.transpose() * Vec3(0, 0, -m * kG), Vec3::Zero()) : Vec6::Zero();
    };
  }
};

/// Runs `pendulum` from (q0, v0) for `duration` at dt, calling `sample(t, state)` after each step.
template <typename Sample>
void swing(const Pendulum& pendulum, double q0, double v0, double duration, double dt,
           Sample sample) {
  const ArticulatedModel model = pendulum.model();
  ArticulatedState state = neutral_state(model);
  state.q[0] = q0;
  state.v[0] = v0;
  ArticulatedData data = make_articulated_data(model);
  const ArticulatedLoads loads = pendulum.loads();
  const int steps = static_cast<int>(std::lround(duration / dt));
  for (int k = 0; k < steps; ++k) {
    integrate_articulated(model, data, state, k * dt, dt, loads);
    sample((k + 1) * dt, state, model, data);
  }
}

TEST(JointDynamics, ADampedPendulumDecaysAndRingsAsItsClosedForm) {
  // I q'' + d q' + m g l q = 0: successive maxima shrink by exp(-d T_d / (2 I)), T_d = 2 pi / w_d,
  // w_d = sqrt(m g l / I - (d / 2 I)^2). Small swings (0.01 rad: the amplitude's correction to the
  // period is 6e-6).
  Pendulum pendulum;
  pendulum.dynamics.damping = 0.05;
  const double I = pendulum.inertia(), decay = pendulum.dynamics.damping / (2 * I);
  const double w_d = std::sqrt(pendulum.mass * kG * pendulum.length / I - decay * decay);
  std::vector<double> peak_times, peaks;
  double previous = 0.0, before = 0.0;
  swing(pendulum, 0.01, 0.0, 10.0, 1e-3, [&](double t, const ArticulatedState& s, auto&, auto&) {
    if (previous > before && previous >= s.q[0] && t > 2e-3) {
      peak_times.push_back(t - 1e-3);
      peaks.push_back(previous);
    }
    before = previous;
    previous = s.q[0];
  });
  ASSERT_GE(peaks.size(), 5u);
  const double n = static_cast<double>(peaks.size() - 1);
  const double measured_decay =
      std::log(peaks.front() / peaks.back()) / (peak_times.back() - peak_times.front());
  const double measured_period = (peak_times.back() - peak_times.front()) / n;
  std::printf("damped pendulum: decay %.6f 1/s (closed form %.6f), period %.5f s (%.5f)\n",
              measured_decay, decay, measured_period, 2 * kPi / w_d);
  EXPECT_NEAR(measured_decay / decay, 1.0, 2e-3);  // peaks are sampled to the step: 1 ms
  EXPECT_NEAR(measured_period * w_d / (2 * kPi), 1.0, 1e-3);
}

TEST(JointDynamics, ATorsionalSpringSwingsAboutItsReferenceAtItsPeriod) {
  // No weight: I q'' = -k (q - q_ref). From q = 0 at rest: q = q_ref (1 - cos(w t)), w = sqrt(k/I).
  Pendulum disc;
  disc.gravity = false;
  disc.dynamics.spring_stiffness = 2.0;
  disc.dynamics.spring_reference = 0.3;
  const double w = std::sqrt(2.0 / disc.inertia());
  double worst = 0.0;
  swing(disc, 0.0, 0.0, 5.0, 1e-3, [&](double t, const ArticulatedState& s, auto&, auto&) {
    worst = std::max(worst, std::abs(s.q[0] - 0.3 * (1 - std::cos(w * t))));
  });
  std::printf("torsional spring: %.2e rad from the closed form at most over 5 s\n", worst);
  EXPECT_LT(worst, 1e-9);
}

TEST(JointDynamics, AStiffDamperOnALightLinkActsImplicitlyAndStaysStable) {
  // d / I = 1000 1/s at a vehicle's 10 ms step: RK4 alone would multiply the spin by 291 a step
  // (1 - r h + (r h)^2/2 - (r h)^3/6 + (r h)^4/24 at r h = 10). Implicit, the damper adds h d to
  // the joint's inertia: the spin relaxes at r' = d / (I + h d), r' h = 10/11, where RK4 multiplies
  // it by 0.4075 a step, and no substep is taken. It decays, smoothly, if slower than the true
  // exp(-10) a step: an overdamped joint settles over about a step.
  Pendulum disc;
  disc.gravity = false;
  disc.mass = 0.001;
  disc.I_cm = 1e-3 - disc.mass * disc.length * disc.length;
  disc.dynamics.damping = 1.0;
  ASSERT_NEAR(disc.inertia(), 1e-3, 1e-15);
  EXPECT_EQ(articulated_substeps(disc.model(), 0.01), 1);
  const double z = -10.0 / 11.0;
  const double per_step = 1 + z + z * z / 2 + z * z * z / 6 + z * z * z * z / 24;
  double previous = 1.0;
  swing(disc, 0.0, 1.0, 0.05, 0.01, [&](double, const ArticulatedState& s, auto&, auto&) {
    EXPECT_GT(s.v[0], 0.0);
    EXPECT_NEAR(s.v[0] / previous, per_step, 1e-12);
    previous = s.v[0];
  });
  // At a step that resolves it, the closed form v0 exp(-d t / I).
  double worst = 0.0;
  swing(disc, 0.0, 1.0, 0.005, 1e-4, [&](double t, const ArticulatedState& s, auto&, auto&) {
    worst = std::max(worst, std::abs(s.v[0] - std::exp(-1000.0 * t)) / std::exp(-1000.0 * t));
  });
  std::printf("stiff damper: at 0.1 ms within %.1e of exp(-d t / I) over 5 ms\n", worst);
  EXPECT_LT(worst, 1e-4);
}

TEST(JointDynamics, FrictionSpinsADiscDownAtFrictionOverInertiaAndHoldsIt) {
  // I w' = -f while it turns: w = w0 - f t / I until t = I w0 / f, then it stays at rest.
  Pendulum disc;
  disc.gravity = false;
  disc.dynamics.friction = 0.5;
  const double I = disc.inertia(), w0 = 2.0, t_stop = I * w0 / 0.5;
  double worst_sliding = 0.0, worst_stopped = 0.0;
  swing(disc, 0.0, w0, 2 * t_stop, 1e-3, [&](double t, const ArticulatedState& s, auto&, auto&) {
    if (t < t_stop - 1e-3)
      worst_sliding = std::max(worst_sliding, std::abs(s.v[0] - (w0 - 0.5 * t / I)));
    else if (t > t_stop + 1e-3)
      worst_stopped = std::max(worst_stopped, std::abs(s.v[0]));
  });
  std::printf(
      "friction: %.1e rad/s from w0 - f t / I while sliding, %.1e after stopping at %.3f s\n",
      worst_sliding, worst_stopped, t_stop);
  EXPECT_LT(worst_sliding, 1e-12);
  EXPECT_EQ(worst_stopped, 0.0);
}

TEST(JointDynamics, FrictionHoldsAPendulumWhoseWeightAsksLessWithoutCreeping) {
  // At 0.2 rad the weight's moment is m g l sin 0.2 = 0.974 N m: 2 % more friction holds it there
  // for good, not a bit of creep.
  Pendulum pendulum;
  pendulum.dynamics.friction = 1.02 * pendulum.mass * kG * pendulum.length * std::sin(0.2);
  double q_end = 0.0;
  swing(pendulum, 0.2, 0.0, 2.0, 1e-3,
        [&](double, const ArticulatedState& s, auto&, auto&) { q_end = s.q[0]; });
  EXPECT_EQ(q_end, 0.2);
}

TEST(JointDynamics, APendulumWithFrictionLosesTwiceItsFrictionAngleEachHalfSwing) {
  // Small swings, I q'' = -m g l q - f sign(q'): each half swing is centred on -+q_f,
  // q_f = f / (m g l), so its amplitude drops by 2 q_f; it stops at the first turning point
  // within q_f of the bottom. From 0.02 rad with q_f = 0.003: turning points 0.02, -0.014, 0.008,
  // -0.002, where it stays.
  Pendulum pendulum;
  const double mgl = pendulum.mass * kG * pendulum.length, q_f = 0.003;
  pendulum.dynamics.friction = q_f * mgl;
  std::vector<double> turning;
  double previous_v = 0.0, q_end = 0.0, v_end = 1.0;
  swing(pendulum, 0.02, 0.0, 6.0, 1e-3, [&](double, const ArticulatedState& s, auto&, auto&) {
    if ((previous_v < 0.0 && s.v[0] >= 0.0) || (previous_v > 0.0 && s.v[0] <= 0.0))
      turning.push_back(s.q[0]);
    previous_v = s.v[0];
    q_end = s.q[0];
    v_end = s.v[0];
  });
  const std::vector<double> expected{-0.014, 0.008, -0.002};
  ASSERT_EQ(turning.size(), expected.size());
  for (size_t k = 0; k < expected.size(); ++k)
    EXPECT_NEAR(turning[k], expected[k], 1e-4) << "turning point " << k + 1;
  EXPECT_NEAR(q_end, -0.002, 1e-4);
  EXPECT_EQ(v_end, 0.0);
}

TEST(JointDynamics, AHardStopHoldsThePositionLimitAndTakesNoEnergyIn) {
  // A pendulum thrown towards its upper limit (0.3 rad; it would swing to 0.8): it stops there,
  // inelastically, falls back, and never passes the limit nor gains energy.
  Pendulum pendulum;
  pendulum.dynamics.lower = -0.5;
  pendulum.dynamics.upper = 0.3;
  const double v0 =
      2 * std::sin(0.4) * std::sqrt(pendulum.mass * kG * pendulum.length / pendulum.inertia());
  double highest = -INFINITY, lowest = INFINITY, energy_max = -INFINITY, energy_start = 0.0;
  int stops = 0;
  swing(pendulum, 0.0, v0, 4.0, 1e-3,
        [&](double t, const ArticulatedState& s, const ArticulatedModel& model,
            ArticulatedData& data) {
          forward_kinematics(model, s, data);
          const double energy =
              kinetic_energy(model, data) + pendulum.mass * kG * data.X_WL[0].p.z();
          if (t == 1e-3) energy_start = energy;
          energy_max = std::max(energy_max, energy);
          highest = std::max(highest, s.q[0]);
          lowest = std::min(lowest, s.q[0]);
          if (s.q[0] == 0.3 && s.v[0] == 0.0) ++stops;
        });
  EXPECT_EQ(highest, 0.3);
  EXPECT_GE(lowest, -0.5);
  EXPECT_GE(stops, 1);
  EXPECT_LE(energy_max, energy_start + 1e-9);
}

TEST(JointDynamics, AVelocityLimitCapsTheSpinATorqueDrives) {
  Pendulum disc;
  disc.gravity = false;
  disc.dynamics.velocity_limit = 1.5;
  const ArticulatedModel model = disc.model();
  ArticulatedState state = neutral_state(model);
  ArticulatedData data = make_articulated_data(model);
  const ArticulatedLoads torque = [](double, const ArticulatedState&, ArticulatedData& d) {
    d.tau[0] = 0.8;
    d.F_L[0].setZero();
  };
  double fastest = 0.0;
  for (int k = 0; k < 2000; ++k) {
    integrate_articulated(model, data, state, k * 1e-3, 1e-3, torque);
    fastest = std::max(fastest, state.v[0]);
  }
  EXPECT_EQ(fastest, 1.5);
  EXPECT_EQ(state.v[0], 1.5);
}

TEST(JointDynamics, ImpossibleDynamicsAreRefusedWithTheJointsName) {
  auto refusal = [](JointKind kind, JointDynamics dynamics) {
    ArticulatedModel model;
    ArticulatedLink link;
    link.name = "finger";
    link.joint_name = "knuckle";
    link.joint = kind;
    link.M_RB = rigid_body_mass_matrix(1.0, Vec3::Zero(), Mat3::Identity());
    link.dynamics = dynamics;
    try {
      add_link(model, link);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  JointDynamics negative;
  negative.damping = -0.1;
  EXPECT_EQ(refusal(JointKind::kRevolute, negative),
            "link 'finger': the damping of joint 'knuckle' is -0.100000; it must be zero or more");
  JointDynamics empty;
  empty.lower = 0.5;
  empty.upper = 0.2;
  EXPECT_EQ(refusal(JointKind::kRevolute, empty),
            "link 'finger': joint 'knuckle' has no position between its limits 0.500000 and "
            "0.200000");
  JointDynamics limited;
  limited.upper = 1.0;
  EXPECT_EQ(refusal(JointKind::kContinuous, limited),
            "link 'finger': joint 'knuckle' has position limits, which only a revolute or "
            "prismatic joint takes");
  JointDynamics damped;
  damped.damping = 1.0;
  EXPECT_EQ(refusal(JointKind::kBall, damped),
            "link 'finger': joint 'knuckle' has dynamics (spring, damping, friction or limits), "
            "which only a one-coordinate joint takes");
  EXPECT_EQ(refusal(JointKind::kPrismatic, limited), "accepted");
}

}  // namespace
}  // namespace leeway
