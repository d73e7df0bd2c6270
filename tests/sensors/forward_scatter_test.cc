// The per-pixel blur of forward scattering (sensors/forward_scatter.h): a uniform image stays
// uniform whatever each pixel's sigma; a point spreads into a kernel that keeps its light, is
// centred on it and whose variance is sigma^2 up to the pyramid's bilinear sampling (at most a
// quarter of the level's pixel squared), centred on it to a hundredth of a pixel; sigma 0 leaves
// the image as it was.
#include "leeway/sensors/forward_scatter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "leeway/core/random.h"

namespace leeway {
namespace {

TEST(ForwardScatter, AUniformImageStaysUniformWhateverEachPixelsSigma) {
  const int w = 97, h = 61;
  std::vector<float> image(std::size_t(w * h) * 3), sigma(std::size_t(w * h));
  for (std::size_t p = 0; p < sigma.size(); ++p)
    image[3 * p] = 0.25f, image[3 * p + 1] = 0.5f, image[3 * p + 2] = 1.0f;
  RandomStream rng(3, "sigmas");
  for (float& s : sigma)
    s = static_cast<float>(40.0 * rng.uniform());
  const std::vector<float> out = blur_per_pixel(image, w, h, 3, sigma);
  for (std::size_t k = 0; k < out.size(); ++k)
    ASSERT_NEAR(out[k], image[k], 1e-6) << k;
}

TEST(ForwardScatter, APointSpreadsIntoAKernelOfItsSigmasVarianceThatKeepsItsLight) {
  const int n = 257, centre = 128;
  for (const double s : {0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 8.0, 13.0, 20.0}) {
    std::vector<float> image(std::size_t(n * n)), sigma(std::size_t(n * n), float(s));
    image[std::size_t(centre * n + centre)] = 1.0f;
    const std::vector<float> out = blur_per_pixel(image, n, n, 1, sigma);
    double total = 0.0, mx = 0.0, my = 0.0;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const double v = out[std::size_t(y * n + x)];
        total += v, mx += v * x, my += v * y;
      }
    mx /= total, my /= total;
    double vx = 0.0, vy = 0.0;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const double v = out[std::size_t(y * n + x)];
        vx += v * (x - mx) * (x - mx), vy += v * (y - my) * (y - my);
      }
    vx /= total, vy /= total;
    SCOPED_TRACE(s);
    EXPECT_NEAR(total, 1.0, 1e-4);
    EXPECT_NEAR(mx, centre, 0.01);
    EXPECT_NEAR(my, centre, 0.01);
    for (const double v : {vx, vy}) {
      EXPECT_GE(v, s * s * (1.0 - 1e-3));
      EXPECT_LE(v, s * s * 1.25);
    }
  }
}

TEST(ForwardScatter, ASigmaOfZeroLeavesTheImageAsItWas) {
  const int w = 13, h = 7;
  std::vector<float> image(std::size_t(w * h) * 2), sigma(std::size_t(w * h), 0.0f);
  for (std::size_t k = 0; k < image.size(); ++k)
    image[k] = static_cast<float>(k % 11) / 11.0f;
  EXPECT_EQ(blur_per_pixel(image, w, h, 2, sigma), image);
  sigma[40] = 2.0f;  // another pixel's blur leaves the rest alone
  const std::vector<float> out = blur_per_pixel(image, w, h, 2, sigma);
  for (std::size_t p = 0; p < sigma.size(); ++p) {
    if (p == 40) continue;
    EXPECT_EQ(out[2 * p], image[2 * p]) << p;
  }
  EXPECT_THROW(blur_per_pixel(image, w, h, 3, sigma), std::invalid_argument);
}

}  // namespace
}  // namespace leeway
