// A ping as a sonar's display draws it: the fan seen from above, in metres.
//
// The image looks down on S's x-y plane: S's x (the fan's axis) points up the image, S's y to
// the left, the sensor at the bottom centre (or lower, for a fan wider than a half turn), the
// range_max arc at the top; a pixel is `range_max / height` metres square. Each pixel inside the
// fan shows the level of the beam and range bin it falls in (the nearest of each), as grey from
// black at `top - dynamic_range` dB to white at `top`, the ping's highest level; outside the
// fan, and closer than range_min, it is black.
#pragma once

#include <cstdint>
#include <vector>

#include "leeway/sensors/sonar.h"

namespace leeway {

struct FanImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  ///< rgb8 rows from the top
};

/// `ping` of `sonar` on a fan `height` pixels tall, levels over `dynamic_range` [dB] (> 0).
FanImage sonar_fan(const SonarModel& sonar, const SonarImage& ping, int height,
                   double dynamic_range = 60.0);

}  // namespace leeway
