// The camera (sensors/camera.h) against closed forms: K as CameraInfo gives it and the ray of
// its centre; a coloured sphere at a known point is on the pixel the pinhole model puts it on, in
// its colour as the sun lights it; the calm sea below the horizon mirrors the sky by Fresnel; a
// grey plate under water is attenuated as seed 003's equation 1 says, channel by channel; the
// same seed gives the same image, on any number of threads.
#include "leeway/sensors/camera.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

#include "leeway/sensors/fresnel.h"
#include "test_util.h"

namespace leeway {
namespace {

/// Coloured spheres and boxes at fixed places in W.
struct Shapes final : SurfaceSource {
  struct Shape {
    ConvexShape shape;
    Vec3 p_W;
    Rgb color;
  };
  std::vector<Shape> shapes;
  std::optional<SurfaceHit> first_surface(const Ray& ray, double max_distance) const override {
    std::optional<SurfaceHit> best;
    for (const Shape& s : shapes) {
      const auto hit = ray_cast(s.shape, {ray.origin - s.p_W, ray.direction}, max_distance);
      if (!hit) continue;
      max_distance = hit->distance;
      best = SurfaceHit{hit->distance, hit->normal, s.color};
    }
    return best;
  }
};

CameraModel small_camera() {
  CameraModel c;
  c.width = 160;
  c.height = 120;
  c.horizontal_fov = 1.2;
  return c;
}

double linear(const CameraImage& image, int u, int v, int channel) {
  return image.linear[3 * (std::size_t(v) * std::size_t(image.width) + std::size_t(u)) +
                      std::size_t(channel)];
}

TEST(Camera, KIsThePinholes) {
  const CameraModel c = small_camera();
  const auto K = camera_k(c);
  const double f = 80.0 / std::tan(0.6);
  EXPECT_NEAR(K[0], f, 1e-12);
  EXPECT_NEAR(K[4], f, 1e-12);
  EXPECT_EQ(K[2], 79.5);
  EXPECT_EQ(K[5], 59.5);
  EXPECT_LT((camera_ray_S(c, 79.5, 59.5) - Vec3::UnitX()).norm(), 1e-15);
  // The left edge of the image is half the field of view to the left (S's +y).
  const Vec3 edge = camera_ray_S(c, -0.5, 59.5);
  EXPECT_NEAR(std::atan2(edge.y(), edge.x()), 0.6, 1e-12);
}

TEST(Camera, ASphereIsOnThePixelThePinholeGivesInItsLitColour) {
  // 10 m above a calm sea looking along +x: a red sphere at (10, 2, 1) from the camera, in S.
  // In O that is (-2, -1, 10): pixel (c_x - 0.2 f, c_y - 0.1 f).
  const CameraModel c = small_camera();
  const Vec3 p(0, 0, 10);
  Shapes world;
  world.shapes.push_back({Sphere{0.3}, p + Vec3(10, 2, 1), {1.0, 0.0, 0.0}});
  RandomStream rng(1, "camera");
  const CameraImage image = render_camera(c, p, Mat3::Identity(), world, Environment{}, 0.0, rng);
  const auto K = camera_k(c);
  const int u = static_cast<int>(std::lround(K[2] - 0.2 * K[0]));
  const int v = static_cast<int>(std::lround(K[5] - 0.1 * K[4]));
  // Its colour, lit: the normal where that pixel's ray meets the sphere.
  const Vec3 d = camera_ray_S(c, u, v);
  const auto hit = ray_cast(Sphere{0.3}, {p + c.near * d - (p + Vec3(10, 2, 1)), d}, 100.0);
  ASSERT_TRUE(hit);
  const double light = c.ambient + c.sun * std::max(0.0, hit->normal.dot(c.sun_W));
  EXPECT_NEAR(linear(image, u, v, 0), light, 1e-6);
  EXPECT_EQ(linear(image, u, v, 1), 0.0f);
  EXPECT_EQ(image.rgb[3 * (std::size_t(v) * 160 + std::size_t(u))],
            static_cast<std::uint8_t>(std::lround(255 * light)));
  // The top row is sky, bluer than it is red; the bottom row is the sea, mirroring the sky
  // at its Fresnel reflectance over the water's colour.
  EXPECT_GT(linear(image, 80, 0, 2), linear(image, 80, 0, 0));
  const Vec3 down = camera_ray_S(c, 80, 119);
  const double R = fresnel_reflectance(-down.z(), 1.0, kSeaWaterRefractiveIndex);
  const Vec3 mirrored(down.x(), down.y(), -down.z());
  for (int ch = 0; ch < 3; ++ch) {
    const double sky =
        c.sky_horizon[std::size_t(ch)] +
        mirrored.z() * (c.sky_zenith[std::size_t(ch)] - c.sky_horizon[std::size_t(ch)]);
    EXPECT_NEAR(linear(image, 80, 119, ch), (1 - R) * c.water[std::size_t(ch)] + R * sky, 1e-6);
  }
}

TEST(Camera, AGreyPlateUnderWaterIsAttenuatedAsEquationOneSays) {
  // 10 m down, a grey (0.5) wall 8 m ahead, lit evenly (ambient 1, no sun): each channel is
  // 0.5 e^(-8 a_c) + (1 - e^(-8 a_c)) b_c; red fades most.
  CameraModel c = small_camera();
  c.ambient = 1.0;
  c.sun = 0.0;
  Shapes world;
  world.shapes.push_back({Box{Vec3(0.5, 50, 50)}, Vec3(8.5, 0, -10), {0.5, 0.5, 0.5}});
  RandomStream rng(1, "camera");
  const CameraImage image =
      render_camera(c, Vec3(0, 0, -10), Mat3::Identity(), world, Environment{}, 0.0, rng);
  for (int ch = 0; ch < 3; ++ch) {
    // At the centre the ray is square on; off it, 8 / cos of its angle.
    const double e = std::exp(-8.0 * c.attenuation[std::size_t(ch)]);
    const double expected = 0.5 * e + (1 - e) * c.water[std::size_t(ch)];
    EXPECT_NEAR(0.25 * (linear(image, 79, 59, ch) + linear(image, 80, 59, ch) +
                        linear(image, 79, 60, ch) + linear(image, 80, 60, ch)),
                expected, 1e-4)
        << ch;
  }
  EXPECT_LT(linear(image, 80, 60, 0), linear(image, 80, 60, 2));  // red fades most
}

TEST(Camera, TheSameSeedGivesTheSameNoisyImage) {
  CameraModel c = small_camera();
  c.noise_stddev = 0.02;
  const auto render = [&](std::uint64_t seed) {
    RandomStream rng(seed, "camera");
    return render_camera(c, Vec3(0, 0, 2), Mat3::Identity(), Shapes{}, Environment{}, 0.0, rng);
  };
  EXPECT_EQ(render(3), render(3));
  EXPECT_NE(render(3).rgb, render(4).rgb);
  EXPECT_EQ(check_camera(c), "");
  c.near = 0.0;
  EXPECT_NE(check_camera(c).find("0 < near < far"), std::string::npos);
}

TEST(Camera, AnyNumberOfThreadsDrawsTheSameImage) {
  // Spheres over a regular wave, looked at across the horizon, with noise: every pixel's bits.
  CameraModel c = small_camera();
  c.noise_stddev = 0.02;
  Shapes world;
  world.shapes.push_back({Sphere{1.0}, Vec3(8, 1, 0.5), {0.9, 0.3, 0.1}});
  world.shapes.push_back({Sphere{2.0}, Vec3(20, -4, 0), {0.1, 0.8, 0.2}});
  Environment sea;
  sea.waves = testing::regular_wave(0.4, 5.0, 0.3);
  const Mat3 R_WS = Eigen::AngleAxisd(0.2, Vec3::UnitY()).toRotationMatrix();
  const auto render = [&](int threads) {
    RandomStream rng(7, "camera");
    return render_camera(c, Vec3(0, 0, 2), R_WS, world, sea, 1.5, rng, threads);
  };
  const CameraImage one = render(1);
  EXPECT_EQ(one, render(2));
  EXPECT_EQ(one, render(3));
  EXPECT_EQ(one, render(1000));  // more threads than rows
}

}  // namespace
}  // namespace leeway
