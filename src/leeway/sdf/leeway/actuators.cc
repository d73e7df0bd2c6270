#include "leeway/sdf/leeway/actuators.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

#include "leeway/core/frames.h"
#include "leeway/hydro/foil_parameters.h"
#include "leeway/propulsion/rotor_parameters.h"
#include "leeway/propulsion/thrust_curve_parameters.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/parameter_reading.h"
#include "leeway/sdf/propeller_reading.h"

namespace leeway::sdfio {
namespace {

const std::set<std::string> kActuatorElements = {
    "actuator", "frame",       "unit",        "dynamics",       "state_min",       "state_max",
    "max_rate", "command_min", "command_max", "command_policy", "watchdog_timeout"};

Fluid read_fluid(const sdf::ElementPtr& parent) {
  const sdf::ElementPtr e = optional_child(parent, "fluid");
  return e ? read_keyword<Fluid>(e, {{"water", Fluid::kWater}, {"air", Fluid::kAir}})
           : Fluid::kWater;
}

double any_number(const sdf::ElementPtr& parent, const char* name, const char* what) {
  return read_number(required_child(parent, name, what), what);
}

/// The one child of `e` (a choice element such as <dynamics> or <thrust>).
sdf::ElementPtr only_child(const sdf::ElementPtr& e, const char* expected) {
  sdf::ElementPtr child = e->GetFirstElement();
  if (!child || child->GetNextElement()) {
    throw LoadError(location_of(e), fmt::format("expected exactly one of {}", expected));
  }
  return child;
}

RotorDynamics read_dynamics(const sdf::ElementPtr& e) {
  const sdf::ElementPtr d = only_child(e, "<zero_order>, <first_order>, <yoerger> or <bessa>");
  const std::string kind = d->GetName();
  if (kind == "zero_order") return ZeroOrderRotor{};
  if (kind == "first_order") return read_parameter_element(d, kFirstOrderRotorParameters);
  if (kind == "yoerger") return read_parameter_element(d, kYoergerRotorParameters);
  if (kind == "bessa") return read_parameter_element(d, kBessaRotorParameters);
  throw LoadError(location_of(d),
                  fmt::format("unknown dynamics <{}>, expected <zero_order>, <first_order>, "
                              "<yoerger> or <bessa>",
                              kind));
}

ActuatorModel read_actuator(const sdf::ElementPtr& p) {
  ActuatorModel a;
  a.name = text_of(required_child(p, "actuator", "the actuator's name"));
  if (a.name.empty() || a.name.find_first_of("/= ,") != std::string::npos) {
    throw LoadError(
        location_of(p->GetElement("actuator")),
        fmt::format("got '{}', expected a name without '/', '=', ',' or spaces", a.name));
  }
  a.unit = p->HasElement("unit") ? text_of(p->GetElement("unit")) : "";
  if (const sdf::ElementPtr d = optional_child(p, "dynamics"))
    a.dynamics.dynamics = read_dynamics(d);
  const auto bound = [&](const char* name, double fallback) {
    const sdf::ElementPtr e = optional_child(p, name);
    return e ? read_number(e, "a number in the actuator's unit") : fallback;
  };
  a.dynamics.x_min = bound("state_min", -INFINITY);
  a.dynamics.x_max = bound("state_max", INFINITY);
  if (!(a.dynamics.x_min <= 0.0 && 0.0 <= a.dynamics.x_max)) {
    throw LoadError(location_of(p),
                    fmt::format("actuator '{}': state limits [{}, {}], expected state_min <= 0 <= "
                                "state_max (the actuator starts at rest)",
                                a.name, a.dynamics.x_min, a.dynamics.x_max));
  }
  a.dynamics.max_rate = number_or(p, "max_rate", INFINITY, 0.0, true, "a rate in units per second");
  if (std::isfinite(a.dynamics.max_rate) &&
      !std::holds_alternative<ZeroOrderRotor>(a.dynamics.dynamics) &&
      !std::holds_alternative<FirstOrderRotor>(a.dynamics.dynamics)) {
    throw LoadError(location_of(p->GetElement("max_rate")),
                    "a rate limit goes with zero- or first-order dynamics only");
  }
  a.command_min = bound("command_min", a.dynamics.x_min);
  a.command_max = bound("command_max", a.dynamics.x_max);
  if (a.command_min > a.command_max) {
    throw LoadError(location_of(p), fmt::format("actuator '{}': command_min {} > command_max {}",
                                                a.name, a.command_min, a.command_max));
  }
  if (const sdf::ElementPtr e = optional_child(p, "command_policy")) {
    a.policy = read_keyword<CommandPolicy>(e, {{"error", CommandPolicy::kError},
                                               {"clamp", CommandPolicy::kClamp},
                                               {"saturate", CommandPolicy::kSaturate}});
  }
  a.watchdog_timeout =
      number_or(p, "watchdog_timeout", INFINITY, 0.0, true, "a timeout in seconds");
  return a;
}

Vec3 read_direction(const sdf::ElementPtr& parent, const char* name, const Vec3& fallback,
                    bool frd) {
  const sdf::ElementPtr e = optional_child(parent, name);
  if (!e) return fallback;
  const Vec3 v = read_vec3(e, "a direction x y z");
  if (!(v.norm() > 1e-9)) {
    throw LoadError(location_of(e), fmt::format("got ({}, {}, {}), expected a non-zero direction",
                                                v.x(), v.y(), v.z()));
  }
  const Vec3 unit = v.normalized();
  return frd ? frd_to_flu(unit) : unit;
}

/// The point `name` [m] under `parent` in FLU, or `fallback` (already FLU) when absent.
Vec3 read_position(const sdf::ElementPtr& parent, const char* name, bool frd,
                   const Vec3& fallback = Vec3::Zero()) {
  const sdf::ElementPtr e = optional_child(parent, name);
  if (!e) return fallback;
  const Vec3 p = read_vec3(e, "x y z in metres");
  return frd ? frd_to_flu(p) : p;
}

ThrustCurve read_thrust(const sdf::ElementPtr& e) {
  const sdf::ElementPtr c =
      only_child(e,
                 "<quadratic>, <dead_zone>, <table>, <linear>, <logistic>, <propeller> or "
                 "<open_water>");
  const std::string kind = c->GetName();
  if (kind == "quadratic") {
    reject_unknown_children(c, parameter_names(kQuadraticThrustParameters, {"k_reverse"}),
                            "<k_forward>, <k_reverse> and <k_torque>");
    QuadraticThrust q = read_parameters(c, kQuadraticThrustParameters);
    q.k_reverse =
        read_parameter(c, kQuadraticReverse.info, q.k_forward, kQuadraticReverse.info.name);
    return q;
  }
  if (kind == "dead_zone") return read_parameter_element(c, kDeadZoneThrustParameters);
  if (kind == "table") {
    reject_unknown_children(c, {"input", "thrust"}, "<input> and <thrust>");
    TableThrust t;
    t.x = read_increasing_numbers(required_child(c, "input", "the inputs"), "inputs");
    t.thrust = read_numbers(required_child(c, "thrust", "thrust values in N"), t.x.size(),
                            "one thrust [N] per input");
    return t;
  }
  if (kind == "linear") return read_parameter_element(c, kLinearThrustParameters);
  if (kind == "logistic") {
    reject_unknown_children(c, parameter_names(kLogisticCapParameters, {"forward", "reverse"}),
                            "<forward>, <reverse>, <max_forward> and <max_reverse>");
    const auto curve = [&](const char* name) {
      const std::vector<double> v =
          read_numbers(required_child(c, name, "A K B nu C M"), 6, "A K B nu C M");
      return Logistic{v[0], v[1], v[2], v[3], v[4], v[5]};
    };
    LogisticThrust l = read_parameters(c, kLogisticCapParameters);
    l.forward = curve("forward");
    l.reverse = curve("reverse");
    return l;
  }
  if (kind == "propeller") {
    reject_unknown_children(
        c,
        parameter_names(kPropellerParameters,
                        parameter_names(kPropellerAdvanceParameters, {"thrust_coefficient"})),
        "<diameter>, <fluid_density>, and <thrust_coefficient> or <alpha_1>, "
        "<alpha_2> and <wake_fraction>");
    return read_propeller(c, {});
  }
  if (kind == "open_water") return read_parameter_element(c, kOpenWaterParameters);
  throw LoadError(location_of(c),
                  fmt::format("unknown thrust curve <{}>, expected <quadratic>, <dead_zone>, "
                              "<table>, <linear>, <logistic>, <propeller> or <open_water>",
                              kind));
}

Thruster read_thruster(const sdf::ElementPtr& p, bool frd) {
  std::set<std::string> known = kActuatorElements;
  known.insert({"position", "axis", "thrust", "torque_factor", "advance_speed", "fluid",
                "disc_radius", "azimuth"});
  reject_unknown_children(p, known,
                          "the actuator elements, <position>, <axis>, <thrust>, <torque_factor>, "
                          "<advance_speed>, <fluid>, <disc_radius> and <azimuth> "
                          "(docs/sdf-reference.md)");
  Thruster t;
  t.fluid = read_fluid(p);
  t.disc_radius = number_or(p, "disc_radius", 0.0, 0.0, true, "the propeller's radius in metres");
  t.p_BoP_B = read_position(p, "position", frd);
  t.axis_B = read_direction(p, "axis", Vec3::UnitX(), frd);
  t.curve = read_thrust(required_child(p, "thrust", "a thrust curve"));
  if (p->HasElement("torque_factor")) {
    t.torque_factor = read_number(p->GetElement("torque_factor"), "a factor on the shaft torque");
  }
  if (const sdf::ElementPtr a = optional_child(p, "advance_speed")) {
    t.advance = read_keyword<AdvanceSpeed>(a, {{"axial", AdvanceSpeed::kAxialThroughWater},
                                               {"ground_speed", AdvanceSpeed::kGroundSpeed}});
  }
  return t;
}

FoilCoefficients read_foil_coefficients(const sdf::ElementPtr& foil) {
  const sdf::ElementPtr c =
      only_child(required_child(foil, "coefficients",
                                "<flat_plate>, <two_lines>, <wing>, <quadratic> or <table>"),
                 "<flat_plate>, <two_lines>, <wing>, <quadratic> or <table>");
  const std::string kind = c->GetName();
  if (kind == "flat_plate") return read_parameter_element(c, kFlatPlateParameters);
  if (kind == "two_lines") return read_parameter_element(c, kTwoLinesParameters);
  if (kind == "wing") return read_parameter_element(c, kWingParameters);
  if (kind == "quadratic") return read_parameter_element(c, kQuadraticParameters);
  if (kind == "table") {
    reject_unknown_children(c, {"alpha", "c_l", "c_d", "c_m"}, "<alpha>, <c_l>, <c_d> and <c_m>");
    TableFoil t;
    t.alpha = read_increasing_numbers(required_child(c, "alpha", "angles in rad"), "angles in rad");
    if (t.alpha.back() - t.alpha.front() >= 2.0 * std::numbers::pi) {
      throw LoadError(location_of(c->GetElement("alpha")),
                      "the angles span a full circle or more; expected less than 2 pi");
    }
    const auto column = [&](const char* name) {
      return read_numbers(required_child(c, name, "one coefficient per angle"), t.alpha.size(),
                          "one coefficient per angle");
    };
    t.C_L = column("c_l");
    t.C_D = column("c_d");
    t.C_M = c->HasElement("c_m") ? column("c_m") : std::vector<double>(t.alpha.size(), 0.0);
    return t;
  }
  throw LoadError(location_of(c), fmt::format("unknown coefficients <{}>, expected <flat_plate>, "
                                              "<two_lines>, <wing>, <quadratic> or <table>",
                                              kind));
}

Foil read_foil(const sdf::ElementPtr& foil, bool frd) {
  reject_unknown_children(
      foil, {"position", "chord_direction", "span_direction", "area", "chord", "coefficients"},
      "<position>, <chord_direction>, <span_direction>, <area>, <chord> and <coefficients>");
  Foil f;
  f.p_BoP_B = read_position(foil, "position", frd);
  f.chord_B = read_direction(foil, "chord_direction", Vec3::UnitX(), frd);
  f.span_B = read_direction(foil, "span_direction", Vec3::UnitZ(), frd);
  require_perpendicular(foil, f.chord_B, "chord_direction", f.span_B, "span_direction");
  f.coefficients = read_foil_coefficients(foil);
  // The quadratic law's constants carry the area (foil.h).
  if (!std::holds_alternative<QuadraticFoil>(f.coefficients) || foil->HasElement("area")) {
    f.area = required_positive(foil, "area", "the foil's area in m^2");
  }
  f.chord = number_or(foil, "chord", 0.0, 0.0, false, "the chord length in metres");
  return f;
}

Sail read_sail(const sdf::ElementPtr& e, bool frd) {
  reject_unknown_children(e, {"mast", "boom_block", "deck_block", "foil"},
                          "<mast>, <boom_block>, <deck_block> and <foil>");
  Sail sail;
  required_child(e, "mast", "the mast's point, x y z in metres");
  sail.p_BoM_B = read_position(e, "mast", frd);
  sail.boom_block = required_positive(e, "boom_block", "the mast-to-boom-block distance in metres");
  sail.deck_block = required_positive(e, "deck_block", "the mast-to-deck-block distance in metres");
  sail.foil = read_foil(required_child(e, "foil", "the sail's foil"), frd);
  return sail;
}

ControlSurface read_control_surface(const sdf::ElementPtr& p, bool frd) {
  std::set<std::string> known = kActuatorElements;
  known.insert({"deflection_fin", "foil", "sail", "fluid"});
  reject_unknown_children(p, known,
                          "the actuator elements, <fluid> and one <deflection_fin>, <foil> or "
                          "<sail> (docs/sdf-reference.md)");
  ControlSurface s;
  s.fluid = read_fluid(p);
  const sdf::ElementPtr fin = optional_child(p, "deflection_fin");
  const sdf::ElementPtr foil = optional_child(p, "foil");
  const sdf::ElementPtr sail = optional_child(p, "sail");
  if (static_cast<int>(fin != nullptr) + static_cast<int>(foil != nullptr) +
          static_cast<int>(sail != nullptr) !=
      1) {
    throw LoadError(location_of(p), "expected exactly one of <deflection_fin>, <foil> and <sail>");
  }
  if (sail) {
    s.law = read_sail(sail, frd);
  } else if (fin) {
    reject_unknown_children(fin, {"position", "chord", "lift_direction", "area", "lift_slope"},
                            "<position>, <chord>, <lift_direction>, <area> and <lift_slope>");
    DeflectionFin f;
    f.p_BoP_B = read_position(fin, "position", frd);
    f.chord_B = read_direction(fin, "chord", Vec3::UnitX(), frd);
    f.lift_B = read_direction(fin, "lift_direction", Vec3::UnitY(), frd);
    require_perpendicular(fin, f.chord_B, "chord", f.lift_B, "lift_direction");
    f.area = required_positive(fin, "area", "the fin's area in m^2");
    f.lift_slope = any_number(fin, "lift_slope", "the lift slope C_L per rad of deflection");
    s.law = f;
  } else {
    s.law = read_foil(foil, frd);
  }
  return s;
}

}  // namespace

void load_leeway_foil(const sdf::ElementPtr& p, ActuatorSink& sink) {
  const bool frd = read_frame_is_frd(p);
  reject_unknown_children(p, {"frame", "fluid", "foil"}, "<frame>, <fluid> and <foil>");
  ControlSurface s;
  s.fluid = read_fluid(p);
  s.law = read_foil(required_child(p, "foil", "the foil"), frd);
  sink.add_control_surface(std::move(s), p);
}

void load_leeway_thruster(const sdf::ElementPtr& p, ActuatorSink& sink) {
  const bool frd = read_frame_is_frd(p);
  Thruster t = read_thruster(p, frd);
  t.actuator = sink.add(read_actuator(p), p->GetElement("actuator"));
  if (const sdf::ElementPtr az = optional_child(p, "azimuth")) {
    std::set<std::string> known = kActuatorElements;
    known.erase("frame");
    known.insert({"turn_axis", "pivot"});
    reject_unknown_children(az, known,
                            "the actuator elements (but <frame>, the thruster's), "
                            "<turn_axis> and <pivot>");
    t.turn_axis_B = read_direction(az, "turn_axis", Vec3::UnitZ(), frd);
    t.p_BoPivot_B = read_position(az, "pivot", frd, t.p_BoP_B);
    t.azimuth_actuator = sink.add(read_actuator(az), az->GetElement("actuator"));
  }
  sink.add_thruster(std::move(t), p, optional_child(p, "azimuth"));
}

void load_leeway_control_surface(const sdf::ElementPtr& p, ActuatorSink& sink) {
  const bool frd = read_frame_is_frd(p);
  ControlSurface s = read_control_surface(p, frd);
  s.actuator = sink.add(read_actuator(p), p->GetElement("actuator"));
  sink.add_control_surface(std::move(s), p);
}

}  // namespace leeway::sdfio
