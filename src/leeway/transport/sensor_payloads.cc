#include "leeway/transport/sensor_payloads.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace leeway {
namespace {

static_assert(std::endian::native == std::endian::little);

void put(std::uint8_t* at, float x) {
  std::memcpy(at, &x, sizeof x);
}

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

}  // namespace

PackedPoints lidar_points(const LidarModel& lidar, const LidarReading& scan) {
  PackedPoints out;
  out.fields = {{"x", 0, kRosFloat32},
                {"y", 4, kRosFloat32},
                {"z", 8, kRosFloat32},
                {"intensity", 12, kRosFloat32},
                {"ring", 16, kRosUint16}};
  out.point_step = 20;
  out.width = static_cast<std::uint32_t>(scan.horizontal_count);
  out.height = static_cast<std::uint32_t>(scan.vertical_count);
  out.data.assign(std::size_t(out.width) * out.height * out.point_step, 0);
  for (int j = 0; j < scan.vertical_count; ++j) {
    for (int i = 0; i < scan.horizontal_count; ++i) {
      const std::size_t k = std::size_t(j) * std::size_t(scan.horizontal_count) + std::size_t(i);
      std::uint8_t* p = out.data.data() + k * out.point_step;
      const float range = scan.ranges[k];
      const Vec3 xyz = std::isfinite(range) ? Vec3(double(range) * lidar_direction_S(lidar, i, j))
                                            : Vec3::Constant(kNaN);
      for (int a = 0; a < 3; ++a)
        put(p + 4 * a, static_cast<float>(xyz[a]));
      put(p + 12, scan.intensities[k]);
      const auto ring = static_cast<std::uint16_t>(j);
      std::memcpy(p + 16, &ring, sizeof ring);
    }
  }
  return out;
}

PackedPoints depth_points(const CameraModel& camera, const CameraImage& image) {
  PackedPoints out;
  out.fields = {{"x", 0, kRosFloat32}, {"y", 4, kRosFloat32}, {"z", 8, kRosFloat32}};
  if (camera.color) out.fields.push_back({"rgb", 12, kRosFloat32});
  out.point_step = camera.color ? 16 : 12;
  out.width = static_cast<std::uint32_t>(image.width);
  out.height = static_cast<std::uint32_t>(image.height);
  out.data.assign(std::size_t(out.width) * out.height * out.point_step, 0);
  const std::array<double, 9> K = camera_k(camera);
  for (int v = 0; v < image.height; ++v) {
    for (int u = 0; u < image.width; ++u) {
      const std::size_t k = std::size_t(v) * std::size_t(image.width) + std::size_t(u);
      std::uint8_t* p = out.data.data() + k * out.point_step;
      const double z_O = image.depth[k];
      // S: x = z_O, y = -x_O, z = -y_O (camera.h).
      const bool seen = std::isfinite(z_O);
      put(p, seen ? float(z_O) : kNaN);
      put(p + 4, seen ? float(-(u - K[2]) / K[0] * z_O) : kNaN);
      put(p + 8, seen ? float(-(v - K[5]) / K[4] * z_O) : kNaN);
      if (camera.color) {
        const std::uint32_t rgb = std::uint32_t(image.rgb[3 * k]) << 16 |
                                  std::uint32_t(image.rgb[3 * k + 1]) << 8 | image.rgb[3 * k + 2];
        std::memcpy(p + 12, &rgb, sizeof rgb);
      }
    }
  }
  return out;
}

std::vector<std::uint8_t> depth_bytes(const CameraImage& image) {
  std::vector<std::uint8_t> out(sizeof(float) * image.depth.size());
  if (!out.empty()) std::memcpy(out.data(), image.depth.data(), out.size());
  return out;
}

PinholeCalibration pinhole_calibration(const CameraModel& camera) {
  PinholeCalibration c;
  c.K = camera_k(camera);
  c.R = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  c.P = {c.K[0], 0, c.K[2], 0, 0, c.K[4], c.K[5], 0, 0, 0, 1, 0};
  return c;
}

}  // namespace leeway
