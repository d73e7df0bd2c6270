// A step allocates nothing once its Workspace and StepData have been sized by a first step:
// every malloc, calloc and realloc of the process (operator new, std::vector, Eigen's heap all
// come through them) is counted while worlds step. Built only without the sanitizers, which
// bring an allocator of their own.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sim/simulation.h"
#include "leeway/world/step.h"
#include "leeway/world/visual_scene.h"

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
}

namespace {
bool counting = false;
long allocations = 0;
}  // namespace

extern "C" {
void* malloc(std::size_t size) {
  if (counting) ++allocations;
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) {
  if (counting) ++allocations;
  return __libc_calloc(count, size);
}
void* realloc(void* p, std::size_t size) {
  if (counting) ++allocations;
  return __libc_realloc(p, size);
}
}

namespace leeway {
namespace {

/// Allocations made by `steps` steps of `model` after `warm_up` steps, outputs kept.
long allocations_in_steps(const Model& model, const Inputs& inputs, int warm_up, int steps) {
  State state = make_initial_state(model);
  StepData data = make_step_data(model);
  Workspace ws;
  for (int i = 0; i < warm_up; ++i)
    EXPECT_TRUE(step(model, state, inputs, ws, &data).ok);
  allocations = 0;
  counting = true;
  for (int i = 0; i < steps; ++i)
    step(model, state, inputs, ws, &data);
  counting = false;
  const long counted = allocations;
  // The count is real: a step in a workspace of its own has to size it.
  allocations = 0;
  counting = true;
  step(model, state, inputs);
  counting = false;
  EXPECT_GT(allocations, 0);
  return counted;
}

/// The same through a Simulation, which runs the scenario's controllers and tasks around each step.
long allocations_in_simulation_steps(Scenario scenario, const Inputs& inputs, int warm_up,
                                     int steps) {
  Simulation sim(std::move(scenario));
  for (int i = 0; i < warm_up; ++i)
    EXPECT_TRUE(sim.step(inputs).ok);
  allocations = 0;
  counting = true;
  for (int i = 0; i < steps; ++i)
    sim.step(inputs);
  counting = false;
  return allocations;
}

TEST(StepAllocation, TheWamvInWavesWindAndCurrentAllocatesNothing) {
  Diagnostics d;
  const Scenario w = load_scenario_string(std::string(default_world_sdf()), "default", d, 5);
  const Model& m = w.model;
  // The reference autopilot is an example controller outside the physics; its allocator may
  // allocate. The step itself, with the task's hold, must not.
  Inputs full_ahead;
  full_ahead.commands.assign(m.actuators.size(), std::nullopt);
  full_ahead.commands[m.actuator_index("wamv", "left_engine_propeller_joint")] = 800.0;
  full_ahead.commands[m.actuator_index("wamv", "right_engine_propeller_joint")] = 700.0;
  // Past the task's first scored step, which sizes its record of the waypoints.
  const int warm_up = static_cast<int>(w.tasks.at(0).running_time() / m.dt) + 10;
  EXPECT_EQ(allocations_in_steps(m, full_ahead, warm_up, 2000), 0);
  // Nor does the runner with the task scoring every step.
  EXPECT_EQ(allocations_in_simulation_steps({m, {}, w.tasks, {}}, full_ahead, warm_up, 2000), 0);
}

TEST(StepAllocation, TheRexrovOnEightThrustersAllocatesNothing) {
  // With UUV Simulator's sensor suite, its DVL pinging a seabed 30 m under it.
  Diagnostics d;
  Model m = load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov.sdf", d, 5);
  auto scene = std::make_shared<VisualScene>(*m.visual_scene);
  scene->planes.push_back({"seabed", Vec3::UnitZ(), -80.0});
  m.visual_scene = std::move(scene);
  Inputs in;
  in.commands.assign(m.actuators.size(), 1500.0);
  EXPECT_EQ(allocations_in_steps(m, in, 10, 2000), 0);
}

TEST(StepAllocation, AVehicleCarryingAnArmAllocatesNothing) {
  // An articulated tree with every per-link force Leeway has: UUV Simulator's blocks on each
  // link (one moved onto the vehicle from the arm's bolted base, its damping on its own axes),
  // a damper stiff enough to act implicitly, a friction the joint constraints hold, and a force
  // on the shoulder.
  const std::string sdf = R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="arm">
  <physics type="ode"><max_step_size>0.01</max_step_size></physics>
  <gravity>0 0 -9.81</gravity>
  <model name="rov">
    <pose>0 0 -20 0 0 0</pose>
    <link name="hull"><inertial><mass>100</mass><inertia><ixx>10</ixx><iyy>15</iyy>
      <izz>20</izz></inertia></inertial></link>
    <link name="mount"><pose>0.5 0 -0.2 0 0 0.4</pose><inertial><mass>2</mass><inertia>
      <ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
    <link name="upper"><pose>0.6 0 -0.2 0 0 0</pose><inertial><pose>0.25 0 0 0 0 0</pose>
      <mass>8</mass><inertia><ixx>0.02</ixx><iyy>0.2</iyy><izz>0.2</izz></inertia></inertial>
    </link>
    <link name="finger"><pose>1.1 0 -0.2 0 0 0</pose><inertial><mass>0.05</mass><inertia>
      <ixx>1e-4</ixx><iyy>1e-4</iyy><izz>1e-4</izz></inertia></inertial></link>
    <joint name="bolt" type="fixed"><parent>hull</parent><child>mount</child></joint>
    <joint name="shoulder" type="revolute"><parent>mount</parent><child>upper</child>
      <axis><xyz>0 0 1</xyz><dynamics><damping>5</damping><friction>2</friction></dynamics>
      </axis></joint>
    <joint name="grip" type="revolute"><parent>upper</parent><child>finger</child>
      <axis><xyz>0 1 0</xyz><limit><lower>-0.5</lower><upper>0.5</upper></limit>
        <dynamics><damping>100</damping></dynamics></axis></joint>
    <plugin filename="gz-sim-apply-joint-force-system" name="gz::sim::systems::ApplyJointForce">
      <joint_name>shoulder</joint_name></plugin>
    <plugin name="uuv" filename="libuuv_underwater_object_ros_plugin.so">
      <link name="hull"><volume>0.09</volume>
        <hydrodynamic_model><type>sphere</type><radius>0.4</radius></hydrodynamic_model></link>
      <link name="mount"><volume>0.002</volume>
        <hydrodynamic_model><type>sphere</type><radius>0.08</radius></hydrodynamic_model></link>
      <link name="upper"><volume>0.007</volume>
        <box><width>0.5</width><length>0.1</length><height>0.1</height></box>
        <hydrodynamic_model><type>cylinder</type></hydrodynamic_model></link>
    </plugin>
  </model>
</world></sdf>)";
  Diagnostics d;
  const Model m = load_world_string(sdf, "arm.sdf", d);
  ASSERT_EQ(m.trees.size(), 1u);
  ASSERT_EQ(m.trees[0].efforts.size(), 1u);
  ASSERT_EQ(m.bodies[0].link_damping.size(), 1u);
  Inputs in;
  in.commands.assign(m.actuators.size(), std::nullopt);
  in.commands[m.actuator_index("rov", "shoulder")] = 20.0;
  EXPECT_EQ(allocations_in_steps(m, in, 10, 2000), 0);
}

}  // namespace
}  // namespace leeway
