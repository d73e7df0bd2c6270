// The bytes the drawing sensors' messages carry (interfaces/sensor_payloads.h): a depth camera's
// points lie on their pixels' rays at their depths, a lidar's on their rays at their ranges, and
// what was not seen is NaN.
#include "leeway/transport/sensor_payloads.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace leeway {
namespace {

Vec3 point_at(const PackedPoints& p, std::size_t k) {
  float xyz[3];
  std::memcpy(xyz, p.data.data() + k * p.point_step, sizeof xyz);
  return {xyz[0], xyz[1], xyz[2]};
}

TEST(SensorPayloads, ADepthCamerasPointsLieOnTheirPixelsRaysAtTheirDepths) {
  CameraModel camera;
  camera.color = true;  // RGB-D: each point carries its pixel's colour
  camera.depth = true;
  camera.width = 5;
  camera.height = 3;
  camera.horizontal_fov = 1.0;
  CameraImage image;
  image.width = 5;
  image.height = 3;
  for (int k = 0; k < 15; ++k) {
    image.depth.push_back(k == 7 ? std::numeric_limits<float>::infinity() : 2.0f + 0.5f * k);
    for (int c = 0; c < 3; ++c)
      image.rgb.push_back(static_cast<std::uint8_t>(10 * k + c));
  }
  const PackedPoints p = depth_points(camera, image);
  ASSERT_EQ(p.point_step, 16u);
  ASSERT_EQ(p.fields.size(), 4u);
  EXPECT_STREQ(p.fields[3].name, "rgb");
  ASSERT_EQ(p.data.size(), 15u * 16u);
  for (int v = 0; v < 3; ++v) {
    for (int u = 0; u < 5; ++u) {
      const std::size_t k = std::size_t(v) * 5 + std::size_t(u);
      const Vec3 x = point_at(p, k);
      if (k == 7) {  // nothing in reach
        EXPECT_TRUE(x.array().isNaN().all());
        continue;
      }
      // x along the view is the depth; the direction is the pinhole's ray through the pixel.
      EXPECT_NEAR(x.x(), image.depth[k], 1e-6);
      EXPECT_LT((x.normalized() - camera_ray_S(camera, u, v)).norm(), 1e-6) << u << " " << v;
      std::uint32_t rgb;
      std::memcpy(&rgb, p.data.data() + k * 16 + 12, sizeof rgb);
      EXPECT_EQ(rgb, (std::uint32_t(10 * k) << 16) | (std::uint32_t(10 * k + 1) << 8) |
                         std::uint32_t(10 * k + 2));
    }
  }
}

TEST(SensorPayloads, ALidarsPointsLieOnTheirRaysAtTheirRangesWithTheirRings) {
  LidarModel lidar;
  lidar.horizontal_samples = 4;
  lidar.horizontal_min = -0.6;
  lidar.horizontal_max = 0.6;
  lidar.vertical_samples = 2;
  lidar.vertical_min = -0.2;
  lidar.vertical_max = 0.1;
  LidarReading scan;
  scan.horizontal_count = 4;
  scan.vertical_count = 2;
  for (int k = 0; k < 8; ++k) {
    scan.ranges.push_back(k == 2 ? std::numeric_limits<float>::infinity() : 1.0f + k);
    scan.intensities.push_back(k == 2 ? 0.0f : 0.1f * k);
  }
  const PackedPoints p = lidar_points(lidar, scan);
  EXPECT_EQ(p.width, 4u);
  EXPECT_EQ(p.height, 2u);
  ASSERT_EQ(p.data.size(), 8u * 20u);
  for (int j = 0; j < 2; ++j) {
    for (int i = 0; i < 4; ++i) {
      const std::size_t k = std::size_t(j) * 4 + std::size_t(i);
      const Vec3 x = point_at(p, k);
      if (k == 2) {
        EXPECT_TRUE(x.array().isNaN().all());
      } else {
        EXPECT_NEAR(x.norm(), scan.ranges[k], 1e-5);
        EXPECT_LT((x.normalized() - lidar_direction_S(lidar, i, j)).norm(), 1e-6);
        // The elevation from S's x-y plane is the row's.
        EXPECT_NEAR(std::asin(x.z() / x.norm()), lidar_elevation(lidar, j), 1e-6);
      }
      float intensity;
      std::uint16_t ring;
      std::memcpy(&intensity, p.data.data() + k * 20 + 12, sizeof intensity);
      std::memcpy(&ring, p.data.data() + k * 20 + 16, sizeof ring);
      EXPECT_EQ(intensity, scan.intensities[k]);
      EXPECT_EQ(ring, j);
    }
  }
}

TEST(SensorPayloads, TheCalibrationIsThePinholesKWithoutDistortion) {
  CameraModel camera;
  camera.width = 640;
  camera.height = 480;
  camera.horizontal_fov = std::numbers::pi / 2;  // f = 320 px
  const PinholeCalibration c = pinhole_calibration(camera);
  EXPECT_NEAR(c.K[0], 320.0, 1e-12);
  EXPECT_EQ(c.K[2], 319.5);
  EXPECT_EQ(c.K[5], 239.5);
  EXPECT_EQ(c.P[3], 0.0);  // no stereo baseline
  EXPECT_EQ(c.P[10], 1.0);
  EXPECT_EQ(c.D, (std::array<double, 5>{}));
}

}  // namespace
}  // namespace leeway
