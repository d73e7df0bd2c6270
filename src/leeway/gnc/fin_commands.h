// From wanted moments to fin deflections: the allocation a body's own control surfaces define.
// A fin's moment grows with its deflection and with the square of the speed through the water,
// so the allocation is linearised about straight running at 1 m/s once, at load, and scaled by
// the speed at each update:
//
//   tau = u_e^2 B_1 delta,   column i of B_1 = d(tau)/d(delta_i) at delta = 0, surge 1 m/s
//   delta = pinv(u_e^2 B_1) tau  over the controlled axes,   u_e = max(|u|, min_speed)
//
// with u the body's surge speed over ground [m/s]. Below min_speed the fins are scheduled as at
// min_speed: they can do little there, and a larger deflection would not help. The columns come
// from the surfaces' own laws (deflection fins and foils, control_surface.h), so no sign
// convention or fin layout is assumed: a cruciform or an X tail allocates as it is built.
// Each fin's deflection is held within the range where more deflection still gives more of its
// moment: within its actuator's state range, and short of its stall (found from its law at
// load): past the stall a foil gives less, so asking for more would turn a large error into a
// weaker turn.
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

struct Model;

struct FinCommander {
  Eigen::Matrix<double, 6, Eigen::Dynamic> B_1;       ///< [N/rad, N m/rad]; uncontrolled rows 0
  Eigen::Matrix<double, Eigen::Dynamic, 6> B_1_pinv;  ///< its pseudo-inverse
  std::vector<int> actuators;                         ///< each fin's actuator in Model::actuators
  std::vector<double> delta_min, delta_max;           ///< each fin's useful range [rad]
  double min_speed = 0.5;                             ///< [m/s]
};

/// The commander for the actuated control surfaces (deflection fins and foils in water) of body
/// `body` of `model`, for the `controlled` axes (1 on each of X Y Z K M N served). Throws
/// std::invalid_argument if the body has no such surface, or if they cannot act on every
/// controlled axis.
FinCommander fin_commander(const Model& model, int body, const Vec6& controlled);

/// Deflection commands [rad] for `tau` (about Bo, in B) at surge speed u [m/s], each held within
/// its fin's useful range: fills `commands` at the fins' actuators and leaves the others alone.
void command_fin_wrench(const FinCommander& commander, const Vec6& tau, double u,
                        std::vector<std::optional<double>>& commands);

}  // namespace leeway
