// The sensor type "ground_truth": the true motion of S (UUV Simulator's pose_gt, gz-sim's
// OdometryPublisher): its pose in W, its velocity and angular velocity in S, its acceleration in
// S (of its origin, gravity not included), with optional noise on the position and the velocity.
#pragma once

#include <array>

#include "leeway/core/spatial.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct GroundTruthReading {
  Vec3 p_W = Vec3::Zero();       ///< S's origin [m], in W
  Quat q_WS = Quat::Identity();  ///< S's orientation in W
  Vec3 v_S = Vec3::Zero();       ///< its velocity [m/s], in S
  Vec3 omega_S = Vec3::Zero();   ///< its angular velocity [rad/s], in S
  Vec3 a_S = Vec3::Zero();       ///< its acceleration [m/s^2], in S

  bool operator==(const GroundTruthReading&) const = default;
};

struct GroundTruthModel {
  using Reading = GroundTruthReading;
  std::array<NoiseModel, 3> position;  ///< on W's x, y, z [m]
  std::array<NoiseModel, 3> velocity;  ///< on S's x, y, z [m/s]
};

struct Sampling;
const SensorDescriptor& descriptor_of(const GroundTruthModel&);
GroundTruthReading sample_reading(const GroundTruthModel& truth, Sampling& s);
void write_reading(const GroundTruthModel&, const GroundTruthReading& r, FieldWriter& out);
void noise_axes(const GroundTruthModel& truth, NoiseAxes& axes);

}  // namespace leeway
