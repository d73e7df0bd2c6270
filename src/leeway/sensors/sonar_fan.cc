#include "leeway/sensors/sonar_fan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace leeway {

FanImage sonar_fan(const SonarModel& sonar, const SonarImage& ping, int height,
                   double dynamic_range) {
  const double half = 0.5 * sonar.horizontal_fov;
  const double r_max = sonar.range_max;
  // The fan's extent: forward to r_max, back to r_max cos(half) when it passes a quarter turn;
  // sideways to r_max sin(half), or r_max.
  const double back = std::min(0.0, r_max * std::cos(half));
  const double side = half >= 0.5 * std::numbers::pi ? r_max : r_max * std::sin(half);
  const double pixel = (r_max - back) / height;  // [m]
  FanImage out;
  out.height = height;
  out.width = std::max(1, static_cast<int>(std::ceil(2.0 * side / pixel)));
  out.rgb.assign(std::size_t(out.width) * std::size_t(out.height) * 3, 0);
  if (ping.level.empty()) return out;

  const float top = *std::max_element(ping.level.begin(), ping.level.end());
  const double floor = top - dynamic_range;
  const double spacing = sonar.horizontal_fov / ping.beams;
  const double bin = (sonar.range_max - sonar.range_min) / ping.bins;
  for (int v = 0; v < out.height; ++v) {
    const double x = r_max - (v + 0.5) * pixel;
    for (int u = 0; u < out.width; ++u) {
      const double y = 0.5 * out.width * pixel - (u + 0.5) * pixel;
      const double r = std::hypot(x, y);
      const double theta = std::atan2(y, x);
      if (r < sonar.range_min || r >= r_max || std::abs(theta) >= half) continue;
      const int b = std::min(ping.beams - 1, static_cast<int>((theta + half) / spacing));
      const int m = std::min(ping.bins - 1, static_cast<int>((r - sonar.range_min) / bin));
      const double level = ping.level[std::size_t(m) * std::size_t(ping.beams) + std::size_t(b)];
      const double grey = std::clamp((level - floor) / dynamic_range, 0.0, 1.0);
      const auto g = static_cast<std::uint8_t>(std::lround(255.0 * grey));
      std::uint8_t* p = &out.rgb[3 * (std::size_t(v) * std::size_t(out.width) + std::size_t(u))];
      p[0] = p[1] = p[2] = g;
    }
  }
  return out;
}

void add_to_waterfall(Waterfall& w, const SonarImage& ping, double dynamic_range) {
  const auto width = static_cast<std::size_t>(w.width), rows = static_cast<std::size_t>(w.rows);
  w.grey.resize(width * rows, 0);
  std::copy_backward(w.grey.begin(), w.grey.end() - std::ptrdiff_t(width), w.grey.end());
  const std::size_t half = width / 2, bins = static_cast<std::size_t>(ping.bins);
  std::fill_n(w.grey.begin(), width, 0);
  if (ping.level.empty() || bins == 0) return;
  const float top = *std::max_element(ping.level.begin(), ping.level.end());
  for (std::size_t side = 0; side < 2; ++side) {
    for (std::size_t k = 0; k < half; ++k) {
      // Pixel k from the centre covers bins [k bins / half, (k + 1) bins / half).
      const std::size_t lo = k * bins / half, hi = std::max(lo + 1, (k + 1) * bins / half);
      float loudest = -std::numeric_limits<float>::infinity();
      for (std::size_t m = lo; m < std::min(hi, bins); ++m)
        loudest = std::max(loudest, ping.level[2 * m + side]);
      const double x = std::clamp(1.0 - (top - loudest) / dynamic_range, 0.0, 1.0);
      const std::size_t u = side == 0 ? half - 1 - k : half + k;  // port to the left
      w.grey[u] = static_cast<std::uint8_t>(255.0 * x + 0.5);
    }
  }
}

}  // namespace leeway
