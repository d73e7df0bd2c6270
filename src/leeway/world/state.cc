#include "leeway/world/state.h"

#include <algorithm>

#include "leeway/world/model.h"

namespace leeway {

State make_initial_state(const Model& model) {
  State s;
  s.seed = model.seed;
  s.environment = initial_environment_state(model.environment, model.seed);
  s.bodies.reserve(model.bodies.size());
  for (const BodyModel& b : model.bodies)
    s.bodies.push_back({b.p_WB0, b.q_WB0, b.V_WB_B0});
  s.holds = model.holds;
  for (const KinematicHold& h : s.holds) {
    if (h.until > 0.0) s.bodies[static_cast<std::size_t>(h.body)] = h.pose;
  }
  s.hulls.resize(model.bodies.size());
  // Actuators start at rest at their initial state (0 unless a plugin says), held there by a
  // command given at t = 0.
  for (const ActuatorModel& a : model.actuators) {
    s.actuators.push_back(std::clamp(a.initial, a.dynamics.x_min, a.dynamics.x_max));
    s.commands.push_back(a.initial);
  }
  s.command_times.assign(model.actuators.size(), 0.0);
  // A driven joint to the world starts where (or as fast as) its actuator starts.
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const std::optional<WorldJoint>& joint = model.bodies[i].world_joint;
    if (!joint || joint->drive == WorldJoint::Drive::kFree) continue;
    const double x = s.actuators[static_cast<std::size_t>(joint->driver)];
    const bool position = joint->drive == WorldJoint::Drive::kPosition;
    place_on_joint(*joint, position ? x : 0.0, position ? 0.0 : x, s.bodies[i]);
  }
  for (const ArticulatedTree& tree : model.trees) {
    ArticulatedState joints = neutral_state(tree.kernel);
    if (tree.kernel.links[0].joint == JointKind::kFree) {
      const BodyState& b = s.bodies[static_cast<std::size_t>(tree.link_body[0])];
      place_free_base(tree, b.p_WB, b.q_WB, joints);
      joints.v.head<6>() = b.V_WB_B;
    }
    place_link_bodies(tree, joints, s.bodies);
    s.trees.push_back(std::move(joints));
  }
  for (const LinearBattery& b : model.batteries)
    s.batteries.push_back(initial_battery_state(b));
  for (const SensorModel& sensor : model.sensors)
    s.sensors.push_back(initial_sensor_state(sensor, model.seed));
  return s;
}

}  // namespace leeway
