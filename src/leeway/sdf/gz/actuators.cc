#include "leeway/sdf/gz/actuators.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "leeway/hydro/foil_parameters.h"
#include "leeway/sdf/parameter_reading.h"
#include "leeway/sdf/propeller_reading.h"

namespace leeway::sdfio {
namespace {

/// The controlled joint whose child link is `link`, if any.
DrivenJoint* driving(DrivenJoints& driven, const std::string& link) {
  for (auto& [name, d] : driven)
    if (d.joint.child_link == link) return &d;
  return nullptr;
}

/// The body's joint to the world, if `joint` names it.
WorldJoint* world_joint_named(ActuatorSink& sink, const std::string& joint) {
  return sink.body.world_joint && sink.body.world_joint->name == joint ? &*sink.body.world_joint
                                                                       : nullptr;
}

const char* joint_unit(const WorldJoint* joint, const char* angular, const char* linear) {
  return joint && joint->type == WorldJoint::Type::kPrismatic ? linear : angular;
}

/// A topic as gz-transport makes it valid: absolute, without empty parts ("a//b" is "a/b").
std::string absolute_topic(const std::string& topic) {
  std::string out = "/";
  for (const char c : topic) {
    if (c != '/' || out.back() != '/') out += c;
  }
  if (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

}  // namespace

// VRX writes a <name> into its Thruster and JointPositionController blocks; gz-sim ignores it,
// and so does Leeway (accepted, docs/sdf-reference.md).

void load_gz_joint_position_controller(const sdf::ElementPtr& p, ActuatorSink& sink,
                                       DrivenJoints& driven) {
  reject_unknown_children(
      p,
      {"joint_name", "joint_index", "use_velocity_commands", "p_gain", "i_gain", "d_gain", "i_max",
       "i_min", "cmd_max", "cmd_min", "cmd_offset", "topic", "sub_topic", "initial_position",
       "use_actuator_msg", "actuator_number", "name"},
      "gz-sim's JointPositionController parameters (docs/sdf-reference.md)");
  // One command drives every joint it names (gz-sim 8 and later); the actuator takes the first's
  // name and the range every joint allows.
  std::vector<DrivenJoint> joints;
  required_child(p, "joint_name", "the joint it drives");
  for_each_child(p, [&](const sdf::ElementPtr& name) {
    if (name->GetName() != "joint_name") return;
    if (driven.contains(text_of(name))) {
      throw LoadError(location_of(name), fmt::format("a second controller for joint '{}'; "
                                                     "expected one controller per joint",
                                                     text_of(name)));
    }
    joints.push_back({sink.joint(name), -1, false});
  });
  if (const sdf::ElementPtr e = optional_child(p, "joint_index"); e && read_number(e, "0") != 0) {
    throw LoadError(location_of(e), "expected joint index 0: Leeway's joints have one axis");
  }
  if (const sdf::ElementPtr e = optional_child(p, "actuator_number")) {
    read_count_at_least(e, 0, "the index into the Actuators message");
  }
  // A joint to the world it names moves the body (world_joint.h); its unit is then the joint's.
  WorldJoint* world = nullptr;
  for (const DrivenJoint& d : joints)
    world = world ? world : world_joint_named(sink, d.joint.name);
  ActuatorModel a;
  a.name = joints.front().joint.name;
  a.unit = joint_unit(world, "rad", "m");
  a.dynamics.dynamics = ZeroOrderRotor{};
  a.initial = any_number_or(p, "initial_position", 0.0, "a joint position in rad (m if sliding)");
  double lower = -INFINITY, upper = INFINITY, max_velocity = INFINITY;
  for (const DrivenJoint& d : joints) {
    lower = std::max(lower, d.joint.lower);
    upper = std::min(upper, d.joint.upper);
    max_velocity = std::min(max_velocity, d.joint.max_velocity);
  }
  a.dynamics.x_min = std::min(lower, a.initial);
  a.dynamics.x_max = std::max(upper, a.initial);
  a.dynamics.max_rate = max_velocity;
  if (flag_or(p, "use_velocity_commands", false)) {
    if (const sdf::ElementPtr e = optional_child(p, "cmd_max")) {
      a.dynamics.max_rate =
          std::min(a.dynamics.max_rate, read_number_at_least(e, 0.0, true, "a rate in rad/s"));
    }
  } else {
    sink.warn_instant_servo(p, a.name, "gz-sim's", a.dynamics.max_rate);
  }
  a.command_min = a.dynamics.x_min;
  a.command_max = a.dynamics.x_max;
  // gz-sim's topic: <topic> as written, else <sub_topic> under the model, else the joint's.
  const std::string model = sink.model.Name();
  ActuatorWiring topics;
  if (const sdf::ElementPtr e = optional_child(p, "topic")) {
    topics.command_topic = absolute_topic(text_of(e));
  } else if (const sdf::ElementPtr e = optional_child(p, "sub_topic")) {
    topics.command_topic = absolute_topic("/model/" + model + "/" + text_of(e));
  } else {
    topics.command_topic = absolute_topic("/model/" + model + "/joint/" + a.name + "/0/cmd_pos");
  }
  const int actuator = sink.add(std::move(a), p, topics);
  if (world) {
    world->drive = WorldJoint::Drive::kPosition;
    world->driver = actuator;
  }
  for (DrivenJoint& d : joints) {
    d.actuator = actuator;
    d.used = d.used || world_joint_named(sink, d.joint.name) != nullptr;
    driven.emplace(d.joint.name, std::move(d));
  }
}

void load_gz_joint_controller(const sdf::ElementPtr& p, ActuatorSink& sink) {
  reject_unknown_children(p,
                          {"joint_name", "initial_velocity", "use_force_commands", "p_gain",
                           "i_gain", "d_gain", "i_max", "i_min", "cmd_max", "cmd_min", "cmd_offset",
                           "topic", "sub_topic", "use_actuator_msg", "actuator_number"},
                          "gz-sim's JointController parameters (docs/sdf-reference.md)");
  const sdf::ElementPtr first = required_child(p, "joint_name", "the joint it drives");
  WorldJoint* world = nullptr;
  std::vector<JointInBody> joints;
  for_each_child(p, [&](const sdf::ElementPtr& name) {
    if (name->GetName() != "joint_name") return;
    joints.push_back(sink.joint(name));
    world = world ? world : world_joint_named(sink, joints.back().name);
  });
  if (const sdf::ElementPtr e = optional_child(p, "actuator_number")) {
    read_count_at_least(e, 0, "the index into the Actuators message");
  }
  ActuatorModel a;
  a.name = joints.front().name;
  a.unit = joint_unit(world, "rad/s", "m/s");
  a.dynamics.dynamics = ZeroOrderRotor{};
  a.initial =
      any_number_or(p, "initial_velocity", 0.0, "a joint velocity in rad/s (m/s if sliding)");
  double max_velocity = INFINITY;
  for (const JointInBody& j : joints)
    max_velocity = std::min(max_velocity, j.max_velocity);
  a.dynamics.x_min = std::min(-max_velocity, a.initial);
  a.dynamics.x_max = std::max(max_velocity, a.initial);
  a.command_min = a.dynamics.x_min;
  a.command_max = a.dynamics.x_max;
  if (flag_or(p, "use_force_commands", false)) {
    sink.diagnostics.warn(location_of(p),
                          fmt::format("'{}': gz-sim's PID on the joint's effort needs the "
                                      "joint's own dynamics, which Leeway's rigid body does not "
                                      "have; the joint takes its commanded velocity at once",
                                      a.name));
  }
  const int actuator = sink.add(std::move(a), p);
  if (world) {
    world->drive = WorldJoint::Drive::kVelocity;
    world->driver = actuator;
    return;
  }
  sink.diagnostics.warn(location_of(first),
                        fmt::format("joint '{}' is driven by a JointController, which moves a "
                                    "joint to the world only (Leeway merges a model's other "
                                    "joints into its rigid body); its actuator '{}' moves "
                                    "nothing",
                                    joints.front().name, joints.front().name));
}

void load_gz_thruster(const sdf::ElementPtr& p, ActuatorSink& sink, DrivenJoints& driven) {
  reject_unknown_children(p,
                          {"namespace",
                           "topic",
                           "joint_name",
                           "use_angvel_cmd",
                           "fluid_density",
                           "propeller_diameter",
                           "thrust_coefficient",
                           "velocity_control",
                           "p_gain",
                           "i_gain",
                           "d_gain",
                           "max_thrust_cmd",
                           "min_thrust_cmd",
                           "deadband",
                           "wake_fraction",
                           "alpha_1",
                           "alpha_2",
                           "power_load",
                           "battery_name",
                           "name"},
                          "gz-sim's Thruster parameters (docs/sdf-reference.md)");
  const JointInBody joint = sink.joint(required_child(p, "joint_name", "the propeller's joint"));
  const bool speed_command = flag_or(p, "use_angvel_cmd", false);
  Thruster t;
  t.p_BoP_B = joint.p_BoC_B;
  t.axis_B = joint.axis_B;
  t.torque_factor = 0.0;
  t.adjustment.deadband = number_or(p, "deadband", 0.0, 0.0, false, "a thrust in N");
  if (speed_command) {
    // gz-sim's Thruster.cc defaults: D 0.02 m, w_f 0.2; its element for D is its own.
    t.curve = read_propeller(p,
                             {.defaults = {{"diameter", 0.02}, {"wake_fraction", 0.2}},
                              .names = {{"diameter", "propeller_diameter"}}},
                             &sink.diagnostics);
  } else {
    // The command is the thrust: a two-point table is the identity over the command range.
    t.curve = TableThrust{{-1.0, 1.0}, {-1.0, 1.0}};
  }
  ActuatorModel a;
  a.name = joint.name;
  a.unit = speed_command ? "rad/s" : "N";
  a.command_min = any_number_or(p, "min_thrust_cmd", -1000.0, "a number");
  a.command_max = any_number_or(p, "max_thrust_cmd", 1000.0, "a number");
  if (!(a.command_min < a.command_max)) {
    throw LoadError(location_of(p), fmt::format("<min_thrust_cmd> {} is not below "
                                                "<max_thrust_cmd> {}; expected min < max",
                                                a.command_min, a.command_max));
  }
  if (!speed_command) {
    t.curve = TableThrust{{a.command_min, a.command_max}, {a.command_min, a.command_max}};
  }
  // Its battery is found once the model's batteries are read (sdf/gz/linear_battery.h).
  a.power_load = number_or(p, "power_load", 0.0, 0.0, false, "a power in W");
  // gz-sim's topic: <namespace> (the model's name by default), then <topic> under it, or the
  // joint's cmd_thrust (cmd_vel for rotation-rate commands).
  const sdf::ElementPtr ns_element = optional_child(p, "namespace");
  const std::string ns = ns_element ? text_of(ns_element) : sink.model.Name();
  ActuatorWiring topics;
  if (const sdf::ElementPtr e = optional_child(p, "topic")) {
    topics.command_topic = absolute_topic(ns + "/" + text_of(e));
  } else {
    topics.command_topic = absolute_topic("/model/" + ns + "/joint/" + a.name +
                                          (speed_command ? "/cmd_vel" : "/cmd_thrust"));
  }
  if (const sdf::ElementPtr b = optional_child(p, "battery_name")) a.battery_name = text_of(b);
  t.actuator = sink.add(std::move(a), p, topics);
  if (DrivenJoint* steering = driving(driven, joint.parent_link)) {
    t.azimuth_actuator = steering->actuator;
    t.turn_axis_B = steering->joint.axis_B;
    t.p_BoPivot_B = steering->joint.p_BoJ_B;
    steering->used = true;
  }
  sink.add_thruster(std::move(t), p);
}

void load_gz_lift_drag(const sdf::ElementPtr& p, ActuatorSink& sink, DrivenJoints& driven) {
  reject_unknown_children(p,
                          {"link_name",
                           "cp",
                           "forward",
                           "upward",
                           "area",
                           "a0",
                           "cla",
                           "cda",
                           "cma",
                           "alpha_stall",
                           "cla_stall",
                           "cda_stall",
                           "cma_stall",
                           "air_density",
                           "control_joint_name",
                           "control_joint_rad_to_cl",
                           "radial_symmetry",
                           "topic",
                           "cm_delta",
                           "reversible"},
                          "gz-sim's LiftDrag parameters (docs/sdf-reference.md)");
  const sdf::ElementPtr link_name = required_child(p, "link_name", "the foil's link");
  const Eigen::Isometry3d X_BL = link_frame(link_name, sink.links);
  const auto direction = [&](const char* name, const Vec3& fallback) -> Vec3 {
    const sdf::ElementPtr e = optional_child(p, name);
    const Vec3 v = e ? read_vec3(e, "a direction x y z") : fallback;
    if (!(v.norm() > 1e-9)) {
      throw LoadError(location_of(e), "got a zero vector, expected a direction");
    }
    return X_BL.linear() * v.normalized();
  };
  const Vec3 forward = direction("forward", Vec3::UnitX());
  const Vec3 upward = direction("upward", Vec3::UnitZ());
  require_perpendicular(p, forward, "forward", upward, "upward");
  Foil f;
  const sdf::ElementPtr cp = optional_child(p, "cp");
  f.p_BoP_B = X_BL * (cp ? read_vec3(cp, "x y z in metres") : Vec3::Zero());
  f.chord_B = forward;
  // Leeway's foil pushes towards -n = -(s x c) at positive alpha; gz-sim's towards upward.
  f.span_B = upward.cross(forward);
  f.area = number_or(p, "area", 1.0, 0.0, true, "the foil's area in m^2");
  // gz-sim's LiftDrag has a default for each (its LiftDrag.cc).
  f.coefficients = read_parameters(p, kTwoLinesParameters,
                                   {.defaults = {{"a0", 0.0},
                                                 {"cla", 1.0},
                                                 {"cda", 0.01},
                                                 {"alpha_stall", std::numbers::pi / 2},
                                                 {"cla_stall", 0.0},
                                                 {"cda_stall", 1.0}}});
  for (const char* ignored : {"cma", "cma_stall", "cm_delta", "control_joint_rad_to_cl"}) {
    if (const sdf::ElementPtr e = optional_child(p, ignored); e && read_number(e, "a number")) {
      sink.diagnostics.warn(
          location_of(e),
          fmt::format("<{}> is ignored: {}", ignored,
                      std::string(ignored).starts_with("cm")
                          ? "gz-sim's moment coefficient has no chord length to make a moment"
                          : "Leeway turns the foil with its hinge instead of adding lift"));
    }
  }
  if (!flag_or(p, "reversible", true)) {
    sink.diagnostics.warn(location_of(p->GetElement("reversible")),
                          "<reversible>false is ignored: the foil also works in reversed flow "
                          "(mirrored, foil.h)");
  }
  if (flag_or(p, "radial_symmetry", false)) {
    sink.diagnostics.warn(location_of(p->GetElement("radial_symmetry")),
                          "<radial_symmetry> is ignored: the foil keeps its <upward>");
  }
  ControlSurface s;
  // gz-sim's LiftDrag knows one density, 1.2041 kg/m^3 (air) unless stated; a stated one is the
  // plugin's own (a water density makes it a hydrofoil in the world's water and current).
  const double density = number_or(p, "air_density", 1.2041, 0.0, true, "a density in kg/m^3");
  s.fluid = density > 100.0 ? Fluid::kWater : Fluid::kAir;
  if (p->HasElement("air_density")) s.fluid_density = density;
  if (DrivenJoint* hinge = driving(driven, text_of(link_name))) {
    hinge_foil(f, hinge->joint, p);
    s.actuator = hinge->actuator;
    hinge->used = true;
  }
  s.law = f;
  sink.add_control_surface(std::move(s), p);
}

void load_gz_buoyancy_engine(const sdf::ElementPtr& p, ActuatorSink& sink) {
  reject_unknown_children(
      p,
      {"link_name", "namespace", "min_volume", "neutral_volume", "default_volume", "max_volume",
       "max_inflation_rate", "fluid_density", "surface"},
      "gz-sim's BuoyancyEngine parameters (docs/sdf-reference.md)");
  BuoyancyEngine e;
  e.p_BoL_B =
      link_frame(required_child(p, "link_name", "the link it pushes"), sink.links).translation();
  e.fluid_density = number_or(p, "fluid_density", 1000.0, 0.0, true, "a density in kg/m^3");
  e.neutral_volume = number_or(p, "neutral_volume", 0.0003, 0.0, false, "a volume in m^3");
  if (const sdf::ElementPtr s = optional_child(p, "surface")) {
    e.surface_z = read_number(s, "a height in m (world frame)");
  }
  ActuatorModel a;
  a.name = "buoyancy_engine";
  a.unit = "m^3";
  a.dynamics.dynamics = ZeroOrderRotor{};
  a.dynamics.x_min = number_or(p, "min_volume", 0.00003, 0.0, false, "a volume in m^3");
  a.dynamics.x_max = number_or(p, "max_volume", 0.00099, 0.0, false, "a volume in m^3");
  if (!(a.dynamics.x_min <= a.dynamics.x_max)) {
    throw LoadError(location_of(p), fmt::format("<min_volume> {} is above <max_volume> {}; "
                                                "expected min_volume <= max_volume",
                                                a.dynamics.x_min, a.dynamics.x_max));
  }
  a.dynamics.max_rate = number_or(p, "max_inflation_rate", 0.000003, 0.0, false, "a rate in m^3/s");
  // gz-sim starts the bladder at <default_volume>, or at <min_volume> without one.
  const sdf::ElementPtr start = optional_child(p, "default_volume");
  a.initial = start ? read_number_in(start, a.dynamics.x_min, a.dynamics.x_max,
                                     "a volume within <min_volume> and <max_volume> [m^3]")
                    : a.dynamics.x_min;
  a.command_min = a.dynamics.x_min;
  a.command_max = a.dynamics.x_max;
  // gz-sim's: the set point on /model/<namespace>/buoyancy_engine, on /buoyancy_engine without
  // one, and the bladder's volume on .../current_volume.
  ActuatorWiring wiring;
  const sdf::ElementPtr ns_element = optional_child(p, "namespace");
  const std::string ns = ns_element ? text_of(ns_element) : "";
  wiring.command_topic = ns.empty() ? "/buoyancy_engine" : "/model/" + ns + "/buoyancy_engine";
  // gz-sim publishes the volume on .../current_volume: bladders sharing a namespace would share
  // that topic (gz-sim's two interleaved streams, indistinguishable), so the first publishes.
  const std::string volume_topic = wiring.command_topic + "/current_volume";
  const auto first = std::find_if(sink.wiring.begin(), sink.wiring.end(),
                                  [&](const auto& w) { return w.output_topic == volume_topic; });
  if (first == sink.wiring.end()) {
    wiring.output_topic = volume_topic;
  } else {
    const ActuatorModel& other =
        sink.actuators[static_cast<std::size_t>(first - sink.wiring.begin())];
    sink.diagnostics.warn(
        location_of(p),
        fmt::format("model '{}''s bladder shares <namespace> '{}' with model '{}''s: one command "
                    "fills both, as in gz-sim; {} carries '{}''s volume only (gz-sim publishes "
                    "both there, indistinguishable)",
                    sink.model.Name(), ns, other.model_name, volume_topic, other.model_name));
  }
  e.actuator = sink.add(std::move(a), p, std::move(wiring));
  sink.body.buoyancy_engines.push_back(e);
}

JointEffortParams load_gz_apply_joint_force(const sdf::ElementPtr& p,
                                            const std::string& model_name) {
  reject_unknown_children(p, {"joint_name"}, "<joint_name>");
  JointEffortParams params;
  params.joint = text_of(required_child(p, "joint_name", "the joint it pushes on"));
  params.topics.command_topic =
      absolute_topic("/model/" + model_name + "/joint/" + params.joint + "/cmd_force");
  params.topics.where = location_of(p);
  return params;
}

}  // namespace leeway::sdfio
