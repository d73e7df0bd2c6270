#include "leeway/sensors/forward_scatter.h"

#include <algorithm>
#include <array>
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

/// A Gaussian's taps from -r to r, r = ceil(3.5 sigma), for keeping every other pixel: the even
/// taps and the odd ones each sum to 1/2, so that every pixel of the level below gives the
/// level above all its light, whichever of the kept pixels it lies on or between (a plain
/// normalisation leaves the truncated tails' parity: 2e-4 of a point's light lost a level).
std::vector<float> gaussian_taps(double sigma) {
  const int r = static_cast<int>(std::ceil(3.5 * sigma));
  std::vector<double> w(std::size_t(2 * r + 1));
  std::array<double, 2> sum{};  // of even and odd m
  for (int i = -r; i <= r; ++i)
    sum[std::size_t(i & 1)] += w[std::size_t(i + r)] = std::exp(-0.5 * i * i / (sigma * sigma));
  std::vector<float> taps(w.size());
  for (int i = -r; i <= r; ++i)
    taps[std::size_t(i + r)] =
        static_cast<float>(0.5 * w[std::size_t(i + r)] / sum[std::size_t(i & 1)]);
  return taps;
}

/// `in` blurred by `taps` (its edges extended) at every other pixel along each axis: level
/// k + 1 of the pyramid from level k. Pixel j of the result is centred on pixel 2 j of `in`, so
/// a pixel's light keeps its place (its centroid) from level to level.
Level reduced(const Level& in, const std::vector<float>& taps) {
  const int r = static_cast<int>(taps.size() / 2), n = in.channels;
  Level out;
  out.width = (in.width + 1) / 2, out.height = (in.height + 1) / 2, out.channels = n;
  out.scale = 2 * in.scale;
  const std::size_t out_row = std::size_t(out.width) * std::size_t(n);
  // Along x at every other column, for every row (from the row with its edges extended by r);
  // then along y at every other row.
  std::vector<float> along_x(std::size_t(in.height) * out_row);
  std::vector<float> padded((std::size_t(in.width) + 2 * std::size_t(r) + 1) * std::size_t(n));
  for (int y = 0; y < in.height; ++y) {
    for (int x = -r; x <= in.width + r; ++x)
      for (int c = 0; c < n; ++c)
        padded[std::size_t(x + r) * std::size_t(n) + std::size_t(c)] =
            in.at(std::clamp(x, 0, in.width - 1), y, c);
    float* o = along_x.data() + std::size_t(y) * out_row;
    for (int i = 0; i < out.width; ++i) {
      const float* window = padded.data() + std::size_t(2 * i) * std::size_t(n);
      for (int c = 0; c < n; ++c) {
        float sum = 0.0f;
        for (std::size_t m = 0; m < taps.size(); ++m)
          sum += taps[m] * window[m * std::size_t(n) + std::size_t(c)];
        o[std::size_t(i) * std::size_t(n) + std::size_t(c)] = sum;
      }
    }
  }
  out.px.assign(std::size_t(out.height) * out_row, 0.0f);
  for (int j = 0; j < out.height; ++j) {
    float* o = out.px.data() + std::size_t(j) * out_row;
    for (int m = -r; m <= r; ++m) {
      const float t = taps[std::size_t(m + r)];
      const float* src =
          along_x.data() + std::size_t(std::clamp(2 * j + m, 0, in.height - 1)) * out_row;
      for (std::size_t k = 0; k < out_row; ++k)
        o[k] += t * src[k];
    }
  }
  return out;
}

/// Where image pixel i falls between a level's pixels along one axis (pixel j of a level of
/// scale s is centred on image pixel s j): the two neighbours and the second's weight.
struct Lerp {
  int i0, i1;
  float a;
};
std::vector<Lerp> lerps(int image_size, int level_size, int scale) {
  std::vector<Lerp> out(static_cast<std::size_t>(image_size));
  for (int i = 0; i < image_size; ++i) {
    const double f = std::clamp(double(i) / scale, 0.0, double(level_size - 1));
    const int i0 = static_cast<int>(f);
    out[std::size_t(i)] = {i0, std::min(i0 + 1, level_size - 1), static_cast<float>(f - i0)};
  }
  return out;
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
  // Level 0 is the image (sigma 0); level k + 1 is level k blurred to twice its sigma (level
  // 1: 2 image pixels) and kept at every other pixel: in level k's pixels, a Gaussian of
  // sigma 2 from level 0 and sqrt(4 - 1) from the others, whose sigma is 1 in their own.
  std::vector<Level> levels(1);
  levels[0] = {width, height, channels, 1, 0.0, image};
  const std::vector<float> first = gaussian_taps(2.0), next = gaussian_taps(std::sqrt(3.0));
  while (levels.back().sigma < widest && (levels.back().width > 1 || levels.back().height > 1)) {
    const bool from_image = levels.size() == 1;
    Level l = reduced(levels.back(), from_image ? first : next);
    l.sigma = from_image ? 2.0 : 2.0 * levels.back().sigma;
    levels.push_back(std::move(l));
  }
  std::vector<std::vector<Lerp>> across(levels.size()), down(levels.size());
  for (std::size_t k = 1; k < levels.size(); ++k) {
    across[k] = lerps(width, levels[k].width, levels[k].scale);
    down[k] = lerps(height, levels[k].height, levels[k].scale);
  }
  // Level k at image pixel (x, y), channel c: bilinear between its pixels.
  const auto sample = [&](std::size_t k, int x, int y, int c) {
    const Level& l = levels[k];
    if (k == 0) return l.at(x, y, c);
    const Lerp& u = across[k][std::size_t(x)];
    const Lerp& v = down[k][std::size_t(y)];
    const std::size_t n = std::size_t(channels), row = std::size_t(l.width) * n;
    const float* p0 = l.px.data() + std::size_t(v.i0) * row + std::size_t(c);
    const float* p1 = l.px.data() + std::size_t(v.i1) * row + std::size_t(c);
    const std::size_t a = std::size_t(u.i0) * n, b = std::size_t(u.i1) * n;
    const float top = p0[a] + u.a * (p0[b] - p0[a]);
    const float bottom = p1[a] + u.a * (p1[b] - p1[a]);
    return top + v.a * (bottom - top);
  };
  std::vector<float> out(image.size());
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t p = std::size_t(y) * std::size_t(width) + std::size_t(x);
      const double s = std::max(0.0f, sigma_px[p]);
      // The levels k and k + 1 about s, mixed so that the kernel's variance is s^2.
      std::size_t k = 0;
      while (k + 1 < levels.size() && levels[k + 1].sigma <= s)
        ++k;
      float* o = out.data() + p * std::size_t(channels);
      if (k + 1 == levels.size()) {
        for (int c = 0; c < channels; ++c)
          o[c] = sample(k, x, y, c);
        continue;
      }
      const double lo = levels[k].sigma, hi = levels[k + 1].sigma;
      const float w = static_cast<float>((s * s - lo * lo) / (hi * hi - lo * lo));
      for (int c = 0; c < channels; ++c)
        o[c] = (1.0f - w) * sample(k, x, y, c) + w * sample(k + 1, x, y, c);
    }
  }
  return out;
}

}  // namespace leeway
