// What an inertial measurement unit at frame S of a rigid body measures, exactly (noise is
// added after, sensors/noise.h).
//
// With the body's twist nu = [v; omega] (at Bo, in B) and its body-frame derivative
// nu_dot = [v_dot; omega_dot], the acceleration of Bo in the world, expressed in B, is
//   a_Bo = v_dot + omega x v,
// and that of the sensor's origin So at r = p_BoSo (in B), a point of the same rigid body,
//   a_So = a_Bo + omega_dot x r + omega x (omega x r)        (Euler and centripetal terms).
// An accelerometer measures the specific force, the acceleration less gravity, in S:
//   f_S = R_SB (a_So - R_BW g_W)
// so a level IMU at rest reads +|g| along its up axis, and one in free fall reads zero. A gyro
// measures the body's angular velocity in S: omega_S = R_SB omega. The orientation is that of S
// in the world frame W (ENU), q_WS = q_WB q_BS.
#pragma once

#include <array>

#include "leeway/body/body_state.h"
#include "leeway/core/pose.h"
#include "leeway/core/spatial.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct ImuTruth {
  Vec3 f_S = Vec3::Zero();       ///< specific force [m/s^2], in S
  Vec3 omega_S = Vec3::Zero();   ///< angular velocity [rad/s], in S
  Quat q_WS = Quat::Identity();  ///< S's orientation in W
};

/// The exact readings of an IMU at X_BS on a body in `state` accelerating at `nu_dot` (in B),
/// under gravity g_W.
ImuTruth imu_truth(const Pose& X_BS, const BodyState& state, const Vec6& nu_dot, const Vec3& g_W);

/// The sensor type "imu": the truth above with noise on each axis of S; the orientation is
/// noiseless, in the IMU's reference frame R.
struct ImuReading {
  Vec3 f_S = Vec3::Zero();       ///< specific force [m/s^2], in S
  Vec3 omega_S = Vec3::Zero();   ///< angular velocity [rad/s], in S
  Quat q_RS = Quat::Identity();  ///< orientation of S in the IMU's reference R, noiseless

  bool operator==(const ImuReading&) const = default;
};

struct ImuModel {
  using Reading = ImuReading;
  std::array<NoiseModel, 3> angular_velocity;     ///< [rad/s]
  std::array<NoiseModel, 3> linear_acceleration;  ///< [m/s^2]
  /// The frame R its orientation is given in, from W: identity for ENU (NWU, NED turn it).
  Quat q_RW = Quat::Identity();
};

struct Sampling;
const SensorDescriptor& descriptor_of(const ImuModel&);
ImuReading sample_reading(const ImuModel& imu, Sampling& s);
void write_reading(const ImuModel&, const ImuReading& r, FieldWriter& out);
void noise_axes(const ImuModel& imu, NoiseAxes& axes);

}  // namespace leeway
