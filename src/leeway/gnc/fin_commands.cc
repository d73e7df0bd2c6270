#include "leeway/gnc/fin_commands.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "leeway/world/model.h"

namespace leeway {
namespace {

/// The deflection in (0, limit] (limit < 0: in [limit, 0)) whose wrench goes furthest along
/// `column`, the fin's wrench per radian at zero: the end of its useful range. An unlimited fin
/// is searched to a quarter turn.
double useful_limit(const ControlSurface& s, double limit, const Vec6& column, const Vec6& nu,
                    double rho) {
  if (limit == 0.0) return limit;
  limit = std::clamp(limit, -M_PI / 2, M_PI / 2);
  constexpr int kSamples = 200;
  double best = limit, most = -INFINITY;
  for (int k = 1; k <= kSamples; ++k) {
    const double delta = limit * k / kSamples;
    const double along = std::copysign(1.0, limit) *
                         control_surface_wrench(s, delta, nu, Vec3::Zero(), rho).dot(column);
    if (along > most) {
      most = along;
      best = delta;
    }
  }
  return best;
}

}  // namespace

FinCommander fin_commander(const Model& model, int body, const Vec6& controlled) {
  const BodyModel& b = model.bodies.at(static_cast<std::size_t>(body));
  FinCommander c;
  std::vector<Vec6> columns;
  Vec6 nu = Vec6::Zero();
  nu[0] = 1.0;
  constexpr double kStep = 1e-3;  // [rad]; the laws are smooth at zero deflection
  const double rho = model.environment.fluid_density;
  for (const ControlSurface& s : b.control_surfaces) {
    if (s.actuator < 0 || s.fluid != Fluid::kWater || std::holds_alternative<Sail>(s.law)) continue;
    const Vec6 column = (control_surface_wrench(s, kStep, nu, Vec3::Zero(), rho) -
                         control_surface_wrench(s, -kStep, nu, Vec3::Zero(), rho)) /
                        (2.0 * kStep);
    columns.push_back(column.cwiseProduct(controlled));
    c.actuators.push_back(s.actuator);
    const RotorModel& range = model.actuators.at(static_cast<std::size_t>(s.actuator)).dynamics;
    c.delta_min.push_back(useful_limit(s, std::min(range.x_min, 0.0), column, nu, rho));
    c.delta_max.push_back(useful_limit(s, std::max(range.x_max, 0.0), column, nu, rho));
  }
  if (columns.empty()) {
    throw std::invalid_argument(fmt::format(
        "model '{}' has no actuated fins or rudders in the water to steer with", b.model_name));
  }
  c.B_1.resize(6, static_cast<Eigen::Index>(columns.size()));
  for (std::size_t i = 0; i < columns.size(); ++i)
    c.B_1.col(static_cast<Eigen::Index>(i)) = columns[i];
  c.B_1_pinv = c.B_1.completeOrthogonalDecomposition().pseudoInverse();
  static constexpr const char* kAxes[] = {"surge force", "sway force",   "heave force",
                                          "roll moment", "pitch moment", "yaw moment"};
  for (int k = 0; k < 6; ++k) {
    if (controlled[k] != 0.0 && c.B_1.row(k).norm() < 1e-9) {
      throw std::invalid_argument(fmt::format(
          "model '{}': its fins give no {} when it runs ahead, which its controller needs",
          b.model_name, kAxes[k]));
    }
  }
  return c;
}

void command_fin_wrench(const FinCommander& c, const Vec6& tau, double u,
                        std::vector<std::optional<double>>& commands) {
  const double u_e = std::max(std::abs(u), c.min_speed);
  const Eigen::VectorXd delta = c.B_1_pinv * tau / (u_e * u_e);
  for (std::size_t i = 0; i < c.actuators.size(); ++i) {
    commands.at(static_cast<std::size_t>(c.actuators[i])) =
        std::clamp(delta[static_cast<Eigen::Index>(i)], c.delta_min[i], c.delta_max[i]);
  }
}

}  // namespace leeway
