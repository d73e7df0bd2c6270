// Articulated trees in motion (multibody/articulated_integrator.h): a rod swinging on a hinge in
// water against its closed-form period, a chain in an ideal fluid and a free vehicle with an arm
// against what they conserve, and a light link with a large added mass at a vehicle's step.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "leeway/multibody/articulated_integrator.h"
#include "leeway/multibody/energy.h"
#include "leeway/multibody/kinematics.h"
#include "multibody/tree_fixtures.h"

namespace leeway {
namespace {

using testing::weight_and_buoyancy_L;
using testing::weight_and_buoyancy_potential;

const Vec3 kGravity_W(0.0, 0.0, -9.80665);

/// A link's weight and buoyancy: its mass and displaced mass at their centres, in L.
struct Hydrostatics {
  double mass = 0.0, displaced_mass = 0.0;
  Vec3 p_LoLcm_L = Vec3::Zero(), p_LoLcb_L = Vec3::Zero();
};

/// A uniform rod of length `length` and radius `radius` along its link's z, its frame at its
/// centre, hanging from a hinge about M's x at its upper end; its added mass per unit length
/// rho pi r^2 in both transverse directions (a circular section, strip theory), none along it.
struct Rod {
  double length, radius, density, water_density;
  double area() const { return kPi * radius * radius; }
  double mass() const { return density * area() * length; }
  double displaced_mass() const { return water_density * area() * length; }

  ArticulatedLink link(int parent, const Pose& X_PF, const Vec3& axis_F) const {
    ArticulatedLink rod;
    rod.name = "rod";
    rod.parent = parent;
    rod.joint = JointKind::kRevolute;
    rod.X_PF = X_PF;
    rod.X_MC = Pose(Vec3(0, 0, -length / 2), Quat::Identity());
    rod.axis_F = axis_F;
    const double m = mass(), I_t = m * (length * length / 12 + radius * radius / 4);
    rod.M_RB = rigid_body_mass_matrix(m, Vec3::Zero(),
                                      Vec3(I_t, I_t, m * radius * radius / 2).asDiagonal());
    const double a = water_density * area() * length;
    rod.M_A.diagonal() << a, a, 0.0, a * length * length / 12, a * length * length / 12, 0.0;
    return rod;
  }
  Hydrostatics hydrostatics() const { return {mass(), displaced_mass()}; }
};

/// Loads of weight and buoyancy on every link, in still water, and joint forces from `tau`.
ArticulatedLoads hydrostatic_loads(const std::vector<Hydrostatics>& links,
                                   std::function<void(double, Eigen::VectorXd&)> tau = {}) {
  return [links, tau](double t, const ArticulatedState&, ArticulatedData& data) {
    for (size_t i = 0; i < links.size(); ++i)
      data.F_L[i] = weight_and_buoyancy_L(data.X_WL[i], links[i].mass, links[i].p_LoLcm_L,
                                          links[i].displaced_mass, links[i].p_LoLcb_L, kGravity_W);
    data.tau.setZero();
    if (tau) tau(t, data.tau);
  };
}

double potential_energy(const std::vector<Hydrostatics>& links, const ArticulatedData& data) {
  double energy = 0.0;
  for (size_t i = 0; i < links.size(); ++i)
    energy +=
        weight_and_buoyancy_potential(data.X_WL[i], links[i].mass, links[i].p_LoLcm_L,
                                      links[i].displaced_mass, links[i].p_LoLcb_L, kGravity_W);
  return energy;
}

/// The times at which x(t) crosses zero going down, linearly interpolated between samples.
std::vector<double> downward_zero_crossings(const std::vector<double>& t,
                                            const std::vector<double>& x) {
  std::vector<double> crossings;
  for (size_t k = 1; k < x.size(); ++k)
    if (x[k - 1] > 0.0 && x[k] <= 0.0)
      crossings.push_back(t[k - 1] + (t[k] - t[k - 1]) * x[k - 1] / (x[k - 1] - x[k]));
  return crossings;
}

TEST(ArticulatedMotion, ARodOnAHingeInWaterSwingsAtItsClosedFormPeriod) {
  // T = 2 pi sqrt((I_O + I_A,O) / ((m - rho V) g l)): a steel rod, 1 m by 2 cm radius, hinged at
  // its upper end, l = L/2 to its centres of mass and buoyancy. I_O = m (L^2/3 + r^2/4) about the
  // hinge; the water's I_A,O = rho pi r^2 L^3 / 3 (its transverse added mass over the length).
  const Rod rod{1.0, 0.02, 7850.0, 1025.0};
  ArticulatedModel model;
  add_link(model, rod.link(-1, Pose(), Vec3::UnitX()));
  const double m = rod.mass(), L = rod.length, r = rod.radius;
  const double I_O = m * (L * L / 3 + r * r / 4);
  const double I_AO = rod.water_density * rod.area() * L * L * L / 3;
  const double T_closed =
      2 * kPi * std::sqrt((I_O + I_AO) / ((m - rod.displaced_mass()) * 9.80665 * L / 2));

  ArticulatedState state = neutral_state(model);
  state.q[0] = 0.01;  // [rad]: the finite-amplitude correction theta^2/16 is 6e-6
  ArticulatedData data = make_articulated_data(model);
  const ArticulatedLoads loads = hydrostatic_loads({rod.hydrostatics()});
  const double dt = 1e-3;
  std::vector<double> t{0.0}, angle{state.q[0]};
  for (int k = 1; k <= 10000; ++k) {
    integrate_articulated(model, data, state, (k - 1) * dt, dt, loads);
    t.push_back(k * dt);
    angle.push_back(state.q[0]);
  }
  const std::vector<double> crossings = downward_zero_crossings(t, angle);
  ASSERT_GE(crossings.size(), 5u);
  const double T = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  std::printf("rod on a hinge in water: T = %.6f s, closed form %.6f s (%.2e relative)\n", T,
              T_closed, T / T_closed - 1);
  EXPECT_NEAR(T, 1.86838, 1e-5);  // the closed form's own value, checked by hand
  EXPECT_NEAR(T / T_closed, 1.0, 5e-3);
}

/// A spatial chain of four links hanging from the world (revolute, ball, revolute, continuous),
/// each with off-centre mass, a centre of buoyancy apart from it, and a full added mass.
struct Chain {
  ArticulatedModel model;
  std::vector<Hydrostatics> links;
};

Chain spatial_chain(std::mt19937& rng, double added_mass_scale) {
  Chain chain;
  const JointKind kinds[] = {JointKind::kRevolute, JointKind::kBall, JointKind::kRevolute,
                             JointKind::kContinuous};
  const Vec3 axes[] = {Vec3::UnitX(), Vec3::UnitZ(), Vec3(0, 1, 1), Vec3(1, 0, 1)};
  for (int i = 0; i < 4; ++i) {
    ArticulatedLink link;
    link.name = "link" + std::to_string(i);
    link.parent = i - 1;
    link.joint = kinds[i];
    link.joint_name = "joint" + std::to_string(i);
    link.X_PF = Pose(i == 0 ? Vec3::Zero() : Vec3(0.05, 0.0, -0.4), testing::random_quat(rng));
    link.X_MC = Pose(Vec3(0.0, 0.02, -0.2), Quat::Identity());
    link.axis_F = axes[i];
    Hydrostatics h;
    h.mass = 2.0 + i;
    h.displaced_mass = 0.6 * h.mass;
    h.p_LoLcm_L = Vec3(0.01, -0.02, 0.03);
    h.p_LoLcb_L = Vec3(-0.02, 0.01, 0.05);
    link.M_RB =
        rigid_body_mass_matrix(h.mass, h.p_LoLcm_L, Vec3(0.05, 0.06, 0.02).asDiagonal() * h.mass);
    link.M_A = testing::random_added_mass(rng, added_mass_scale);
    add_link(chain.model, link);
    chain.links.push_back(h);
  }
  return chain;
}

TEST(ArticulatedMotion, AChainInAnIdealFluidConservesItsEnergy) {
  // Rigid plus fluid kinetic plus potential energy, with each link's full added mass and its
  // Munk moments, no damping: conserved to 1e-6 relative over 10 s at 1 ms.
  std::mt19937 rng(60);
  Chain chain = spatial_chain(rng, 1.0);
  ArticulatedState state = neutral_state(chain.model);
  state.q[0] = 0.8;
  state.q.segment<4>(1) = testing::random_quat(rng).coeffs();
  state.q[5] = -0.6;
  state.v << 0.5, 1.0, -0.7, 0.4, 0.3, -0.9;
  ArticulatedData data = make_articulated_data(chain.model);
  const ArticulatedLoads loads = hydrostatic_loads(chain.links);
  auto energy = [&] {
    forward_kinematics(chain.model, state, data);
    return kinetic_energy(chain.model, data) + potential_energy(chain.links, data);
  };
  const double E0 = energy(), dt = 1e-3;
  double worst = 0.0, kinetic_max = 0.0;
  for (int k = 0; k < 10000; ++k) {
    integrate_articulated(chain.model, data, state, k * dt, dt, loads);
    worst = std::max(worst, std::abs(energy() - E0));
    kinetic_max = std::max(kinetic_max, kinetic_energy(chain.model, data));
  }
  // Relative to the energy that moves between kinetic and potential (E0 itself depends on where
  // the potential's zero is).
  std::printf("chain in an ideal fluid: energy drift %.2e J of %.3f J kinetic at most\n", worst,
              kinetic_max);
  EXPECT_GT(kinetic_max, 1.0);
  EXPECT_LT(worst / kinetic_max, 1e-6);
}

TEST(ArticulatedMotion, AFreeVehicleWithAnArmKeepsItsMomentumWhileTheArmPushesIt) {
  // No gravity, no water: the arm's joint torques are internal, so the spatial momentum about the
  // world's origin stays what it was, to 1e-9 relative, while the arm turns and pushes the base.
  ArticulatedModel model;
  ArticulatedLink base;
  base.name = "vehicle";
  base.M_RB =
      rigid_body_mass_matrix(80.0, Vec3(0.05, 0.0, -0.1), Vec3(8.0, 12.0, 14.0).asDiagonal());
  add_link(model, base);
  const JointKind kinds[] = {JointKind::kRevolute, JointKind::kRevolute, JointKind::kBall};
  const Vec3 axes[] = {Vec3::UnitZ(), Vec3::UnitY(), Vec3::UnitX()};
  for (int i = 0; i < 3; ++i) {
    ArticulatedLink link;
    link.name = "arm" + std::to_string(i);
    link.parent = i;
    link.joint = kinds[i];
    link.X_PF = Pose(i == 0 ? Vec3(0.6, 0.0, -0.3) : Vec3(0.0, 0.0, -0.5), Quat::Identity());
    link.X_MC = Pose(Vec3(0.0, 0.0, -0.25), Quat::Identity());
    link.axis_F = axes[i];
    link.M_RB =
        rigid_body_mass_matrix(6.0 - i, Vec3(0.01, 0.0, 0.0), Vec3(0.12, 0.12, 0.04).asDiagonal());
    add_link(model, link);
  }
  ArticulatedState state = neutral_state(model);
  state.v.head<6>() << 0.3, -0.1, 0.05, 0.02, -0.04, 0.1;
  ArticulatedData data = make_articulated_data(model);
  const ArticulatedLoads loads = [](double t, const ArticulatedState&, ArticulatedData& d) {
    d.tau.setZero();
    d.tau.segment<5>(6) << 6 * std::sin(3 * t), -5 * std::cos(2 * t), 0.4 * std::sin(5 * t),
        0.3 * std::cos(4 * t), -0.2 * std::sin(t);
  };
  forward_kinematics(model, state, data);
  const Vec6 h0 = spatial_momentum_W(model, data);
  const Eigen::Vector3d p0 = data.X_WL[0].p;
  const Quat q0(data.X_WL[0].R);
  const double dt = 1e-3;
  double worst = 0.0, fastest = 0.0;
  for (int k = 0; k < 2000; ++k) {
    integrate_articulated(model, data, state, k * dt, dt, loads);
    forward_kinematics(model, state, data);
    worst = std::max(worst, (spatial_momentum_W(model, data) - h0).norm());
    fastest = std::max(fastest, state.v.tail<5>().cwiseAbs().maxCoeff());
  }
  std::printf("free vehicle with an arm: momentum error %.2e of %.3f, arm at %.2f rad/s at most\n",
              worst, h0.norm(), fastest);
  EXPECT_LT(worst / h0.norm(), 1e-9);
  // The arm's reaction moved the vehicle: off the drift it had alone, and turned.
  const Vec3 drift = q0 * Vec3(0.3, -0.1, 0.05) * 2.0;
  EXPECT_GT((data.X_WL[0].p - p0 - drift).norm(), 0.01);
  EXPECT_GT(Quat(data.X_WL[0].R).angularDistance(q0), 0.05);
}

TEST(ArticulatedMotion, ALightLinkWithFiftyTimesItsMassAddedStaysSmoothAtTenMilliseconds) {
  // The last link of a two-link arm, of foam (200 kg/m^3, it floats up), has an added mass 50
  // times its own mass. In the articulated inertia (not an explicit force a step late) it is
  // stable at a vehicle's 10 ms step: its trajectory over 20 s agrees with the 1 ms one, and the
  // energy stays.
  auto build = [] {
    Chain chain;
    const Rod arm{0.6, 0.04, 3000.0, 1025.0};
    add_link(chain.model, arm.link(-1, Pose(), Vec3::UnitX()));
    chain.links.push_back(arm.hydrostatics());
    Rod light{0.4, 0.05, 200.0, 1025.0};
    ArticulatedLink link = light.link(0, Pose(Vec3(0, 0, -0.3), Quat::Identity()), Vec3::UnitY());
    const double m = light.mass();
    link.M_A.diagonal() << 50 * m, 50 * m, 50 * m, 50 * m * 0.02, 50 * m * 0.02, 50 * m * 0.005;
    link.name = "light";
    add_link(chain.model, link);
    chain.links.push_back(light.hydrostatics());
    return chain;
  };
  auto run = [&](double dt, std::vector<Eigen::VectorXd>* samples) {
    Chain chain = build();
    ArticulatedState state = neutral_state(chain.model);
    state.q << 0.5, -1.0;
    state.v << 0.0, 2.0;
    ArticulatedData data = make_articulated_data(chain.model);
    const ArticulatedLoads loads = hydrostatic_loads(chain.links);
    auto energy = [&] {
      forward_kinematics(chain.model, state, data);
      return kinetic_energy(chain.model, data) + potential_energy(chain.links, data);
    };
    const double E0 = energy();
    const int steps = static_cast<int>(std::lround(20.0 / dt)), every = steps / 200;
    double worst = 0.0, kinetic_max = 0.0;
    for (int k = 0; k < steps; ++k) {
      integrate_articulated(chain.model, data, state, k * dt, dt, loads);
      ASSERT_TRUE(state.q.allFinite() && state.v.allFinite()) << "step " << k;
      worst = std::max(worst, std::abs(energy() - E0));
      kinetic_max = std::max(kinetic_max, kinetic_energy(chain.model, data));
      if ((k + 1) % every == 0) samples->push_back(state.q);
    }
    std::printf("light link at dt %.0f ms: energy drift %.2e J of %.3f J kinetic at most\n",
                dt * 1e3, worst, kinetic_max);
    EXPECT_LT(worst / kinetic_max, 1e-4);
  };
  std::vector<Eigen::VectorXd> coarse, fine;
  run(1e-2, &coarse);
  run(1e-3, &fine);
  ASSERT_EQ(coarse.size(), fine.size());
  double worst = 0.0;
  for (size_t k = 0; k < coarse.size(); ++k)
    worst = std::max(worst, (coarse[k] - fine[k]).cwiseAbs().maxCoeff());
  std::printf("light link: 10 ms against 1 ms, %.2e rad at most over 20 s\n", worst);
  EXPECT_LT(worst, 1e-3);
}

}  // namespace
}  // namespace leeway
