#include "leeway/propulsion/actuator_checks.h"

#include <fmt/format.h>

#include <cmath>
#include <initializer_list>
#include <numbers>

namespace leeway {
namespace {

bool finite(std::initializer_list<double> values) {
  for (const double v : values) {
    if (!std::isfinite(v)) return false;
  }
  return true;
}

bool unit(const Vec3& v) {
  return v.allFinite() && std::abs(v.norm() - 1.0) < 1e-9;
}

std::string str(const Vec3& v) {
  return fmt::format("{}, {}, {}", v.x(), v.y(), v.z());
}

std::string check(const QuadraticThrust& q) {
  return finite({q.k_forward, q.k_reverse, q.k_torque}) ? "" : "a quadratic constant is not finite";
}

std::string check(const DeadZoneThrust& d) {
  if (!finite({d.c_L, d.c_R, d.delta_L, d.delta_R}) || d.c_L < 0.0 || d.c_R < 0.0)
    return fmt::format("dead zone constants {} and {}: expected finite c_L, c_R >= 0", d.c_L,
                       d.c_R);
  if (d.delta_L > 0.0 || d.delta_R < 0.0)
    return fmt::format("dead zone [{}, {}]: expected delta_L <= 0 <= delta_R", d.delta_L,
                       d.delta_R);
  return "";
}

std::string check(const TableThrust& t) {
  if (t.x.empty() || t.x.size() != t.thrust.size())
    return fmt::format(
        "a table of {} inputs and {} thrusts: expected one thrust per input, and "
        "at least one",
        t.x.size(), t.thrust.size());
  for (std::size_t i = 0; i < t.x.size(); ++i) {
    if (!finite({t.x[i], t.thrust[i]})) return fmt::format("table row {} is not finite", i + 1);
    if (i > 0 && !(t.x[i] > t.x[i - 1]))
      return fmt::format("table inputs {} then {}: expected strictly increasing inputs", t.x[i - 1],
                         t.x[i]);
  }
  return "";
}

std::string check_caps(double max_forward, double max_reverse) {
  if (!finite({max_forward, max_reverse}) || max_forward < 0.0 || max_reverse < 0.0)
    return fmt::format(
        "thrust caps {} N forward and {} N reverse: expected magnitudes, each finite and >= 0",
        max_forward, max_reverse);
  return "";
}

std::string check(const LinearThrust& l) {
  if (!std::isfinite(l.x_max) || l.x_max <= 0.0)
    return fmt::format("full command {}: expected a finite command > 0", l.x_max);
  return check_caps(l.max_forward, l.max_reverse);
}

std::string check(const LogisticThrust& l) {
  for (const Logistic& f : {l.forward, l.reverse}) {
    if (!finite({f.A, f.K, f.B, f.nu, f.C, f.M}) || f.nu <= 0.0)
      return "a logistic function's parameters: expected finite numbers and nu > 0";
  }
  return check_caps(l.max_forward, l.max_reverse);
}

std::string check(const PropellerThrust& p) {
  if (!finite({p.diameter, p.fluid_density, p.thrust_coefficient, p.alpha_1, p.alpha_2,
               p.wake_fraction}) ||
      p.diameter <= 0.0 || p.fluid_density <= 0.0)
    return fmt::format(
        "a propeller of diameter {} m in a fluid of {} kg/m^3: expected both > 0 "
        "and every coefficient finite",
        p.diameter, p.fluid_density);
  return "";
}

std::string check(const OpenWaterThrust& o) {
  if (!finite({o.diameter, o.x_to_rps, o.fluid_density, o.K_T0, o.K_Tmax, o.K_Q0, o.K_Qmax, o.J_max,
               o.wake_fraction, o.thrust_deduction}) ||
      o.diameter <= 0.0 || o.x_to_rps <= 0.0 || o.fluid_density <= 0.0 || o.J_max <= 0.0)
    return "an open-water curve: expected finite coefficients, and a diameter, revolutions per "
           "unit, fluid density and J_max > 0";
  if (o.wake_fraction < 0.0 || o.wake_fraction > 1.0 || o.thrust_deduction < 0.0 ||
      o.thrust_deduction > 1.0)
    return fmt::format("wake fraction {} and thrust deduction {}: expected both in [0, 1]",
                       o.wake_fraction, o.thrust_deduction);
  return "";
}

std::string check(const FlatPlateFoil& f) {
  return finite({f.lift, f.drag}) ? "" : "flat plate coefficients: expected finite numbers";
}

std::string check(const TableFoil& t) {
  const std::size_t n = t.alpha.size();
  if (n == 0 || t.C_L.size() != n || t.C_D.size() != n || t.C_M.size() != n)
    return fmt::format(
        "a foil table of {} angles with {} C_L, {} C_D and {} C_M: expected one "
        "of each per angle, and at least one angle",
        n, t.C_L.size(), t.C_D.size(), t.C_M.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (!finite({t.alpha[i], t.C_L[i], t.C_D[i], t.C_M[i]}))
      return fmt::format("foil table row {} is not finite", i + 1);
    if (i > 0 && !(t.alpha[i] > t.alpha[i - 1]))
      return fmt::format("foil table angles {} then {}: expected strictly increasing angles",
                         t.alpha[i - 1], t.alpha[i]);
  }
  if (t.alpha.back() - t.alpha.front() >= 2.0 * std::numbers::pi)
    return fmt::format(
        "foil table angles from {} to {} rad: expected less than 2 pi between "
        "the first and the last",
        t.alpha.front(), t.alpha.back());
  return "";
}

std::string check(const TwoLinesFoil& f) {
  if (!finite({f.a0, f.cla, f.cda, f.alpha_stall, f.cla_stall, f.cda_stall}) ||
      f.alpha_stall <= 0.0)
    return fmt::format(
        "two-line coefficients with a stall at {} rad: expected finite numbers "
        "and a stall angle > 0",
        f.alpha_stall);
  return "";
}

std::string check(const WingFoil& w) {
  if (!finite({w.aspect_ratio, w.stall_angle, w.zero_lift_drag, w.oswald_efficiency,
               w.normal_force_90, w.stall_sharpness}) ||
      w.aspect_ratio <= 0.0 || w.stall_angle <= 0.0 || w.oswald_efficiency <= 0.0 ||
      w.stall_sharpness <= 0.0)
    return fmt::format(
        "a wing of aspect ratio {}, stall angle {} rad, Oswald efficiency {} and "
        "stall sharpness {}: expected finite numbers, these four > 0",
        w.aspect_ratio, w.stall_angle, w.oswald_efficiency, w.stall_sharpness);
  return "";
}

std::string check(const QuadraticFoil& q) {
  return finite({q.lift_constant, q.drag_constant}) ? ""
                                                    : "quadratic foil constants: expected finite "
                                                      "numbers";
}

std::string check_foil(const Foil& f) {
  if (!f.p_BoP_B.allFinite() || !unit(f.chord_B) || !unit(f.span_B) ||
      std::abs(f.chord_B.dot(f.span_B)) > 1e-9)
    return fmt::format(
        "a foil at ({}) with chord ({}) and span ({}): expected a finite position "
        "and unit chord and span directions at right angles",
        str(f.p_BoP_B), str(f.chord_B), str(f.span_B));
  if (!finite({f.area, f.chord}) || f.area < 0.0 || f.chord < 0.0)
    return fmt::format("a foil of area {} m^2 and chord {} m: expected both finite and >= 0",
                       f.area, f.chord);
  return std::visit([](const auto& c) { return check(c); }, f.coefficients);
}

}  // namespace

std::string check_thrust_curve(const ThrustCurve& curve) {
  return std::visit([](const auto& c) { return check(c); }, curve);
}

std::string check_thruster(const Thruster& t) {
  if (std::string problem = check_thrust_curve(t.curve); !problem.empty())
    return "thrust curve: " + problem;
  if (!t.p_BoP_B.allFinite() || !unit(t.axis_B))
    return fmt::format(
        "a propeller at ({}) pushing along ({}): expected a finite position and a "
        "unit axis",
        str(t.p_BoP_B), str(t.axis_B));
  if (!std::isfinite(t.torque_factor) || !std::isfinite(t.disc_radius) || t.disc_radius < 0.0)
    return fmt::format(
        "torque factor {} and disc radius {} m: expected finite numbers, the "
        "radius >= 0",
        t.torque_factor, t.disc_radius);
  const ThrustAdjustment& a = t.adjustment;
  if (!finite({a.state_efficiency, a.thrust_efficiency, a.deadband}) || a.deadband < 0.0 ||
      !(a.thrust_min <= a.thrust_max))
    return fmt::format(
        "efficiencies {} and {}, thrust range [{}, {}] N, dead band {} N: expected "
        "finite efficiencies, a range that is not empty and a dead band >= 0",
        a.state_efficiency, a.thrust_efficiency, a.thrust_min, a.thrust_max, a.deadband);
  return "";
}

std::string check_control_surface(const ControlSurface& s) {
  if (!std::isfinite(s.fluid_density) || s.fluid_density < 0.0)
    return fmt::format(
        "a fluid density of {} kg/m^3: expected a finite density, or 0 for the "
        "world's",
        s.fluid_density);
  if (const Foil* f = std::get_if<Foil>(&s.law)) return check_foil(*f);
  if (const DeflectionFin* fin = std::get_if<DeflectionFin>(&s.law)) {
    if (!fin->p_BoP_B.allFinite() || !unit(fin->chord_B) || !unit(fin->lift_B) ||
        std::abs(fin->chord_B.dot(fin->lift_B)) > 1e-9 || !finite({fin->area, fin->lift_slope}) ||
        fin->area < 0.0)
      return fmt::format(
          "a fin at ({}) with chord ({}) and lift ({}), area {} m^2: expected a "
          "finite position, unit chord and lift directions at right angles and "
          "a finite area >= 0",
          str(fin->p_BoP_B), str(fin->chord_B), str(fin->lift_B), fin->area);
    return "";
  }
  const Sail& sail = std::get<Sail>(s.law);
  if (!sail.p_BoM_B.allFinite() || !finite({sail.boom_block, sail.deck_block}) ||
      sail.boom_block <= 0.0 || sail.deck_block <= 0.0)
    return fmt::format(
        "a sail with its blocks {} m (boom) and {} m (deck) from the mast: "
        "expected a finite mast and both > 0",
        sail.boom_block, sail.deck_block);
  return check_foil(sail.foil);
}

std::string check_azimuth(const Thruster& t) {
  if (t.azimuth_actuator < 0) return "";
  if (!unit(t.turn_axis_B) || !t.p_BoPivot_B.allFinite())
    return fmt::format(
        "an azimuth about ({}) through ({}): expected a unit turn axis and a "
        "finite pivot",
        str(t.turn_axis_B), str(t.p_BoPivot_B));
  if (std::abs(t.turn_axis_B.dot(t.axis_B)) > 1 - 1e-9)
    return fmt::format(
        "the azimuth's turn axis ({}) is along the thrust axis ({}): turning would "
        "not steer the thrust; expected a <turn_axis> or a steering joint across "
        "it",
        str(t.turn_axis_B), str(t.axis_B));
  return "";
}

}  // namespace leeway
