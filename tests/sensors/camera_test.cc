// The camera (sensors/camera.h) against closed forms: K as CameraInfo gives it and the ray of
// its centre; a coloured sphere at a known point is on the pixel the pinhole model puts it on, in
// its colour as the sun lights it; the calm sea below the horizon mirrors the sky by Fresnel; a
// grey plate under water is attenuated as seed 003's equation 1 says, channel by channel; the
// same seed gives the same image, on any number of threads. A depth camera's depths are z in the
// optical frame of a wall and of the calm sea, whichever way they face it, clipped to +-inf.
#include "leeway/sensors/camera.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
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
  // Without forward scattering (its own test follows).
  CameraModel c = small_camera();
  c.ambient = 1.0;
  c.sun = 0.0;
  c.forward_scattering = 0.0;
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

TEST(Camera, ForwardScatteringBringsBackItsShareOfTheLightAsAGlowOfTheRightWidth) {
  // The grey plate again, 10 m ahead, its left half black (the edge between columns 100 and
  // 101), through Leeway's default water with b_f = 0.03 1/m scattered within theta_0 = 0.05 rad
  // (sensors/forward_scatter.h), in a narrow camera: 0.2 rad across 201 pixels, f = 1002 px.
  // Far from the edge the scattered light adds F(r) i per channel, F(r) = e^(-(c - b_f) r) -
  // e^(-c r) with b_f capped at each channel's c (blue's, 0.02); across the edge it rises as a
  // Gaussian's integral of standard deviation f theta_0 sqrt(b_f r / 3) = 15.8 pixels (the
  // medium's b_f; the pyramid's blur is at most 12% wider). The glow is divided by F at each
  // pixel's own path (10 m / cos of its angle) so that the rise is the blur's alone.
  CameraModel c;
  c.width = 201;
  c.height = 41;
  c.horizontal_fov = 0.2;
  c.ambient = 1.0;
  c.sun = 0.0;
  c.attenuation = {0.25, 0.06, 0.02};
  c.scattering_angle = 0.05;
  const double f = camera_k(c)[0], edge_y = -0.5 * 10.0 / f;
  Shapes world;
  world.shapes.push_back({Box{Vec3(0.5, 50, 50)}, Vec3(10.5, edge_y - 50, -10), {0.5, 0.5, 0.5}});
  world.shapes.push_back({Box{Vec3(0.5, 50, 50)}, Vec3(10.5, edge_y + 50, -10), {0, 0, 0}});
  const auto draw = [&](double b_f) {
    c.forward_scattering = b_f;
    RandomStream rng(1, "camera");
    return render_camera(c, Vec3(0, 0, -10), Mat3::Identity(), world, Environment{}, 0.0, rng);
  };
  const CameraImage clear = draw(0.0), foggy = draw(0.03);
  const int row = 20;
  const double sigma = f * 0.05 * std::sqrt(0.03 * 10.0 / 3.0);
  for (int ch = 0; ch < 3; ++ch) {
    const double a = c.attenuation[std::size_t(ch)], b = std::min(0.03, a);
    std::vector<double> rise_of(201);  // the glow over 0.5 F(r) at each pixel
    for (int u = 0; u < 201; ++u) {
      const double r = 10.0 / std::cos(std::atan((u - 100.0) / f));
      const double F = std::exp(-(a - b) * r) - std::exp(-a * r);
      rise_of[std::size_t(u)] = (linear(foggy, u, row, ch) - linear(clear, u, row, ch)) / (0.5 * F);
    }
    // Far into the grey half (the right, -y) and the black half: F i, and nothing.
    EXPECT_NEAR(rise_of[185], 1.0, 1e-3) << ch;
    EXPECT_NEAR(rise_of[15], 0.0, 1e-3) << ch;
    // The edge's spread: the mean and variance of the rise within 4.5 sigma of the edge.
    double sum = 0.0, mean = 0.0, var = 0.0;
    const int lo = 100 - 72, hi = 100 + 72;
    for (int u = lo; u < hi; ++u) {
      const double rise = rise_of[std::size_t(u + 1)] - rise_of[std::size_t(u)];
      sum += rise, mean += rise * (u + 0.5);
    }
    mean /= sum;
    for (int u = lo; u < hi; ++u)
      var += (rise_of[std::size_t(u + 1)] - rise_of[std::size_t(u)]) * (u + 0.5 - mean) *
             (u + 0.5 - mean);
    var /= sum;
    EXPECT_NEAR(sum, 1.0, 1e-3) << ch;
    EXPECT_NEAR(mean, 100.5, 0.05) << ch;
    EXPECT_GE(std::sqrt(var), 0.98 * sigma) << ch;
    EXPECT_LE(std::sqrt(var), 1.12 * sigma) << ch;
  }
}

TEST(Camera, ABoxShadesTheGroundWhereTheSunsRaysMeetItAndNowhereElse) {
  // A grey platform (top at z = 5 m) and a 1 m box floating 1.5 to 2.5 m above it, the sun 45
  // degrees up towards +x. A point (x, y) of the platform sees the sun unless its ray towards
  // it meets the box: where x + h lies in [-0.5, 0.5] for a height h in [1.5, 2.5] above it and
  // |y| < 0.5, i.e. x in [-3, -1]. A camera 15 m above looks straight down: each pixel that
  // sees the platform clearly inside the shadow is lit by the ambient light alone, each clearly
  // outside by the ambient light and the sun's cosine, 0.5 (0.35 + 0.65 cos 45).
  CameraModel c = small_camera();
  c.sun_W = Vec3(1, 0, 1).normalized();
  Shapes world;
  world.shapes.push_back({Box{Vec3(50, 50, 0.5)}, Vec3(0, 0, 4.5), {0.5, 0.5, 0.5}});
  world.shapes.push_back({Box{Vec3(0.5, 0.5, 0.5)}, Vec3(0, 0, 7), {0.5, 0.5, 0.5}});
  const Vec3 p(0, 0, 20);
  const Mat3 R = Eigen::AngleAxisd(kPi / 2, Vec3::UnitY()).toRotationMatrix();  // x down
  const auto draw = [&](bool shadows) {
    c.shadows = shadows;
    RandomStream rng(1, "camera");
    return render_camera(c, p, R, world, Environment{}, 0.0, rng);
  };
  const CameraImage shaded = draw(true), unshaded = draw(false);
  const double dark = 0.5 * c.ambient, lit = 0.5 * (c.ambient + c.sun * std::sqrt(0.5));
  int in_shadow = 0, in_sun = 0;
  for (int v = 0; v < c.height; ++v) {
    for (int u = 0; u < c.width; ++u) {
      const Vec3 d = R * camera_ray_S(c, u, v);
      const Vec3 ground = p + (5.0 - p.z()) / d.z() * d;
      if (ray_cast(Box{Vec3(0.5, 0.5, 0.5)}, {p - Vec3(0, 0, 7), d}, 100.0)) continue;  // the box
      const double x = ground.x(), y = std::abs(ground.y());
      const bool inside = x > -2.9 && x < -1.1 && y < 0.4;
      const bool outside = x < -3.1 || x > -0.9 || y > 0.6;
      if (!inside && !outside) continue;  // the penumbra of the pixels' footprints
      EXPECT_NEAR(linear(shaded, u, v, 0), inside ? dark : lit, 1e-6) << u << " " << v;
      EXPECT_NEAR(linear(unshaded, u, v, 0), lit, 1e-6) << u << " " << v;
      (inside ? in_shadow : in_sun) += 1;
    }
  }
  EXPECT_GT(in_shadow, 50);
  EXPECT_GT(in_sun, 1000);
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

CameraModel depth_camera() {
  CameraModel c = small_camera();
  c.color = false;
  c.depth = true;
  c.depth_near = c.near;
  c.depth_far = c.far;
  return c;
}

/// A wall whose face is the plane x = 8 in W, 100 m square about (8, 0, 0).
Shapes wall_at_x8() {
  Shapes world;
  world.shapes.push_back({Box{Vec3(0.5, 50, 50)}, Vec3(8.5, 0, 0), {0.5, 0.5, 0.5}});
  return world;
}

TEST(Camera, DepthIsZInTheOpticalFrameOfAWallAnyWayItFaces) {
  // From 20 m under water (no sea in view), turned 0.3 rad left and 0.1 rad down: the pixel whose
  // ray d (in W) meets the wall x = 8 at 8 / d_x along it has the depth 8 (d . x_S) / d_x.
  const CameraModel c = depth_camera();
  const Mat3 R_WS = (Eigen::AngleAxisd(0.3, Vec3::UnitZ()) * Eigen::AngleAxisd(0.1, Vec3::UnitY()))
                        .toRotationMatrix();
  RandomStream rng(1, "camera");
  const CameraImage image =
      render_camera(c, Vec3(0, 0, -20), R_WS, wall_at_x8(), Environment{}, 0.0, rng);
  EXPECT_TRUE(image.rgb.empty());
  EXPECT_TRUE(image.linear.empty());
  ASSERT_EQ(image.depth.size(), 160u * 120u);
  double worst = 0.0;
  for (int v = 0; v < c.height; ++v) {
    for (int u = 0; u < c.width; ++u) {
      const Vec3 d_W = R_WS * camera_ray_S(c, u, v);
      const double expected = 8.0 * d_W.dot(R_WS.col(0)) / d_W.x();
      worst = std::max(worst, std::abs(image.depth[std::size_t(v * c.width + u)] - expected));
    }
  }
  EXPECT_LT(worst, 1e-5);  // float's resolution at 8 to 10 m is 1e-6
  // Square on, every pixel is 8 m deep.
  const CameraImage square =
      render_camera(c, Vec3(0, 0, -20), Mat3::Identity(), wall_at_x8(), Environment{}, 0.0, rng);
  for (float z : square.depth)
    ASSERT_NEAR(z, 8.0, 1e-5);
}

TEST(Camera, DepthOfTheCalmSeaBelowIsTheHeightAndBeyondTheClipIsInfinite) {
  // 5 m above a calm sea, looking straight down: the sea is a plane square to the view.
  CameraModel c = depth_camera();
  Mat3 down;
  down << Vec3(0, 0, -1), Vec3(0, 1, 0), Vec3(1, 0, 0);
  RandomStream rng(1, "camera");
  const auto depths = [&](const CameraModel& camera) {
    return render_camera(camera, Vec3(0, 0, 5), down, Shapes{}, Environment{}, 0.0, rng).depth;
  };
  for (float z : depths(c))
    ASSERT_NEAR(z, 5.0, 1e-5);
  c.depth_far = 4.9;  // all beyond the depth clip
  for (float z : depths(c))
    ASSERT_EQ(z, std::numeric_limits<float>::infinity());
  c.depth_far = 100.0;
  c.depth_near = 5.1;  // all nearer than it
  for (float z : depths(c))
    ASSERT_EQ(z, -std::numeric_limits<float>::infinity());
  // Looking up from there: nothing within the clip.
  c.depth_near = 0.1;
  Mat3 up;
  up << Vec3(0, 0, 1), Vec3(0, 1, 0), Vec3(-1, 0, 0);
  for (float z : render_camera(c, Vec3(0, 0, 5), up, Shapes{}, Environment{}, 0.0, rng).depth)
    ASSERT_EQ(z, std::numeric_limits<float>::infinity());
}

TEST(Camera, AnRgbdCameraDrawsTheSameColoursAndDepthsAsEachAlone) {
  // A depth camera's noise is in metres: a mean of 0.5 with no spread moves every depth by it.
  const Mat3 R_WS = Eigen::AngleAxisd(0.2, Vec3::UnitZ()).toRotationMatrix();
  const auto render = [&](const CameraModel& camera) {
    RandomStream rng(1, "camera");
    return render_camera(camera, Vec3(0, 0, 1), R_WS, wall_at_x8(), Environment{}, 0.0, rng);
  };
  CameraModel both = small_camera();
  both.depth = true;
  const CameraImage rgbd = render(both), color = render(small_camera()),
                    depth = render(depth_camera());
  EXPECT_EQ(rgbd.rgb, color.rgb);
  EXPECT_EQ(rgbd.depth, depth.depth);
  CameraModel noisy = depth_camera();
  noisy.noise_mean = 0.5;
  const CameraImage shifted = render(noisy);
  for (std::size_t k = 0; k < depth.depth.size(); ++k) {
    if (std::isfinite(depth.depth[k])) {
      ASSERT_NEAR(shifted.depth[k], depth.depth[k] + 0.5, 1e-6);
    } else {
      ASSERT_EQ(shifted.depth[k], depth.depth[k]);
    }
  }
  CameraModel neither = small_camera();
  neither.color = false;
  EXPECT_NE(check_camera(neither).find("neither colour nor depth"), std::string::npos);
}

}  // namespace
}  // namespace leeway
