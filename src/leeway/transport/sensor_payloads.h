// What the images, scans and point clouds of the drawing sensors (a camera, a lidar) carry on
// gz-transport and ROS 2: the same bytes in ignition.msgs and sensor_msgs, built here once.
//
//   a lidar's points   an organized cloud in the sensor frame S (x forward, y left, z up [m]):
//                      one point per ray, height = rows (elevations, lowest first), width =
//                      columns (azimuths, from min_angle), as gz-sensors' gpu_lidar packs it:
//                      x y z intensity FLOAT32 at 0 4 8 12, ring UINT16 (the row) at 16, a point
//                      every 20 bytes; a ray without a return has NaN x y z and intensity 0
//                      (is_dense false), where gz-sensors writes the infinite range times the
//                      ray's direction
//   a depth camera's   an organized cloud in S: one point per pixel (rows from the top), x y z
//   points             FLOAT32 at 0 4 8 and, for an RGB-D camera, rgb FLOAT32 at 12 (PCL's packing
//                      of 0x00RRGGBB in a float's bits), a point every 12 or 16 bytes; a pixel
//                      whose depth is not finite (nothing in reach, or nearer than the clip) has
//                      NaN x y z
//   a depth image      32FC1 / R_FLOAT32: metres along the view (z in the optical frame), +inf
//                      where nothing is in reach and -inf nearer than the depth clip (REP 118)
//
// Bytes are little-endian (x86's and ARM's), which every message says (is_bigendian false).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "leeway/sensors/camera.h"
#include "leeway/sensors/lidar.h"

namespace leeway {

/// One field of a packed point, with sensor_msgs/PointField's datatype codes (FLOAT32 7, UINT16
/// 4); ignition.msgs.PointCloudPacked's differ (its converter maps them).
struct PointFieldLayout {
  const char* name;
  std::uint32_t offset;
  std::uint8_t ros_datatype;
};
inline constexpr std::uint8_t kRosFloat32 = 7, kRosUint16 = 4;

struct PackedPoints {
  std::vector<PointFieldLayout> fields;
  std::uint32_t width = 0, height = 0, point_step = 0;
  std::vector<std::uint8_t> data;  ///< height rows of width points, point_step bytes each
};

/// A lidar's scan as points (above).
PackedPoints lidar_points(const LidarModel& lidar, const LidarReading& scan);

/// A depth camera's image as points (above).
PackedPoints depth_points(const CameraModel& camera, const CameraImage& image);

/// A depth image's bytes (32FC1, above).
std::vector<std::uint8_t> depth_bytes(const CameraImage& image);

/// CameraInfo's matrices for Leeway's distortion-free pinhole (camera.h's K): D (plumb_bob,
/// five zeros), K, R = I and P = [K 0], row-major.
struct PinholeCalibration {
  std::array<double, 5> D{};
  std::array<double, 9> K{}, R{};
  std::array<double, 12> P{};
};
PinholeCalibration pinhole_calibration(const CameraModel& camera);

}  // namespace leeway
