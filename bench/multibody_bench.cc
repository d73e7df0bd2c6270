// Articulated trees (multibody/): the cost of a step against the number of links, and against
// DART's step of the same arm, in the same run.
//
//   ArticulatedChainStep/N   one RK4 step (four kinematics, load and ABA passes) of an N-link
//                            chain hanging in water on revolute joints whose axes alternate, each
//                            link with a full 6x6 added mass, its weight and buoyancy; N = 2, 7,
//                            20: the cost per link should stay flat (O(n)). dt = 1 ms.
//   ArticulatedForwardDynamics/7   the kinematics and the articulated-body algorithm alone.
//   DartArmStep/7            DART 6.12's World::step of the same 7-link chain in air (gravity
//                            through its own, no added mass: DART has none): one forward
//                            dynamics and a semi-implicit Euler update.
//   DartForwardDynamics/7    DART's Skeleton::computeForwardDynamics alone.
// Throughput: steps (or evaluations) per second; the links per second in link_steps.
#include <benchmark/benchmark.h>

#include <dart/dart.hpp>

#include "leeway/multibody/aba.h"
#include "leeway/multibody/articulated_integrator.h"
#include "leeway/multibody/kinematics.h"

namespace leeway {
namespace {

const Vec3 kBenchGravity_W(0.0, 0.0, -9.80665);
constexpr double kLinkMass = 2.0, kLinkLength = 0.3;

Mat6 link_added_mass() {
  Mat6 M_A = Vec6(1.2, 1.1, 0.1, 0.01, 0.012, 0.002).asDiagonal();
  M_A(1, 5) = M_A(5, 1) = 0.05;  // sway-yaw coupling: its Munk moment
  M_A(0, 4) = M_A(4, 0) = -0.04;
  return M_A;
}

Mat3 link_inertia() {
  return Vec3(0.016, 0.016, 0.002).asDiagonal();
}

ArticulatedModel chain(int links) {
  ArticulatedModel model;
  for (int i = 0; i < links; ++i) {
    ArticulatedLink link;
    link.name = "link" + std::to_string(i);
    link.parent = i - 1;
    link.joint = JointKind::kRevolute;
    link.X_PF = Pose(i == 0 ? Vec3::Zero() : Vec3(0, 0, -kLinkLength / 2), Quat::Identity());
    link.X_MC = Pose(Vec3(0, 0, -kLinkLength / 2), Quat::Identity());
    link.axis_F = i % 2 == 0 ? Vec3::UnitX() : Vec3::UnitY();
    link.M_RB = rigid_body_mass_matrix(kLinkMass, Vec3(0.0, 0.0, 0.01), link_inertia());
    link.M_A = link_added_mass();
    add_link(model, link);
  }
  return model;
}

ArticulatedState swinging(const ArticulatedModel& model) {
  ArticulatedState state = neutral_state(model);
  for (int i = 0; i < model.nq; ++i)
    state.q[i] = 0.3 * std::sin(1.0 + i);
  return state;
}

/// Weight at the centre of mass, buoyancy (80 % of it) at the link's origin, joint damping.
void chain_loads(double, const ArticulatedState& state, ArticulatedData& data) {
  for (size_t i = 0; i < data.F_L.size(); ++i) {
    const Vec3 g_L = data.X_WL[i].R.transpose() * kBenchGravity_W;
    const Vec3 weight = kLinkMass * g_L;
    data.F_L[i] = stack(0.2 * weight, Vec3(0.0, 0.0, 0.01).cross(weight));
  }
  data.tau = -0.5 * state.v;
}

void articulated_chain_step(benchmark::State& bs) {
  const int links = static_cast<int>(bs.range(0));
  const ArticulatedModel model = chain(links);
  ArticulatedState state = swinging(model);
  ArticulatedData data = make_articulated_data(model);
  const ArticulatedLoads loads = chain_loads;
  double t = 0.0;
  for (auto _ : bs) {
    integrate_articulated(model, data, state, t, 1e-3, loads);
    t += 1e-3;
  }
  benchmark::DoNotOptimize(state.q.data());
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["link_steps"] =
      benchmark::Counter(static_cast<double>(bs.iterations()) * links, benchmark::Counter::kIsRate);
}
BENCHMARK(articulated_chain_step)->Name("ArticulatedChainStep")->Arg(2)->Arg(7)->Arg(20);

void articulated_forward_dynamics(benchmark::State& bs) {
  const ArticulatedModel model = chain(static_cast<int>(bs.range(0)));
  const ArticulatedState state = swinging(model);
  ArticulatedData data = make_articulated_data(model);
  for (auto _ : bs) {
    forward_kinematics(model, state, data);
    chain_loads(0.0, state, data);
    forward_dynamics(model, data);
    benchmark::DoNotOptimize(data.v_dot.data());
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(articulated_forward_dynamics)->Name("ArticulatedForwardDynamics")->Arg(7);

/// The same chain in DART (no added mass), its joints damped as Leeway's.
dart::simulation::WorldPtr dart_chain(int links) {
  auto skeleton = dart::dynamics::Skeleton::create("chain");
  dart::dynamics::BodyNode* parent = nullptr;
  for (int i = 0; i < links; ++i) {
    dart::dynamics::RevoluteJoint::Properties joint;
    joint.mName = "joint" + std::to_string(i);
    joint.mAxis = i % 2 == 0 ? Vec3::UnitX() : Vec3::UnitY();
    joint.mT_ParentBodyToJoint =
        Pose(i == 0 ? Vec3::Zero() : Vec3(0, 0, -kLinkLength / 2), Quat::Identity()).isometry();
    joint.mT_ChildBodyToJoint = Pose(Vec3(0, 0, kLinkLength / 2), Quat::Identity()).isometry();
    joint.mDampingCoefficients[0] = 0.5;
    dart::dynamics::BodyNode::Properties body;
    body.mName = "link" + std::to_string(i);
    body.mInertia = dart::dynamics::Inertia(kLinkMass, Vec3(0.0, 0.0, 0.01), link_inertia());
    parent =
        skeleton->createJointAndBodyNodePair<dart::dynamics::RevoluteJoint>(parent, joint, body)
            .second;
  }
  Eigen::VectorXd q(links);
  for (int i = 0; i < links; ++i)
    q[i] = 0.3 * std::sin(1.0 + i);
  skeleton->setPositions(q);
  auto world = dart::simulation::World::create();
  world->addSkeleton(skeleton);
  world->setGravity(kBenchGravity_W);
  world->setTimeStep(1e-3);
  return world;
}

void dart_arm_step(benchmark::State& bs) {
  const auto world = dart_chain(static_cast<int>(bs.range(0)));
  for (auto _ : bs)
    world->step();
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(dart_arm_step)->Name("DartArmStep")->Arg(7);

void dart_forward_dynamics(benchmark::State& bs) {
  const auto world = dart_chain(static_cast<int>(bs.range(0)));
  const auto skeleton = world->getSkeleton(0);
  for (auto _ : bs) {
    skeleton->setPositions(skeleton->getPositions());  // dirty its kinematics, as a step does
    skeleton->computeForwardDynamics();
    benchmark::DoNotOptimize(skeleton->getAccelerations().data());
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(dart_forward_dynamics)->Name("DartForwardDynamics")->Arg(7);

}  // namespace
}  // namespace leeway
