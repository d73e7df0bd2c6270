// The sensor type "magnetometer": the Earth's field from the World Magnetic Model 2025 at the
// sensor's position and date (magnetic_model.h), or a fixed field in a world without a geodetic
// origin, in S, through the vehicle's own magnetism, with noise on each axis; and the compass
// heading it gives.
#pragma once

#include <array>
#include <cmath>

#include "leeway/core/spatial.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct MagnetometerReading {
  Vec3 B_S = Vec3::Zero();  ///< the field [T], in S
  /// The compass heading of S's x axis, clockwise from magnetic north (the noisy field's
  /// horizontal direction), with S's true tilt taken out, as its cosine and sine scaled by the
  /// horizontal field (and x's horizontal length): heading() is the angle. The pair is kept
  /// rather than the angle because most samples are never asked for it, and atan2 is dear.
  double heading_cos = 1.0, heading_sin = 0.0;

  /// The compass heading [rad], in (-pi, pi].
  double heading() const { return std::atan2(heading_sin, heading_cos); }

  bool operator==(const MagnetometerReading&) const = default;
};

struct MagnetometerModel {
  using Reading = MagnetometerReading;
  std::array<NoiseModel, 3> noise;  ///< on each axis of S [T]
  double decimal_year = 2025.0;     ///< the date the field is taken at
  bool fixed = false;               ///< the field is B_W_fixed (no geodetic origin)
  Vec3 B_W_fixed = Vec3::Zero();    ///< [T], in W
  /// The vehicle's own magnetism, which turns with it: the sensor reads
  /// soft_iron B_S + hard_iron_S (an uncalibrated compass's error).
  Vec3 hard_iron_S = Vec3::Zero();    ///< permanent magnetisation [T], in S
  Mat3 soft_iron = Mat3::Identity();  ///< induced magnetisation, a distortion of the field
};

struct Sampling;
const SensorDescriptor& descriptor_of(const MagnetometerModel&);
MagnetometerReading sample_reading(const MagnetometerModel& magnetometer, Sampling& s);
void write_reading(const MagnetometerModel&, const MagnetometerReading& r, FieldWriter& out);
void noise_axes(const MagnetometerModel& magnetometer, NoiseAxes& axes);

}  // namespace leeway
