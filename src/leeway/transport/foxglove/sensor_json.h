// A sensor's reading as JSON for the viewer's channels and MCAP, for a type whose message shape
// is a generic one (sensors/sensor_descriptor.h: a scalar, a vector, a record): every field of
// its descriptor under its own name, with a JSON Schema made from the same table, so that a new
// sensor type reaches the viewer with no code of its own. A field with no value in a sample (a
// NaN, an infinity) is left out of that message: JSON has no such numbers, and Foxglove's and
// Lichtblick's schema readers take no "number or null".
//
//   {"timestamp":{"sec":..,"nsec":..},"frame_id":"<model>/<link>/<sensor>", "<field>": ...}
//     a number, a count          a JSON number          a yes-or-no, a word   boolean, string
//     a vector                   {"x","y","z"}          a quaternion          {"x","y","z","w"}
//     a matrix                   9 numbers, row-major   a list, flags         an array
//   Bulk arrays (images, scans) are not written: those types have messages of their own.
#pragma once

#include <string>

#include "leeway/sensors/sensor.h"
#include "leeway/sensors/sonar_fan.h"
#include "leeway/transport/publication_plan.h"

namespace leeway {

/// The schema's name: "leeway." and the type in CamelCase (leeway.WaveGauge).
std::string reading_schema_name(const SensorModel& sensor);

/// The JSON Schema of `sensor`'s messages, from its type's descriptor.
std::string reading_schema(const SensorModel& sensor);

/// Appends `sample`'s message (above) to `out`; `frame` is its frame_id.
void reading_json(std::string& out, const SensorModel& sensor, const SensorSample& sample,
                  std::string_view frame);

/// The schema of a sensor's reading on the viewer, by its message shape: Foxglove's where it has
/// one (LocationFix, Odometry, PointCloud, CompressedImage), Leeway's own (data/schemas/leeway:
/// leeway.Imu, leeway.Dvl, leeway.SonarImage...), or for a generic shape the one above; and its
/// text.
std::string view_sensor_schema(const SensorModel& sensor);
std::string view_sensor_schema_text(const SensorModel& sensor);

/// The viewer's message of a sensor's row `what` (publication_plan.h: its reading, a camera's
/// calibration and an RGB-D camera's depths, a sonar's display and soundings) for `sample`;
/// false when it has nothing to say (a GNSS without a fix, an undrawn sample). `sound_speed`
/// [m/s]: the water's; `waterfall`: a side-scan sonar's display, kept from ping to ping.
bool sensor_json(std::string& out, Output what, const SensorModel& sensor,
                 const SensorSample& sample, double sound_speed, Waterfall& waterfall);

}  // namespace leeway
