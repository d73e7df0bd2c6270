// A vehicle's reference navigator: its body's sensors fed to the navigation filter
// (navigation_filter.h), giving the navigation solution a controller reads when its SDF says
// <navigation>estimated</navigation> (controller.h).
//
// The sensors, the first of each kind on the controller's body (sensors/sensor.h):
//   imu                 required: propagation, its errors modelled from its noise (below)
//   magnetometer        required: the compass heading of its x axis, turned from magnetic to
//                       grid north by the declination of the field at W's origin
//   navsat              the antenna's position and velocity while it has a fix
//   acoustic_position   the sensor's position (USBL, UUV Simulator's RPT)
//   dvl                 the bottom-track velocity in its frame, with the covariance it reports
//   air_pressure        the sensor's height, surface_level - depth, while it is deeper than 0.2 m
// and at least one of navsat, acoustic_position and dvl. Underwater without a position fix the
// horizontal position is dead-reckoned from the DVL (its error grows, and the covariance with it).
//
// Each sensor's error as the filter takes it, from its NoiseModel (sensors/noise.h) at its period
// T (the larger of 1 / rate and the step):
//   white variance  white_stddev^2 + density^2 / T + quantum^2 / 12
//   IMU bias drift  random_walk^2 + 2 sigma_gm^2 / tau   (the Gauss-Markov bias as a random walk,
//                                                         which bounds it)
//   IMU bias start  mean^2 + turn_on_mean^2 + turn_on_sigma^2 + sigma_gm^2
// with floors on the aiding sensors' deviations (1 cm, 1 cm/s, 1 mrad, 1 mm/s for a DVL) so that
// a noiseless sensor is trusted, not believed exactly. The aiding sensors' biases and walks are
// not estimated: an uncalibrated compass biases the heading, as it would at sea.
//
// The estimate starts at the body's true initial state displaced by a draw from the initial
// covariance (NavigationFilterModel's sigmas), from the navigator's own random stream ("navigator"
// and the model's name): a launch pose known to that accuracy, different with each seed.
//
// Timing: the samples a step takes are of the state it starts from (world/step_data.h); the
// navigator takes them after the step, so the controller of the next step reads an estimate one
// step old, carried to its time by the held IMU reading.
#pragma once

#include <string>
#include <vector>

#include "leeway/core/geo.h"
#include "leeway/gnc/navigation.h"
#include "leeway/gnc/navigation_filter.h"
#include "leeway/world/model.h"
#include "leeway/world/state.h"
#include "leeway/world/step_data.h"

namespace leeway {

/// An aiding sensor and its measurement's noise.
struct NavigationAid {
  int sensor = -1;               ///< index in Model::sensors
  Vec3 p_BS = Vec3::Zero();      ///< its origin in B [m]
  Mat3 R_BM = Mat3::Identity();  ///< the axes it measures in: S's, a DVL's reporting frame
  Mat3 position_covariance = Mat3::Zero();  ///< [m^2], in W (navsat, acoustic_position)
  Mat3 velocity_covariance = Mat3::Zero();  ///< [m^2/s^2], in W (navsat); a DVL's floor
  double variance = 0.0;  ///< a compass heading's [rad^2], a pressure height's [m^2]
};

struct NavigatorModel {
  int body = -1;
  int imu = -1;  ///< index in Model::sensors
  NavigationFilterModel filter;
  std::vector<NavigationAid> aids;
  Geodetic origin;           ///< W's, for the GNSS fixes
  double declination = 0.0;  ///< magnetic north's bearing from W's y, clockwise [rad]
  double surface_level = 0.0;
  std::string stream;  ///< the name of its random stream
};

/// The navigator of body `body` of `model` for the controller of model `model_name`. Throws
/// std::invalid_argument naming what the body lacks (an IMU, a compass, a position or velocity
/// fix).
NavigatorModel make_navigator(const Model& model, int body, const std::string& model_name);

/// Its state at the start of a run from `state` (above).
NavigationFilterState initial_navigator_state(const NavigatorModel& navigator, const Model& model,
                                              const State& state);

/// Takes the samples of its sensors that the step which produced `data` took.
void navigator_update(const NavigatorModel& navigator, NavigationFilterState& filter,
                      const StepData& data);

/// The navigation solution at time t.
NavigationSolution navigator_solution(const NavigatorModel& navigator,
                                      const NavigationFilterState& filter, double t);

/// How far the solution at `truth`'s time t is from it, and the filter's own deviations.
struct NavigationError {
  double horizontal = 0.0;        ///< |p^ - p| of Bo along W's x and y [m]
  double vertical = 0.0;          ///< along W's z [m], signed
  double heading = 0.0;           ///< yaw^ - yaw [rad], in [-pi, pi)
  double horizontal_sigma = 0.0;  ///< sqrt of the position covariance's horizontal trace [m]
  double heading_sigma = 0.0;     ///< [rad]
};
NavigationError navigation_error(const NavigatorModel& navigator,
                                 const NavigationFilterState& filter, const BodyState& truth,
                                 double t);

}  // namespace leeway
