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

/// A side-scan's display: its pings as rows of a waterfall, the newest at the top. A row is
/// `width` pixels: the port side's range from the centre out to the left edge, the
/// starboard's from the centre out to the right, each pixel the loudest of the bins it covers,
/// grey from black at `dynamic_range` dB below the ping's highest level to white at it. The
/// image is grey8, `rows` tall; rows not yet pinged are black.
struct Waterfall {
  int width = 1024, rows = 400;
  std::vector<std::uint8_t> grey;  ///< rows from the top, `width` pixels each
};

/// Adds a side-scan's `ping` (sonar.h: beams 0 port, 1 starboard) at the top of `w`, the older
/// rows moving down one (the oldest drops out).
void add_to_waterfall(Waterfall& w, const SonarImage& ping, double dynamic_range = 60.0);

}  // namespace leeway
