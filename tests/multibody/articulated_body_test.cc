// The articulated-body algorithm (multibody/aba.h) against the independent algorithms beside it
// (inverse dynamics, the composite-rigid-body mass matrix), against the single body it must
// reduce to (a free link; a link on a world joint), against Munk's closed form, and its refusals.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <random>

#include "leeway/body/world_joint.h"
#include "leeway/hydro/coriolis.h"
#include "leeway/multibody/aba.h"
#include "leeway/multibody/energy.h"
#include "leeway/multibody/kinematics.h"
#include "leeway/multibody/rnea.h"
#include "multibody/tree_fixtures.h"

namespace leeway {
namespace {

using testing::random_added_mass;
using testing::random_pose;
using testing::random_rigid_inertia;
using testing::random_vec3;
using testing::random_vec6;

/// A 9-link tree with every joint kind: a free base, two branches (ball, revolute, prismatic,
/// continuous; revolute, ball), every link with off-origin mass and a full added mass.
ArticulatedModel random_tree(std::mt19937& rng) {
  struct Spec {
    int parent;
    JointKind joint;
  };
  const Spec specs[] = {
      {-1, JointKind::kFree},     {0, JointKind::kBall},       {1, JointKind::kRevolute},
      {2, JointKind::kPrismatic}, {3, JointKind::kContinuous}, {0, JointKind::kRevolute},
      {5, JointKind::kBall},      {6, JointKind::kRevolute},   {2, JointKind::kRevolute}};
  ArticulatedModel model;
  for (const Spec& spec : specs) {
    ArticulatedLink link;
    link.name = "link" + std::to_string(model.links.size());
    link.parent = spec.parent;
    link.joint = spec.joint;
    link.X_PF = spec.parent < 0 ? Pose() : random_pose(rng);
    link.X_MC = spec.parent < 0 ? Pose() : random_pose(rng);
    link.axis_F = random_vec3(rng);
    link.M_RB = random_rigid_inertia(rng);
    link.M_A = random_added_mass(rng);
    add_link(model, link);
  }
  return model;
}

struct RandomTreeCase {
  ArticulatedModel model;
  ArticulatedState state;
  ArticulatedData data;
};

RandomTreeCase random_case(std::mt19937& rng) {
  RandomTreeCase c{random_tree(rng), {}, {}};
  c.state = neutral_state(c.model);
  for (const ArticulatedLink& link : c.model.links)
    testing::random_joint_position(rng, link, c.state.q);
  for (int k = 0; k < c.model.nv; ++k)
    c.state.v[k] = random_vec6(rng)[0];
  c.data = make_articulated_data(c.model);
  forward_kinematics(c.model, c.state, c.data);
  for (size_t i = 0; i < c.model.links.size(); ++i) {
    c.data.F_L[i] = random_vec6(rng, 3.0);
    c.data.V_water_L[i] = random_vec6(rng, 0.3);
  }
  for (int k = 0; k < c.model.nv; ++k)
    c.data.tau[k] = random_vec6(rng, 2.0)[0];
  return c;
}

TEST(ArticulatedBody, ItsPlacementsAreTheJointsDisplacementBetweenItsFrames) {
  // The kinematics place a one-coordinate joint's link by Rodrigues' terms precomputed in
  // add_link, the others through joint_displacement: both must be X_PF X_FM(q) X_MC (joint.h).
  std::mt19937 rng(55);
  for (const JointKind kind : {JointKind::kRevolute, JointKind::kContinuous, JointKind::kPrismatic,
                               JointKind::kBall, JointKind::kFree}) {
    for (int trial = 0; trial < 10; ++trial) {
      ArticulatedModel model;
      ArticulatedLink link;
      link.name = "link";
      link.joint = kind;
      link.X_PF = random_pose(rng);
      link.X_MC = random_pose(rng);
      link.axis_F = random_vec3(rng);
      link.M_RB = random_rigid_inertia(rng);
      add_link(model, link);
      ArticulatedState state = neutral_state(model);
      testing::random_joint_position(rng, model.links[0], state.q);
      ArticulatedData data = make_articulated_data(model);
      forward_kinematics(model, state, data);
      const Eigen::Isometry3d expected =
          link.X_PF.isometry() *
          joint_displacement(kind, model.links[0].axis_F, state.q.data()).isometry() *
          link.X_MC.isometry();
      EXPECT_LT((data.X_WL[0].R - expected.linear()).norm(), 1e-14);
      EXPECT_LT((data.X_WL[0].p - expected.translation()).norm(), 1e-14);
    }
  }
}

TEST(ArticulatedBody, ItsAccelerationsFedToInverseDynamicsGiveBackTheJointForces) {
  std::mt19937 rng(56);
  for (int trial = 0; trial < 20; ++trial) {
    RandomTreeCase c = random_case(rng);
    forward_dynamics(c.model, c.data);
    const Eigen::VectorXd tau = inverse_dynamics(c.model, c.data, c.data.v_dot);
    EXPECT_LT((tau - c.data.tau).norm(), 1e-10 * (1.0 + c.data.tau.norm())) << "trial " << trial;
  }
}

TEST(ArticulatedBody, ItsAccelerationsSolveTheCompositeMassMatrixEquation) {
  // H(q) v_dot = tau - b(q, v), b the inverse dynamics at v_dot = 0: the joint-space equation the
  // O(n^3) route solves. And the still-water kinetic energy is 1/2 v^T H v.
  std::mt19937 rng(57);
  for (int trial = 0; trial < 20; ++trial) {
    RandomTreeCase c = random_case(rng);
    forward_dynamics(c.model, c.data);
    const Eigen::MatrixXd H = mass_matrix(c.model, c.data);
    EXPECT_LT((H - H.transpose()).norm(), 1e-12 * H.norm());
    EXPECT_EQ(Eigen::LLT<Eigen::MatrixXd>(H).info(), Eigen::Success);
    const Eigen::VectorXd bias =
        inverse_dynamics(c.model, c.data, Eigen::VectorXd::Zero(c.model.nv));
    const Eigen::VectorXd v_dot = H.llt().solve(c.data.tau - bias);
    EXPECT_LT((v_dot - c.data.v_dot).norm(), 1e-10 * (1.0 + v_dot.norm())) << "trial " << trial;

    for (auto& V_water : c.data.V_water_L)
      V_water.setZero();
    EXPECT_NEAR(kinetic_energy(c.model, c.data), 0.5 * c.state.v.dot(H * c.state.v),
                1e-12 * (1.0 + c.state.v.dot(H * c.state.v)));
  }
}

TEST(ArticulatedBody, AFreeLinkMovesAsTheSingleBodyDoes) {
  // One link on a free joint: nu_dot = M^-1 (F - C_RB(nu) nu - C_A(nu_r) nu_r), the single
  // body's equation (body/dynamics.h), Munk moment and current included.
  std::mt19937 rng(58);
  for (int trial = 0; trial < 10; ++trial) {
    ArticulatedModel model;
    ArticulatedLink link;
    link.name = "hull";
    link.M_RB = random_rigid_inertia(rng);
    link.M_A = random_added_mass(rng, 2.0);
    add_link(model, link);
    ArticulatedState state = neutral_state(model);
    testing::random_joint_position(rng, model.links[0], state.q);
    state.v = random_vec6(rng);
    ArticulatedData data = make_articulated_data(model);
    forward_kinematics(model, state, data);
    data.F_L[0] = random_vec6(rng, 5.0);
    data.V_water_L[0] = random_vec6(rng, 0.5);
    data.tau = random_vec6(rng);  // a free joint's generalised force is a wrench too
    forward_dynamics(model, data);

    const Vec6 nu = state.v, nu_r = nu - data.V_water_L[0];
    const Vec6 expected = (link.M_RB + link.M_A)
                              .ldlt()
                              .solve(data.F_L[0] + data.tau + coriolis_wrench(link.M_RB, nu) +
                                     coriolis_wrench(link.M_A, nu_r));
    EXPECT_LT((data.v_dot - expected).norm(), 1e-12 * (1.0 + expected.norm()));
    EXPECT_LT((data.A_L[0] - expected).norm(), 1e-12 * (1.0 + expected.norm()));
  }
}

TEST(ArticulatedBody, ALinkOnAWorldHingeAcceleratesAsTheSingleBodysWorldJoint) {
  // body/world_joint.h constrains a single body to an axis with P = s (s^T M s)^-1 s^T; a link on
  // a revolute or prismatic joint to the world, at rest, must accelerate as P F.
  std::mt19937 rng(59);
  for (int trial = 0; trial < 10; ++trial) {
    for (const auto type : {WorldJoint::Type::kRevolute, WorldJoint::Type::kPrismatic}) {
      WorldJoint joint;
      joint.type = type;
      joint.axis_B = random_vec3(rng).normalized();
      joint.p_BoJo_B = random_vec3(rng);
      const Pose X_WB = random_pose(rng, 2.0);

      ArticulatedModel model;
      ArticulatedLink link;
      link.name = "wing";
      link.joint =
          type == WorldJoint::Type::kRevolute ? JointKind::kRevolute : JointKind::kPrismatic;
      // M's origin on the axis at Jo, its axes B's; the body sits at -p_BoJo in M.
      link.X_PF = Pose(X_WB.p + X_WB.q * joint.p_BoJo_B, X_WB.q);
      link.X_MC = Pose(-joint.p_BoJo_B, Quat::Identity());
      link.axis_F = joint.axis_B;
      link.M_RB = random_rigid_inertia(rng);
      link.M_A = random_added_mass(rng);
      add_link(model, link);
      ArticulatedState state = neutral_state(model);
      ArticulatedData data = make_articulated_data(model);
      forward_kinematics(model, state, data);
      EXPECT_LT((data.X_WL[0].p - X_WB.p).norm(), 1e-14);
      data.F_L[0] = random_vec6(rng, 4.0);
      forward_dynamics(model, data);
      const Vec6 expected = constrained_inverse_mass(joint, link.M_RB + link.M_A) * data.F_L[0];
      EXPECT_LT((data.A_L[0] - expected).norm(), 1e-12 * (1.0 + expected.norm()));
    }
  }
}

TEST(ArticulatedBody, AFreeHullInAnIdealFluidTurnsByItsMunkMoment) {
  // A hull with surge and sway added mass A11 < A22 moving at (u, v) in still water: its yaw
  // acceleration is r_dot = (A11 - A22) u v / (I_z + A66) (Fossen 2021, eq. 6.49 with the
  // surge-sway Munk moment; DART gives the same, ../shared/research/deps.md).
  ArticulatedModel model;
  ArticulatedLink link;
  link.name = "hull";
  const double m = 100.0, I_z = 40.0, A11 = 10.0, A22 = 90.0, A66 = 25.0;
  link.M_RB = rigid_body_mass_matrix(m, Vec3::Zero(), Vec3(20.0, 35.0, I_z).asDiagonal());
  link.M_A.diagonal() << A11, A22, 120.0, 5.0, 15.0, A66;
  add_link(model, link);
  ArticulatedState state = neutral_state(model);
  const double u = 1.5, v = 0.4;
  state.v << u, v, 0, 0, 0, 0;
  ArticulatedData data = make_articulated_data(model);
  forward_kinematics(model, state, data);
  forward_dynamics(model, data);
  EXPECT_NEAR(data.v_dot[5], (A11 - A22) * u * v / (I_z + A66), 1e-14);
  // and no surge or sway acceleration at r = 0: their Coriolis terms carry r.
  EXPECT_NEAR(data.v_dot[0], 0.0, 1e-15);
  EXPECT_NEAR(data.v_dot[1], 0.0, 1e-15);
}

TEST(ArticulatedBody, ALinkThatCannotBeBuiltIsRefusedWithItsNameAndWhy) {
  ArticulatedModel model;
  ArticulatedLink base;
  base.name = "base";
  base.M_RB = rigid_body_mass_matrix(10.0, Vec3::Zero(), Mat3::Identity());
  add_link(model, base);

  auto refusal = [&](ArticulatedLink link) {
    try {
      add_link(model, link);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  ArticulatedLink link = base;
  link.name = "arm";
  link.joint = JointKind::kRevolute;
  link.joint_name = "shoulder";
  link.parent = 1;  // itself
  EXPECT_EQ(refusal(link),
            "link 'arm': its parent 1 is neither the world (-1) nor an earlier "
            "link (0 to 0)");
  link.parent = 0;
  link.axis_F = Vec3::Zero();
  EXPECT_EQ(refusal(link), "link 'arm': the axis of joint 'shoulder' is zero (or not a number)");
  link.axis_F = Vec3(0, 0, NAN);
  EXPECT_EQ(refusal(link), "link 'arm': the axis of joint 'shoulder' is zero (or not a number)");
  link.axis_F = Vec3::UnitY();
  link.M_RB = rigid_body_mass_matrix(1.0, Vec3::Zero(), Vec3(1.0, 0.0, 1.0).asDiagonal());
  EXPECT_NE(refusal(link).find("link 'arm': its mass matrix M_RB + M_A is not symmetric positive "
                               "definite"),
            std::string::npos);
  link.M_RB = rigid_body_mass_matrix(1.0, Vec3::Zero(), Mat3::Identity());
  EXPECT_EQ(refusal(link), "accepted");
  EXPECT_EQ(model.links.size(), 2u);
  EXPECT_EQ(model.nq, 8);
  EXPECT_EQ(model.nv, 7);
  EXPECT_EQ(model.links[1].axis_F, Vec3::UnitY());
}

}  // namespace
}  // namespace leeway
