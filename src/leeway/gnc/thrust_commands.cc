#include "leeway/gnc/thrust_commands.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "leeway/core/overloaded.h"
#include "leeway/world/model.h"

namespace leeway {
namespace {

/// The curve's thrust at rotor state x (zero advance speed), with the adjustment.
double steady_thrust(const Thruster& t, double x) {
  const ThrustAdjustment& a = t.adjustment;
  return std::clamp(a.thrust_efficiency * thrust_of(t.curve, a.state_efficiency * x, 0.0).thrust,
                    a.thrust_min, a.thrust_max);
}

bool invertible(const ThrustCurve& c) {
  if (const auto* t = std::get_if<TableThrust>(&c)) {
    for (std::size_t i = 1; i < t->thrust.size(); ++i)
      if (!(t->thrust[i] > t->thrust[i - 1])) return false;
    return true;
  }
  return std::holds_alternative<QuadraticThrust>(c) || std::holds_alternative<LinearThrust>(c);
}

}  // namespace

double command_for_thrust(const Thruster& t, double thrust) {
  const ThrustAdjustment& a = t.adjustment;
  const double T = thrust / a.thrust_efficiency;  // what the curve must give
  const double x = std::visit(
      Overloaded{[&](const QuadraticThrust& q) {
                   const double k = T >= 0.0 ? q.k_forward : q.k_reverse;
                   return k > 0.0 ? std::copysign(std::sqrt(std::abs(T) / k), T) : 0.0;
                 },
                 [&](const LinearThrust& l) {
                   return T >= 0.0 ? T / l.max_forward * l.x_max : T / l.max_reverse * l.x_max;
                 },
                 [&](const TableThrust& tab) {
                   const auto& f = tab.thrust;
                   const double Tc = std::clamp(T, f.front(), f.back());
                   const std::size_t i = static_cast<std::size_t>(std::clamp<std::ptrdiff_t>(
                       std::upper_bound(f.begin(), f.end(), Tc) - f.begin() - 1, 0,
                       static_cast<std::ptrdiff_t>(f.size()) - 2));
                   const double s = (Tc - f[i]) / (f[i + 1] - f[i]);
                   return tab.x[i] + s * (tab.x[i + 1] - tab.x[i]);
                 },
                 [&](const auto&) { return 0.0; }},
      t.curve);
  return x / a.state_efficiency;
}

namespace {

/// Columns of B with every thruster held straight.
Eigen::Matrix<double, 6, Eigen::Dynamic> straight_columns(const Model& model, int body) {
  const auto& thrusters = model.bodies.at(static_cast<std::size_t>(body)).thrusters;
  Eigen::Matrix<double, 6, Eigen::Dynamic> B(6, static_cast<Eigen::Index>(thrusters.size()));
  for (std::size_t i = 0; i < thrusters.size(); ++i) {
    const ThrusterPose straight = thruster_pose(thrusters[i], 0.0);
    B.col(static_cast<Eigen::Index>(i)) = allocation_column(straight.p_BoP_B, straight.axis_B);
  }
  return B;
}

}  // namespace

bool thrusters_give(const Model& model, int body, int axis) {
  // An empty B has no row to take (Eigen would offset a null pointer).
  if (model.bodies.at(static_cast<std::size_t>(body)).thrusters.empty()) return false;
  return straight_columns(model, body).row(axis).cwiseAbs().maxCoeff() > 1e-9;
}

bool straight_thrusters_span(const Model& model, int body, const Vec6& controlled) {
  if (model.bodies.at(static_cast<std::size_t>(body)).thrusters.empty()) return controlled.isZero();
  const Eigen::MatrixXd B = controlled.asDiagonal() * straight_columns(model, body);
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(B);
  qr.setThreshold(1e-9);
  return qr.rank() == (controlled.array() != 0.0).count();
}

ThrustCommander thrust_commander(const Model& model, int body, const Vec6& controlled, bool steer) {
  const BodyModel& b = model.bodies.at(static_cast<std::size_t>(body));
  if (b.thrusters.empty()) {
    throw std::invalid_argument(
        fmt::format("model '{}' has no thrusters to allocate to", b.model_name));
  }
  ThrustCommander c;
  c.steer = steer;
  std::vector<AllocatorThruster> entries;
  for (const Thruster& t : b.thrusters) {
    const ActuatorModel& a = model.actuators.at(static_cast<std::size_t>(t.actuator));
    if (!invertible(t.curve)) {
      throw std::invalid_argument(
          fmt::format("thruster '{}': its thrust curve has no inverse for allocation; expected a "
                      "quadratic, linear or strictly increasing table curve",
                      a.full_name()));
    }
    c.azimuths.push_back(t.azimuth_actuator);
    const ThrusterPose straight = thruster_pose(t, 0.0);
    AllocatorThruster e;
    e.p_BoT_B = straight.p_BoP_B;
    e.axis_B = straight.axis_B;
    if (steer && t.azimuth_actuator >= 0) {
      const ActuatorModel& turn = model.actuators.at(static_cast<std::size_t>(t.azimuth_actuator));
      const Vec3& k = t.turn_axis_B;
      e.azimuth = true;
      e.turn_axis_B = k;
      e.p_BoT_B = t.p_BoPivot_B + (straight.p_BoP_B - t.p_BoPivot_B).dot(k) * k;
      e.max_angle = std::min(-turn.dynamics.x_min, turn.dynamics.x_max);
    }
    // The thrust the rotor can reach at its state limits, within the adjustment's.
    const double lo = a.dynamics.x_min, hi = a.dynamics.x_max;
    e.t_min =
        std::max(t.adjustment.thrust_min, std::isfinite(lo) ? steady_thrust(t, lo) : -INFINITY);
    e.t_max =
        std::min(t.adjustment.thrust_max, std::isfinite(hi) ? steady_thrust(t, hi) : INFINITY);
    entries.push_back(e);
    c.actuators.push_back(t.actuator);
    c.thrusters.push_back(t);
  }
  c.allocator = make_allocator(std::move(entries), controlled);
  // Every controlled axis needs some thrust on it, or the controller's command there is lost.
  static constexpr const char* kAxes[] = {"surge force", "sway force",   "heave force",
                                          "roll moment", "pitch moment", "yaw moment"};
  for (int k = 0; k < 6; ++k) {
    if (controlled[k] != 0.0 && c.allocator.B.row(k).norm() < 1e-9) {
      throw std::invalid_argument(
          fmt::format("model '{}': its thrusters give no {}, which its controller needs from them",
                      b.model_name, kAxes[k]));
    }
  }
  return c;
}

Vec6 command_wrench(const ThrustCommander& c, const Vec6& tau,
                    std::vector<std::optional<double>>& commands, std::vector<double>* angles,
                    double period) {
  const Allocation a = allocate(c.allocator, tau, angles ? *angles : std::vector<double>{},
                                c.steering_rate * period, c.full_rate_thrust);
  for (std::size_t i = 0; i < c.thrusters.size(); ++i) {
    commands.at(static_cast<std::size_t>(c.actuators[i])) =
        command_for_thrust(c.thrusters[i], a.thrust[i]);
    if (c.azimuths[i] >= 0) commands.at(static_cast<std::size_t>(c.azimuths[i])) = a.angle[i];
  }
  if (angles) *angles = a.angle;
  return a.achieved;
}

}  // namespace leeway
