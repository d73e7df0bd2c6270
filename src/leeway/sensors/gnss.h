// A GNSS receiver's antenna at frame S of a body: the geodetic position and the velocity of the
// antenna, with errors in metres, and no fix while the antenna is under the water.
//
// The antenna's position p_WS and velocity v_WS = R_WB (v + omega x r) are exact; the errors
// are drawn in metres along east, north and up (noise.h) and added in W before the conversion to
// latitude, longitude and height above the WGS-84 ellipsoid through the world's geodetic origin
// (core/geo.h: GeographicLib's LocalCartesian, exact). The velocity is given in the east, north
// and up axes at the antenna. gz-sim applies its horizontal noise to latitude and longitude in
// degrees (a "1 m" deviation is 111 km there); Leeway does not.
//
// L-band signals do not reach through water (a few millimetres of skin depth): while the antenna
// is below the instantaneous wave surface the receiver has no fix; once it is above again it
// fixes after `reacquisition_time` of uninterrupted exposure. A receiver above water at t = 0
// has its fix from the start.
#pragma once

#include <array>
#include <limits>

#include "leeway/core/geo.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

struct GnssReading {
  bool fix = false;
  double latitude_deg = std::numeric_limits<double>::quiet_NaN();
  double longitude_deg = std::numeric_limits<double>::quiet_NaN();
  double altitude = std::numeric_limits<double>::quiet_NaN();  ///< above the ellipsoid [m]
  Vec3 v_ENU = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());  ///< [m/s]

  bool operator==(const GnssReading& o) const {
    const auto same = [](double a, double b) { return a == b || (a != a && b != b); };
    return fix == o.fix && same(latitude_deg, o.latitude_deg) &&
           same(longitude_deg, o.longitude_deg) && same(altitude, o.altitude) &&
           same(v_ENU.x(), o.v_ENU.x()) && same(v_ENU.y(), o.v_ENU.y()) &&
           same(v_ENU.z(), o.v_ENU.z());
  }
};

struct GnssModel {
  using Reading = GnssReading;
  std::array<NoiseModel, 3> position;  ///< east, north, up errors [m]
  std::array<NoiseModel, 3> velocity;  ///< east, north, up errors [m/s]
  double reacquisition_time = 1.0;     ///< [s] of exposure before a fix after a submersion
};

/// Whether a receiver whose antenna has been above the water since `surfaced_at` [s] (-inf: from
/// the start) has a fix at time t.
inline bool gnss_has_fix(const GnssModel& gnss, double surfaced_at, double t) {
  return t - surfaced_at >= gnss.reacquisition_time;
}

/// The sensor type "navsat".
struct Sampling;
const SensorDescriptor& descriptor_of(const GnssModel&);
GnssReading sample_reading(const GnssModel& gnss, Sampling& s);
void write_reading(const GnssModel&, const GnssReading& r, FieldWriter& out);
void noise_axes(const GnssModel& gnss, NoiseAxes& axes);

}  // namespace leeway
