#include "leeway/sdf/uuv/actuators.h"

#include <cmath>

#include "leeway/hydro/foil_parameters.h"
#include "leeway/propulsion/rotor_parameters.h"
#include "leeway/propulsion/thrust_curve_parameters.h"
#include "leeway/sdf/joint_frames.h"
#include "leeway/sdf/parameter_reading.h"

namespace leeway::sdfio {
namespace {

/// Rejects anything in a UUV block but its <type> and that type's parameters.
void only_parameters(const sdf::ElementPtr& block, std::set<std::string> parameters) {
  parameters.insert("type");
  reject_unknown_children(
      block, parameters,
      fmt::format("<type> and the parameters of type {}", text_of(block->GetElement("type"))));
}

/// UUV Simulator's names for the parameters Leeway describes (propulsion/rotor_parameters.h,
/// thrust_curve_parameters.h); UUV requires every one.
const Dialect kUuv{.leeway_defaults = false,
                   .names = {{"time_constant", "timeConstant"},
                             {"inertia", "Jmsp"},
                             {"k_v1", "Kv1"},
                             {"k_v2", "Kv2"},
                             {"k_t", "Kt"},
                             {"r_m", "Rm"},
                             {"c_l", "rotorConstantL"},
                             {"c_r", "rotorConstantR"},
                             {"delta_l", "deltaL"},
                             {"delta_r", "deltaR"}}};

/// A UUV block's <type> and the parameters of `table` (all required), nothing else.
template <class Params, std::size_t N>
Params read_uuv_parameters(const sdf::ElementPtr& block,
                           const std::array<NumberParameter<Params>, N>& table) {
  reject_unknown_children(block, parameter_names(table, {"type"}, kUuv),
                          fmt::format("<type> and {}", parameter_list(table, kUuv)));
  return read_parameters(block, table, kUuv);
}

RotorDynamics read_uuv_dynamics(const sdf::ElementPtr& d) {
  const std::string type = text_of(required_child(d, "type",
                                                  "ZeroOrder, FirstOrder, Yoerger or "
                                                  "Bessa"));
  if (type == "ZeroOrder") {
    only_parameters(d, {});
    return ZeroOrderRotor{};
  }
  if (type == "FirstOrder") return read_uuv_parameters(d, kFirstOrderRotorParameters);
  if (type == "Yoerger") return read_uuv_parameters(d, kYoergerRotorParameters);
  if (type == "Bessa") return read_uuv_parameters(d, kBessaRotorParameters);
  throw_unknown_keyword(d->GetElement("type"), type,
                        {"ZeroOrder", "FirstOrder", "Yoerger", "Bessa"});
}

ThrustCurve read_uuv_conversion(const sdf::ElementPtr& c) {
  const std::string type = text_of(required_child(c, "type", "Basic, Bessa or LinearInterp"));
  if (type == "Basic") {
    // One constant ahead and astern, and no torque.
    only_parameters(c, {"rotorConstant"});
    const double k = read_parameter(c, kQuadraticForward.info, std::nullopt, "rotorConstant");
    return QuadraticThrust{k, k, 0.0};
  }
  if (type == "Bessa") return read_uuv_parameters(c, kDeadZoneThrustParameters);
  if (type == "LinearInterp") {
    only_parameters(c, {"inputValues", "outputValues"});
    TableThrust t;
    t.x = read_increasing_numbers(required_child(c, "inputValues", "the inputs"), "inputs");
    t.thrust = read_numbers(required_child(c, "outputValues", "one thrust [N] per input"),
                            t.x.size(), "one thrust [N] per input");
    return t;
  }
  throw_unknown_keyword(c->GetElement("type"), type, {"Basic", "Bessa", "LinearInterp"});
}

/// UUV's limit pairs: min >= max means none.
std::pair<double, double> uuv_limits(const sdf::ElementPtr& p, const char* min_name,
                                     const char* max_name) {
  const sdf::ElementPtr lo = optional_child(p, min_name), hi = optional_child(p, max_name);
  const double min = lo ? read_number(lo, "a number") : -INFINITY;
  const double max = hi ? read_number(hi, "a number") : INFINITY;
  if (min >= max) return {-INFINITY, INFINITY};
  return {min, max};
}

int read_id(const sdf::ElementPtr& p, const char* name) {
  return read_count_at_least(required_child(p, name, "the actuator's number"), 0,
                             "the actuator's number");
}

/// UUV Simulator's topics of actuator `id` of `kind` ("thrusters", "fins"): /NS/KIND/ID/input
/// for its commands and /NS/KIND/ID/`output`, NS its <robotNamespace> or the model's name.
ActuatorWiring uuv_topics(const sdf::ElementPtr& p, const std::string& model_name, const char* kind,
                          int id, const char* output) {
  const sdf::ElementPtr ns_element = optional_child(p, "robotNamespace");
  std::string ns = ns_element ? text_of(ns_element) : model_name;
  while (!ns.empty() && ns.front() == '/')
    ns.erase(ns.begin());
  const std::string prefix = fmt::format("/{}/{}/{}/", ns, kind, id);
  ActuatorWiring topics;
  topics.command_topic = prefix + "input";
  topics.output_topic = prefix + output;
  topics.stamped = true;
  return topics;
}

}  // namespace

void load_uuv_thruster(const sdf::ElementPtr& p, ActuatorSink& sink) {
  reject_unknown_children(p,
                          {"linkName", "jointName", "thrusterID", "dynamics", "conversion",
                           "clampMin", "clampMax", "thrustMin", "thrustMax", "gain",
                           "thrust_efficiency", "propeller_efficiency", "robotNamespace"},
                          "UUV Simulator's thruster parameters (docs/sdf-reference.md)");
  const JointInBody joint = sink.joint(required_child(p, "jointName", "the thruster's joint"));
  Thruster t;
  t.p_BoP_B =
      link_frame(required_child(p, "linkName", "the thruster's link"), sink.links).translation();
  t.axis_B = joint.axis_B;
  t.torque_factor = 0.0;
  t.curve = read_uuv_conversion(required_child(p, "conversion", "the conversion function"));
  const auto efficiency = [&](const char* name) {
    const sdf::ElementPtr e = optional_child(p, name);
    return e ? read_number_in(e, 0.0, 1.0, "an efficiency") : 1.0;
  };
  t.adjustment.state_efficiency = efficiency("propeller_efficiency");
  t.adjustment.thrust_efficiency = efficiency("thrust_efficiency");
  std::tie(t.adjustment.thrust_min, t.adjustment.thrust_max) =
      uuv_limits(p, "thrustMin", "thrustMax");
  ActuatorModel a;
  const int id = read_id(p, "thrusterID");
  a.name = fmt::format("thruster_{}", id);
  a.dynamics.dynamics = read_uuv_dynamics(required_child(p, "dynamics", "the rotor's dynamics"));
  std::tie(a.command_min, a.command_max) = uuv_limits(p, "clampMin", "clampMax");
  if (const sdf::ElementPtr g = optional_child(p, "gain"))
    a.command_gain = read_number(g, "a gain");
  t.actuator =
      sink.add(std::move(a), p, uuv_topics(p, sink.model.Name(), "thrusters", id, "thrust"));
  sink.add_thruster(std::move(t), p);
}

void load_uuv_fin(const sdf::ElementPtr& p, ActuatorSink& sink) {
  reject_unknown_children(
      p,
      {"link_name", "joint_name", "fin_id", "dynamics", "liftdrag", "current_velocity_topic",
       "input_topic", "output_topic", "wrench_topic", "robotNamespace"},
      "UUV Simulator's fin parameters (docs/sdf-reference.md)");
  const sdf::ElementPtr link = required_child(p, "link_name", "the fin's link");
  const Eigen::Isometry3d X_BL = link_frame(link, sink.links);
  const JointInBody hinge = sink.joint(required_child(p, "joint_name", "the fin's hinge"));
  Foil f;
  f.p_BoP_B = X_BL.translation();
  f.chord_B = X_BL.linear() * Vec3::UnitX();
  f.span_B = X_BL.linear() * Vec3::UnitZ();
  const sdf::ElementPtr ld = required_child(p, "liftdrag", "the lift and drag model");
  double fluid_density = 0.0;  // the world's, unless the law states its own
  const std::string type = text_of(required_child(ld, "type", "Quadratic or TwoLines"));
  if (type == "Quadratic") {
    only_parameters(ld, parameter_names(kQuadraticParameters));
    f.coefficients = read_parameters(ld, kQuadraticParameters, {.leeway_defaults = false});
  } else if (type == "TwoLines") {
    only_parameters(ld, parameter_names(kTwoLinesParameters, {"area", "fluid_density"}));
    f.area = required_positive(ld, "area", "the fin's area in m^2");
    fluid_density = required_positive(ld, "fluid_density", "a density in kg/m^3");
    f.coefficients = read_parameters(ld, kTwoLinesParameters, {.leeway_defaults = false});
  } else {
    throw_unknown_keyword(ld->GetElement("type"), type, {"Quadratic", "TwoLines"});
  }
  hinge_foil(f, hinge, p);
  ActuatorModel a;
  const int id = read_id(p, "fin_id");
  a.name = fmt::format("fin_{}", id);
  a.unit = "rad";
  a.dynamics.dynamics = read_uuv_dynamics(required_child(p, "dynamics", "the fin's dynamics"));
  a.dynamics.x_min = std::min(hinge.lower, 0.0);
  a.dynamics.x_max = std::max(hinge.upper, 0.0);
  a.command_min = a.dynamics.x_min;
  a.command_max = a.dynamics.x_max;
  ControlSurface s;
  s.law = f;
  s.fluid_density = fluid_density;
  s.actuator = sink.add(std::move(a), p, uuv_topics(p, sink.model.Name(), "fins", id, "output"));
  sink.add_control_surface(std::move(s), p);
}

}  // namespace leeway::sdfio
