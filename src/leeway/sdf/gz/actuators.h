// Adapters for gz-sim's maritime actuator systems, so gz-sim models (and VRX's since 2023) load
// unchanged. Each is matched by its filename stem (gz-sim-, ignition-gazebo-, lib...so) or the
// end of its name (gz::sim::systems::..., ignition::gazebo::systems::...). Defaults are
// gz-sim's.
//
// Thruster (thruster-system, systems::Thruster): one actuator named after <joint_name>.
//   <joint_name>          the propeller's joint (required): thrust along its axis, at its child
//                         link's origin
//   <use_angvel_cmd>      false: the command is the thrust [N], applied at once (gz-sim's default
//                         mode); true: the shaft speed w [rad/s], T = rho C_t D^4 w|w|
//   <thrust_coefficient>  C_t (1); in shaft-speed mode without it, gz-sim's advance form
//                         C_t = alpha_1 + alpha_2 (1 - w_f) V / (w D) (thrust_curves.h)
//   <fluid_density> 1000 kg/m^3, <propeller_diameter> 0.02 m, <wake_fraction> 0.2,
//   <alpha_1> 1, <alpha_2> 0
//   <max_thrust_cmd> 1000, <min_thrust_cmd> -1000: the command range; beyond it the command is
//                         clamped, with a warning (gz-sim clamps silently)
//   <deadband>            [N]: a thrust below it in magnitude gives nothing
//   accepted, no effect on the physics: <namespace>, <topic>, <velocity_control>, <p_gain>,
//   <i_gain>, <d_gain>, <power_load>, <battery_name> (the propeller's spin is cosmetic in gz-sim
//   and not simulated here). No reaction torque, as gz-sim.
//   If the propeller joint's parent link turns on a joint a JointPositionController drives (an
//   outboard's steering joint), the thruster is an azimuth thruster: its propeller and axis swing
//   about that joint.
//
// JointPositionController (joint-position-controller-system): one actuator named after
// <joint_name>, whose state is the joint's angle [rad], within the joint's <lower>, <upper>.
//   <use_velocity_commands> true: gz-sim moves the joint at <cmd_max> [rad/s] until one step
//                         from the command, then onto it: here an instant servo rate-limited at
//                         cmd_max (and at the joint's <velocity> limit)
//                         false (default): gz-sim runs a PID on the joint's effort, whose motion
//                         needs the joint's own dynamics, which Leeway's rigid body does not
//                         have: the servo is instant within the joint's velocity limit (warned)
//   accepted: <p_gain>, <i_gain>, <d_gain>, <i_max>, <i_min>, <cmd_min>, <cmd_offset>, <topic>,
//   <sub_topic>, <joint_index> (0 only), <initial_position> (the state at t = 0),
//   <use_actuator_msg>, <actuator_number>, several <joint_name> (one command for all).
//   The joint it drives steers a thruster, hinges a LiftDrag foil, or is the model's joint to
//   the world, which it then moves (world_joint.h; a sliding joint's unit is m); else a warning.
//
// JointController (joint-controller-system): one actuator named after <joint_name>, whose state
// is the joint's velocity [rad/s, or m/s for a prismatic joint], within the joint's <velocity>
// limit; <initial_velocity> (0) at t = 0. It drives a joint to the world; any other joint it
// names moves nothing (warned). <use_force_commands>true (gz-sim's PID on the effort) is
// warned about: the velocity is taken at once. Accepted: <p_gain>, <i_gain>, <d_gain>,
// <i_max>, <i_min>, <cmd_max>, <cmd_min>, <cmd_offset>, <topic>, <sub_topic>,
// <use_actuator_msg>, <actuator_number>.
//
// LiftDrag (lift-drag-system): a foil with gz-sim's two-lines law (foil.h).
//   <link_name>           the foil's link (required); if it turns on a joint a
//                         JointPositionController drives, the foil deflects with it
//   <cp>                  centre of pressure in the link [m] (0 0 0)
//   <forward>, <upward>   chord (leading edge) and the lift direction at positive alpha, in the
//                         link (1 0 0, 0 0 1)
//   <area> 1 m^2, <a0> 0, <cla> 1, <cda> 0.01, <alpha_stall> pi/2, <cla_stall> 0, <cda_stall> 1
//   <air_density>         1.2041: above 100 kg/m^3 the foil works in water, else in air; the
//                         world's density of that fluid is used
//   warned and ignored: <cma>, <cma_stall>, <cm_delta> (gz-sim's moment has no chord length),
//   <reversible>false (Leeway's foil mirrors its law in reversed flow),
//   <control_joint_name>/<control_joint_rad_to_cl> (Leeway turns the foil with its hinge
//   instead), <radial_symmetry>. gz-sim also scales the lift by cos^2 of the sweep angle and
//   keeps c_l's sign past the stall; Leeway's foil takes the in-plane flow only and lets the
//   two lines cross zero.
//
// ApplyJointForce (apply-joint-force-system): a force on an articulated model's joint,
// sdf/joint_efforts.h.
//   <joint_name>          the joint (required); commands on /model/M/joint/J/cmd_force
#pragma once

#include <map>
#include <sdf/Element.hh>
#include <string>

#include "leeway/sdf/actuator_sink.h"
#include "leeway/sdf/joint_frames.h"

namespace leeway::sdfio {

/// A joint a controller drives: its frame in B and its actuator's index.
struct DrivenJoint {
  JointInBody joint;
  int actuator = -1;
  bool used = false;  ///< steers a thruster or hinges a foil
};
using DrivenJoints = std::map<std::string, DrivenJoint>;

/// Adds the controller's actuator and records its joint in `driven`; a joint to the world it
/// names is driven by it.
void load_gz_joint_position_controller(const sdf::ElementPtr& plugin, ActuatorSink& sink,
                                       DrivenJoints& driven);
/// gz-sim's JointController: an actuator, the joint's velocity, which drives a joint to the
/// world (and moves nothing else, with a warning).
void load_gz_joint_controller(const sdf::ElementPtr& plugin, ActuatorSink& sink);
void load_gz_thruster(const sdf::ElementPtr& plugin, ActuatorSink& sink, DrivenJoints& driven);
void load_gz_lift_drag(const sdf::ElementPtr& plugin, ActuatorSink& sink, DrivenJoints& driven);
/// gz-sim's buoyancy engine: an actuator `buoyancy_engine` [m^3] and its bladder's force
/// (hydro/buoyancy_engine.h).
void load_gz_buoyancy_engine(const sdf::ElementPtr& plugin, ActuatorSink& sink);

/// What a joint-effort plugin says (plugin_registry.h kJointEffort, sdf/joint_efforts.h).
struct JointEffortParams {
  std::string joint;      ///< the joint it pushes on
  ActuatorWiring topics;  ///< its home simulator's command topic
};
/// gz-sim's ApplyJointForce on model `model_name`.
JointEffortParams load_gz_apply_joint_force(const sdf::ElementPtr& plugin,
                                            const std::string& model_name);

}  // namespace leeway::sdfio
