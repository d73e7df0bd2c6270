// Dry mechanics against a simulator Leeway did not write: DART 6.12 (gz-sim's default physics
// engine, Debian's libdart-dev). A spatial three-link arm, fixed to the world under gravity and
// on a free-floating base without it, driven by joint torques: the articulated-body algorithm's
// accelerations against DART's at random states (to 1e-9), and each link's position against
// DART's over 2 s (to 1e-4 m), DART at a step small enough to have converged.
//
// DART's spatial vectors are angular-first and a free joint's velocity is [w; v]: the tests swap
// the halves. Its joint transform is T_ParentBodyToJoint * T(q) * T_ChildBodyToJoint^-1, which is
// Leeway's X_PF * X_FM(q) * X_MC (multibody/joint.h) with X_MC = T_ChildBodyToJoint^-1.
#include <gtest/gtest.h>

#include <cstdio>
#include <dart/dart.hpp>
#include <random>

#include "leeway/multibody/aba.h"
#include "leeway/multibody/articulated_integrator.h"
#include "leeway/multibody/kinematics.h"
#include "multibody/tree_fixtures.h"

namespace leeway {
namespace {

const Vec3 kGravity_W(0.0, 0.0, -9.80665);

struct ArmLink {
  Pose X_PF, X_MC;
  Vec3 axis;
  double mass;
  Vec3 p_LoLcm_L;
  Mat3 I_cm;
};

/// Three links on revolute joints whose axes point three ways, each with its mass off its origin
/// and a full inertia tensor; on a 40 kg base when `free_base`.
std::vector<ArmLink> spatial_arm() {
  auto rotation = [](double angle, const Vec3& axis) {
    return Quat(Eigen::AngleAxisd(angle, axis.normalized()));
  };
  Mat3 I1, I2, I3;
  I1 << 0.060, 0.004, -0.002, 0.004, 0.050, 0.003, -0.002, 0.003, 0.012;
  I2 << 0.040, -0.003, 0.001, -0.003, 0.045, 0.002, 0.001, 0.002, 0.010;
  I3 << 0.010, 0.001, 0.000, 0.001, 0.012, -0.001, 0.000, -0.001, 0.004;
  return {
      {Pose(Vec3(0.3, 0.0, -0.2), rotation(0.3, Vec3(1, 0, 0))),
       Pose(Vec3(0.0, 0.0, -0.25), Quat::Identity()), Vec3(0, 0, 1), 4.0, Vec3(0.02, 0.01, 0.0),
       I1},
      {Pose(Vec3(0.0, 0.05, -0.25), rotation(-0.4, Vec3(0, 1, 1))),
       Pose(Vec3(0.0, 0.0, -0.2), rotation(0.2, Vec3(0, 0, 1))), Vec3(0, 1, 0), 3.0,
       Vec3(0.0, -0.01, 0.03), I2},
      {Pose(Vec3(0.02, 0.0, -0.2), rotation(0.5, Vec3(1, 1, 0))),
       Pose(Vec3(0.0, 0.0, -0.15), Quat::Identity()), Vec3(1, 0, 1), 1.5, Vec3(0.01, 0.0, -0.02),
       I3},
  };
}

const double kBaseMass = 40.0;
const Vec3 kBaseCm(0.05, -0.02, 0.1);
const Mat3 kBaseInertia = Vec3(3.0, 4.0, 5.0).asDiagonal();

/// The same tree in Leeway's and in DART's terms.
struct TwoTrees {
  ArticulatedModel model;
  dart::simulation::WorldPtr world;
  dart::dynamics::SkeletonPtr skeleton;
  int arm_v_start = 0;  ///< where the arm's joints start in v (6 behind a free base)
};

TwoTrees build(bool free_base) {
  TwoTrees trees;
  trees.skeleton = dart::dynamics::Skeleton::create("arm");
  dart::dynamics::BodyNode* parent = nullptr;
  int parent_index = -1;
  if (free_base) {
    ArticulatedLink base;
    base.name = "base";
    base.M_RB = rigid_body_mass_matrix(kBaseMass, kBaseCm, kBaseInertia);
    parent_index = add_link(trees.model, base);
    dart::dynamics::BodyNode::Properties body;
    body.mName = "base";
    body.mInertia = dart::dynamics::Inertia(kBaseMass, kBaseCm, kBaseInertia);
    parent = trees.skeleton
                 ->createJointAndBodyNodePair<dart::dynamics::FreeJoint>(
                     nullptr, dart::dynamics::FreeJoint::Properties(), body)
                 .second;
    trees.arm_v_start = 6;
  }
  int i = 0;
  for (const ArmLink& spec : spatial_arm()) {
    ArticulatedLink link;
    link.name = "link" + std::to_string(i);
    link.parent = parent_index;
    link.joint = JointKind::kRevolute;
    link.X_PF = spec.X_PF;
    link.X_MC = spec.X_MC;
    link.axis_F = spec.axis;
    link.M_RB = rigid_body_mass_matrix(spec.mass, spec.p_LoLcm_L, spec.I_cm);
    parent_index = add_link(trees.model, link);

    dart::dynamics::RevoluteJoint::Properties joint;
    joint.mName = "joint" + std::to_string(i);
    joint.mAxis = spec.axis.normalized();
    joint.mT_ParentBodyToJoint = spec.X_PF.isometry();
    joint.mT_ChildBodyToJoint = spec.X_MC.isometry().inverse();
    dart::dynamics::BodyNode::Properties body;
    body.mName = link.name;
    body.mInertia = dart::dynamics::Inertia(spec.mass, spec.p_LoLcm_L, spec.I_cm);
    parent = trees.skeleton
                 ->createJointAndBodyNodePair<dart::dynamics::RevoluteJoint>(parent, joint, body)
                 .second;
    ++i;
  }
  trees.world = dart::simulation::World::create();
  trees.world->addSkeleton(trees.skeleton);
  trees.world->setGravity(free_base ? Vec3::Zero() : kGravity_W);
  return trees;
}

/// The arm's joint torques [N m]: smooth, a few rad/s of motion.
Vec3 arm_torques(double t) {
  return Vec3(2.0 * std::sin(2 * t), -1.5 * std::cos(3 * t), 0.5 * std::sin(5 * t));
}

/// Leeway's loads: the arm's torques, and each arm link's weight at its centre of mass where
/// DART's world has gravity (the fixed arm's).
ArticulatedLoads dry_loads(const TwoTrees& trees, bool gravity) {
  const int arm_v_start = trees.arm_v_start;
  return [arm_v_start, gravity](double t, const ArticulatedState&, ArticulatedData& data) {
    for (Vec6& F : data.F_L)
      F.setZero();
    data.tau.setZero();
    data.tau.segment<3>(arm_v_start) = arm_torques(t);
    if (!gravity) return;
    const std::vector<ArmLink> arm = spatial_arm();
    for (size_t i = 0; i < arm.size(); ++i)
      data.F_L[i] = testing::weight_and_buoyancy_L(data.X_WL[i], arm[i].mass, arm[i].p_LoLcm_L, 0.0,
                                                   Vec3::Zero(), kGravity_W);
  };
}

/// Leeway's state in DART's coordinates: a free joint's pose as DART's [rotation vector; p],
/// its twist [w; v].
void set_dart_state(const TwoTrees& trees, const ArticulatedState& state) {
  Eigen::VectorXd q(trees.skeleton->getNumDofs()), v(trees.skeleton->getNumDofs());
  if (trees.arm_v_start == 6) {
    const Pose X_WB(state.q.head<3>(), Quat(state.q[6], state.q[3], state.q[4], state.q[5]));
    q.head<6>() = dart::dynamics::FreeJoint::convertToPositions(X_WB.isometry());
    v.head<6>() << state.v.segment<3>(3), state.v.head<3>();
  }
  q.tail(3) = state.q.tail(3);
  v.tail(3) = state.v.tail(3);
  trees.skeleton->setPositions(q);
  trees.skeleton->setVelocities(v);
}

/// DART's accelerations in Leeway's order ([v_dot; w_dot] for a free base).
Eigen::VectorXd dart_accelerations(const TwoTrees& trees) {
  const Eigen::VectorXd a = trees.skeleton->getAccelerations();
  if (trees.arm_v_start != 6) return a;
  Eigen::VectorXd out = a;
  out.head<6>() << a.segment<3>(3), a.head<3>();
  return out;
}

ArticulatedState random_state(std::mt19937& rng, const TwoTrees& trees) {
  ArticulatedState state = neutral_state(trees.model);
  for (const ArticulatedLink& link : trees.model.links)
    testing::random_joint_position(rng, link, state.q);
  state.v = Eigen::VectorXd::NullaryExpr(
      trees.model.nv, [&] { return std::normal_distribution<double>(0.0, 1.0)(rng); });
  return state;
}

class DartOracle : public ::testing::TestWithParam<bool> {};

TEST_P(DartOracle, TheArticulatedBodyAlgorithmsAccelerationsAreDartsAtRandomStates) {
  const bool free_base = GetParam();
  TwoTrees trees = build(free_base);
  ArticulatedData data = make_articulated_data(trees.model);
  const ArticulatedLoads loads = dry_loads(trees, !free_base);
  std::mt19937 rng(free_base ? 62 : 61);
  double worst = 0.0;
  for (int trial = 0; trial < 50; ++trial) {
    const ArticulatedState state = random_state(rng, trees);
    const double t = std::uniform_real_distribution<double>(0.0, 3.0)(rng);
    forward_kinematics(trees.model, state, data);
    loads(t, state, data);
    forward_dynamics(trees.model, data);

    set_dart_state(trees, state);
    Eigen::VectorXd forces = Eigen::VectorXd::Zero(trees.skeleton->getNumDofs());
    forces.tail<3>() = arm_torques(t);
    trees.skeleton->setForces(forces);
    trees.skeleton->computeForwardDynamics();
    const Eigen::VectorXd expected = dart_accelerations(trees);
    worst = std::max(worst, (data.v_dot - expected).cwiseAbs().maxCoeff() /
                                (1.0 + expected.cwiseAbs().maxCoeff()));
    for (size_t i = 0; i < trees.model.links.size(); ++i)
      EXPECT_LT((data.X_WL[i].p - trees.skeleton->getBodyNode(i)->getWorldTransform().translation())
                    .norm(),
                1e-12);
  }
  std::printf("%s: accelerations within %.1e of DART's (relative)\n",
              free_base ? "free base" : "fixed arm", worst);
  EXPECT_LT(worst, 1e-9);
}

TEST_P(DartOracle, EachLinkFollowsDartsTrajectoryOverTwoSeconds) {
  // DART steps by semi-implicit Euler, first order: even at 1e-5 s its error is near the
  // tolerance (1.6e-4 m on the free base), so DART's converged positions are extrapolated from
  // its runs at h, 2h and 4h (Richardson: p = 2 p_h - p_2h, after checking that halving the step
  // halves the difference). Leeway's RK4 at 1 ms.
  const bool free_base = GetParam();
  TwoTrees trees = build(free_base);
  ArticulatedState state = neutral_state(trees.model);
  if (free_base) state.v.head<6>() << 0.2, -0.1, 0.05, 0.1, -0.05, 0.2;
  state.q.tail<3>() << 0.3, -0.5, 0.8;

  auto dart_positions = [&](double dt_dart) {
    set_dart_state(trees, state);
    trees.world->setTime(0.0);
    trees.world->setTimeStep(dt_dart);
    const int steps = static_cast<int>(std::lround(2.0 / dt_dart));
    Eigen::VectorXd forces = Eigen::VectorXd::Zero(trees.skeleton->getNumDofs());
    for (int k = 0; k < steps; ++k) {
      forces.tail<3>() = arm_torques(k * dt_dart);
      trees.skeleton->setForces(forces);
      trees.world->step();
    }
    std::vector<Vec3> p_W;
    for (size_t i = 0; i < trees.skeleton->getNumBodyNodes(); ++i)
      p_W.push_back(trees.skeleton->getBodyNode(i)->getWorldTransform().translation());
    return p_W;
  };
  const std::vector<Vec3> dart_h = dart_positions(1e-5), dart_2h = dart_positions(2e-5),
                          dart_4h = dart_positions(4e-5);

  ArticulatedData data = make_articulated_data(trees.model);
  forward_kinematics(trees.model, state, data);
  const std::vector<Placement> start = data.X_WL;
  const ArticulatedLoads loads = dry_loads(trees, !free_base);
  const double dt = 1e-3;
  for (int k = 0; k < 2000; ++k)
    integrate_articulated(trees.model, data, state, k * dt, dt, loads);
  forward_kinematics(trees.model, state, data);

  double worst = 0.0, worst_raw = 0.0, travel = 0.0;
  for (size_t i = 0; i < dart_h.size(); ++i) {
    const Vec3 d_h = dart_2h[i] - dart_h[i], d_2h = dart_4h[i] - dart_2h[i];
    if (d_h.norm() > 1e-9) {  // the fixed arm's first link has its origin on its joint's axis
      EXPECT_NEAR(d_2h.norm() / d_h.norm(), 2.0, 0.1) << "DART is not first order on link " << i;
    }
    const Vec3 dart_converged = dart_h[i] - d_h;
    worst = std::max(worst, (data.X_WL[i].p - dart_converged).norm());
    worst_raw = std::max(worst_raw, (data.X_WL[i].p - dart_h[i]).norm());
    travel = std::max(travel, (dart_h[i] - start[i].p).norm());
  }
  std::printf(
      "%s: links within %.2e m of DART's extrapolated positions after 2 s (%.2e m of "
      "DART's at 1e-5 s), %.2f m from where they started\n",
      free_base ? "free base" : "fixed arm", worst, worst_raw, travel);
  EXPECT_GT(travel, 0.1);
  EXPECT_LT(worst, 1e-4);
}

INSTANTIATE_TEST_SUITE_P(FixedAndFree, DartOracle, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "FreeBase" : "FixedArm"; });

}  // namespace
}  // namespace leeway
