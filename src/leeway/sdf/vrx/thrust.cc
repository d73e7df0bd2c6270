#include "leeway/sdf/vrx/thrust.h"

#include <cmath>
#include <numbers>

#include "leeway/sdf/joint_frames.h"

namespace leeway::sdfio {
namespace {

/// The last part of a topic path: "thrusters/left_thrust_cmd" -> "left_thrust_cmd".
std::string topic_name(const sdf::ElementPtr& topic) {
  const std::string t = text_of(topic);
  const std::string last = t.substr(t.find_last_of('/') + 1);
  if (last.empty()) {
    throw LoadError(
        location_of(topic),
        fmt::format("got '{}', expected a topic whose last part names the actuator", t));
  }
  return last;
}

}  // namespace

LogisticThrust vrx_logistic_thrust(double max_forward, double max_reverse) {
  return {{0.01, 59.82, 5.0, 0.38, 0.56, 0.28},
          {-199.13, -0.09, 8.84, 5.34, 0.99, -0.57},
          max_forward,
          max_reverse};
}

void load_vrx_thrust(const sdf::ElementPtr& p, ActuatorSink& sink) {
  reject_unknown_children(p, {"cmdTimeout", "robotNamespace", "thruster"},
                          "<cmdTimeout>, <robotNamespace> and <thruster> blocks");
  const double timeout = number_or(p, "cmdTimeout", 1.0, 0.0, true, "a timeout in seconds");
  if (!p->HasElement("thruster")) {
    throw LoadError(location_of(p), "no <thruster>; expected one block per engine");
  }
  for (sdf::ElementPtr e = p->GetElement("thruster"); e; e = e->GetNextElement("thruster")) {
    reject_unknown_children(
        e,
        {"linkName", "propJointName", "engineJointName", "cmdTopic", "angleTopic", "enableAngle",
         "mappingType", "maxCmd", "maxForceFwd", "maxForceRev", "maxAngle"},
        "VRX's thruster parameters (docs/sdf-reference.md)");
    const Eigen::Isometry3d X_BL =
        link_frame(required_child(e, "linkName", "the propeller's link"), sink.links);
    const double max_cmd = number_or(e, "maxCmd", 1.0, 0.0, true, "the full command");
    const double max_fwd = number_or(e, "maxForceFwd", 250.0, 0.0, false, "a thrust in N >= 0");
    const sdf::ElementPtr rev = optional_child(e, "maxForceRev");
    const double max_rev = rev ? read_number_in(rev, -INFINITY, 0.0, "a thrust in N <= 0") : -100.0;
    Thruster t;
    t.p_BoP_B = X_BL.translation();
    t.axis_B = X_BL.linear() * Vec3::UnitX();
    t.torque_factor = 0.0;
    const sdf::ElementPtr mapping = optional_child(e, "mappingType");
    const int type = mapping ? read_count_at_least(mapping, 0, "0 (linear) or 1 (logistic)") : 0;
    if (type == 0) {
      t.curve = LinearThrust{max_cmd, max_fwd, max_rev};
    } else if (type == 1) {
      // VRX's fit takes the command in [-1, 1]; a larger <maxCmd> is scaled onto it.
      t.curve = vrx_logistic_thrust(max_fwd, max_rev);
      t.adjustment.state_efficiency = 1.0 / max_cmd;
    } else {
      throw LoadError(location_of(mapping),
                      fmt::format("got {}, expected 0 (linear) or 1 (logistic)", type));
    }
    ActuatorModel a;
    a.name = topic_name(required_child(e, "cmdTopic", "the thrust command's topic"));
    a.command_min = -max_cmd;
    a.command_max = max_cmd;
    a.watchdog_timeout = timeout;
    t.actuator = sink.add(std::move(a), e);
    if (const sdf::ElementPtr spin = optional_child(e, "propJointName")) sink.joint(spin);
    const sdf::ElementPtr enable = optional_child(e, "enableAngle");
    if (enable && read_bool(enable)) {
      const JointInBody engine =
          sink.joint(required_child(e, "engineJointName", "the engine's steering joint"));
      const double max_angle =
          number_or(e, "maxAngle", std::numbers::pi / 2, 0.0, true, "an angle in rad");
      ActuatorModel az;
      az.name = topic_name(required_child(e, "angleTopic", "the angle command's topic"));
      az.unit = "rad";
      az.dynamics.x_min = az.command_min = -max_angle;
      az.dynamics.x_max = az.command_max = max_angle;
      az.dynamics.max_rate = engine.max_velocity;
      sink.warn_instant_servo(enable, az.name, "VRX's", az.dynamics.max_rate);
      t.turn_axis_B = engine.axis_B;
      t.p_BoPivot_B = engine.p_BoJ_B;
      t.azimuth_actuator = sink.add(std::move(az), e);
    }
    sink.add_thruster(std::move(t), e);
  }
}

}  // namespace leeway::sdfio
