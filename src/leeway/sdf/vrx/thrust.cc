#include "leeway/sdf/vrx/thrust.h"

#include <cmath>
#include <numbers>

#include "leeway/propulsion/thrust_curve_parameters.h"
#include "leeway/sdf/joint_frames.h"
#include "leeway/sdf/parameter_reading.h"

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

/// VRX classic's spelling of the maps' parameters, its defaults, and its reverse cap stated
/// negative.
const Dialect kVrxThruster{
    .defaults = {{"max_command", 1.0}, {"max_forward", 250.0}, {"max_reverse", -100.0}},
    .names = {{"max_command", "maxCmd"},
              {"max_forward", "maxForceFwd"},
              {"max_reverse", "maxForceRev"}},
    .opposite_sign = {"max_reverse"}};

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
    const LinearThrust linear = read_parameters(e, kLinearThrustParameters, kVrxThruster);
    const double max_cmd = linear.x_max;
    Thruster t;
    t.p_BoP_B = X_BL.translation();
    t.axis_B = X_BL.linear() * Vec3::UnitX();
    t.torque_factor = 0.0;
    const sdf::ElementPtr mapping = optional_child(e, "mappingType");
    const int type = mapping ? read_count_at_least(mapping, 0, "0 (linear) or 1 (logistic)") : 0;
    if (type == 0) {
      t.curve = linear;
    } else if (type == 1) {
      // VRX's fit takes the command in [-1, 1]; a larger <maxCmd> is scaled onto it.
      t.curve = vrx_logistic_thrust(linear.max_forward, linear.max_reverse);
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
