#include "leeway/sensors/forward_scatter.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace leeway {
namespace {

/// One level of the pyramid: its pixels, each `channels` floats, and how many of the image's
/// pixels one of its pixels spans along each axis.
struct Level {
  int width = 0, height = 0, channels = 0, scale = 1;
  double sigma = 0.0;  ///< its blur's standard deviation [image pixels]
  std::vector<float> px;

  float at(int x, int y, int c) const {
    return px[(std::size_t(y) * std::size_t(width) + std::size_t(x)) * std::size_t(channels) +
              std::size_t(c)];
  }
};

/// A normalised Gaussian's taps from -r to r, r = ceil(3.5 sigma).
std::vector<float> gaussian_taps(double sigma) {
  const int r = static_cast<int>(std::ceil(3.5 * sigma));
  std::vector<double> w(std::size_t(2 * r + 1));
  double sum = 0.0;
  for (int i = -r; i <= r; ++i)
    sum += w[std::size_t(i + r)] = std::exp(-0.5 * i * i / (sigma * sigma));
  std::vector<float> taps(w.size());
  for (std::size_t i = 0; i < w.size(); ++i)
    taps[i] = static_cast<float>(w[i] / sum);
  return taps;
}

/// `in` blurred along x, then y, by `taps`, the edges extended.
Level blurred(const Level& in, const std::vector<float>& taps) {
  const int r = static_cast<int>(taps.size() / 2), w = in.width, h = in.height, n = in.channels;
  Level along_x = in, out = in;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < n; ++c) {
        float sum = 0.0f;
        for (int i = -r; i <= r; ++i)
          sum += taps[std::size_t(i + r)] * in.at(std::clamp(x + i, 0, w - 1), y, c);
        along_x.px[(std::size_t(y) * std::size_t(w) + std::size_t(x)) * std::size_t(n) +
                   std::size_t(c)] = sum;
      }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < n; ++c) {
        float sum = 0.0f;
        for (int i = -r; i <= r; ++i)
          sum += taps[std::size_t(i + r)] * along_x.at(x, std::clamp(y + i, 0, h - 1), c);
        out.px[(std::size_t(y) * std::size_t(w) + std::size_t(x)) * std::size_t(n) +
               std::size_t(c)] = sum;
      }
  return out;
}

/// `in` at half the resolution: each pixel the mean of a 2 x 2 block (the last row or column
/// repeated where the size is odd), its centre midway between theirs.
Level halved(const Level& in) {
  Level out;
  out.width = (in.width + 1) / 2, out.height = (in.height + 1) / 2, out.channels = in.channels;
  out.scale = 2 * in.scale;
  out.px.resize(std::size_t(out.width) * std::size_t(out.height) * std::size_t(in.channels));
  for (int y = 0; y < out.height; ++y) {
    const int y0 = 2 * y, y1 = std::min(2 * y + 1, in.height - 1);
    for (int x = 0; x < out.width; ++x) {
      const int x0 = 2 * x, x1 = std::min(2 * x + 1, in.width - 1);
      for (int c = 0; c < in.channels; ++c)
        out.px[(std::size_t(y) * std::size_t(out.width) + std::size_t(x)) *
                   std::size_t(in.channels) +
               std::size_t(c)] =
            0.25f * (in.at(x0, y0, c) + in.at(x1, y0, c) + in.at(x0, y1, c) + in.at(x1, y1, c));
    }
  }
  return out;
}

/// Level `l` at image pixel (x, y), channel c: bilinear between its pixels' centres.
float sample(const Level& l, int x, int y, int c) {
  if (l.scale == 1) return l.at(x, y, c);
  const double fx = std::clamp((x + 0.5) / l.scale - 0.5, 0.0, double(l.width - 1));
  const double fy = std::clamp((y + 0.5) / l.scale - 0.5, 0.0, double(l.height - 1));
  const int x0 = static_cast<int>(fx), y0 = static_cast<int>(fy);
  const int x1 = std::min(x0 + 1, l.width - 1), y1 = std::min(y0 + 1, l.height - 1);
  const float ax = static_cast<float>(fx - x0), ay = static_cast<float>(fy - y0);
  const float top = (1 - ax) * l.at(x0, y0, c) + ax * l.at(x1, y0, c);
  const float bottom = (1 - ax) * l.at(x0, y1, c) + ax * l.at(x1, y1, c);
  return (1 - ay) * top + ay * bottom;
}

}  // namespace

std::vector<float> blur_per_pixel(const std::vector<float>& image, int width, int height,
                                  int channels, const std::vector<float>& sigma_px) {
  const std::size_t pixels = std::size_t(std::max(width, 0)) * std::size_t(std::max(height, 0));
  if (width < 1 || height < 1 || channels < 1 || image.size() != pixels * std::size_t(channels) ||
      sigma_px.size() != pixels)
    throw std::invalid_argument("blur_per_pixel: the image, its size and its sigmas disagree");
  const float widest = *std::max_element(sigma_px.begin(), sigma_px.end());
  if (!(widest > 0.0f)) return image;
  // Levels of sigma 0 and 1 at the image's resolution; then each level twice the last's sigma
  // at half its resolution: blurred by sqrt(4 - 1 - 1/4) of its pixels, the 2 x 2 mean adding
  // the last quarter.
  std::vector<Level> levels(2);
  levels[0] = {width, height, channels, 1, 0.0, image};
  levels[1] = blurred(levels[0], gaussian_taps(1.0));
  levels[1].sigma = 1.0;
  const std::vector<float> step = gaussian_taps(std::sqrt(2.75));
  while (levels.back().sigma < widest && (levels.back().width > 1 || levels.back().height > 1)) {
    Level next = halved(blurred(levels.back(), step));
    next.sigma = 2.0 * levels.back().sigma;
    levels.push_back(std::move(next));
  }
  std::vector<float> out(image.size());
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t p = std::size_t(y) * std::size_t(width) + std::size_t(x);
      const double s = std::max(0.0f, sigma_px[p]);
      // The levels k and k + 1 about s, mixed so that the kernel's variance is s^2.
      std::size_t k = 0;
      while (k + 1 < levels.size() && levels[k + 1].sigma <= s)
        ++k;
      const Level& lo = levels[k];
      if (k + 1 == levels.size()) {
        for (int c = 0; c < channels; ++c)
          out[p * std::size_t(channels) + std::size_t(c)] = sample(lo, x, y, c);
        continue;
      }
      const Level& hi = levels[k + 1];
      const float w = static_cast<float>((s * s - lo.sigma * lo.sigma) /
                                         (hi.sigma * hi.sigma - lo.sigma * lo.sigma));
      for (int c = 0; c < channels; ++c) {
        out[p * std::size_t(channels) + std::size_t(c)] =
            (1.0f - w) * sample(lo, x, y, c) + w * sample(hi, x, y, c);
      }
    }
  }
  return out;
}

}  // namespace leeway
