// A sailboat's polar: its steady speed over ground along each course at an angle to the true
// wind, for one wind speed, as a velocity-prediction polar (seed 002, Fig. 10).
//
// For each angle theta between the wind and the course (the wind on the port side), the world
// runs with its wind replaced by a steady one of the given speed from the North and the boat
// set on that course with way on (0.2 times the wind speed ahead, so that the rudder bites from
// the start). Two autopilots sail it, as a helmsman and a trimmer would:
//   rudder  delta = s (K_p e - K_d r), e the course error (the track over ground once the boat
//           moves faster than 0.05 m/s, its heading before), r the yaw rate, K_p = 2, K_d = 2 s,
//           within the rudder's limits; s makes a positive delta turn the boat to port (found
//           from the rudder's own yaw moment, so either convention works)
//   sheet   eased to the length that lets the sail swing to alpha0 - a_trim (sail.h): the sail
//           meets the apparent wind at the trim angle a_trim, or luffs when closer to it
// Each course is sailed at trims of 6, 10, 14, 18 and 22 degrees (lift) and 90 degrees (square
// to the wind, for running); the speed along the course, averaged over the last third of a run
// that held its course (mean error under 5 degrees), of the best trim is the polar's. A course
// no trim can hold (the boat falls off or is blown astern) is unsailable: speed 0. Waves and
// current stay as the world has them.
#pragma once

#include <string>
#include <vector>

#include "leeway/world/model.h"

namespace leeway {

struct PolarOptions {
  std::string model;                               ///< the sailboat's model name
  std::string rudder = "rudder", sheet = "sheet";  ///< its actuators
  double wind_speed = 2.0;                         ///< true wind [m/s]
  std::vector<double> angles_deg;  ///< angles between the true wind and the course [deg]
  double duration = 120.0;         ///< each run [s]
};

struct PolarPoint {
  double angle_deg = 0.0;  ///< true-wind angle off the course
  double speed = 0.0;      ///< best steady speed along the course [m/s]
  double trim_deg = 0.0;   ///< the sail's angle of attack that gave it
  double heel_deg = 0.0;   ///< mean heel at that trim
  bool held = false;       ///< some trim held the course; else speed 0
};

/// The polar. Throws std::runtime_error naming what is wrong for an unknown model or actuator, a
/// rudder that makes no yaw moment, a sheet that is not a sail's, or a run that fails (the
/// step's error).
std::vector<PolarPoint> sail_polar(const Model& world, const PolarOptions& options);

/// The polar as an SVG half-disc plot: angles clockwise from the wind at the top, speed as the
/// radius, with a ring every 0.1, 0.2 or 0.5 m/s (whichever gives 2 to 5 rings).
std::string polar_svg(const std::vector<PolarPoint>& polar, double wind_speed,
                      const std::string& title);

}  // namespace leeway
