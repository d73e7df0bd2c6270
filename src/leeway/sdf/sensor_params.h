// The sensors of a model, read from gz-sim's <sensor> elements on its links (sensors/sensor.h).
//
//   <link name="imu_link">
//     <sensor name="imu" type="imu">
//       <pose>0.3 -0.2 1.3 0 0 0</pose>     S in the link frame (sdformat's pose semantics)
//       <update_rate>100</update_rate>      [Hz]; 0 (SDF's default): every step
//       <topic>...</topic>                  kept for the interfaces; accepted
//       <always_on>, <visualize>, <enable_metrics>, <gz_frame_id>: accepted, no effect
//       <imu>
//         <orientation_reference_frame><localization>ENU</localization> ENU (default), NWU, NED
//         <angular_velocity><x|y|z><noise type="gaussian">...      [rad/s]
//         <linear_acceleration><x|y|z><noise type="gaussian">...   [m/s^2]
//         <enable_orientation>: accepted
//       </imu>
//     </sensor>
//
// <noise> has gz-sim's meaning (sensors/noise.h): type (attribute, or a <type> child as older
// files write it) none, gaussian or gaussian_quantized; <mean>, <stddev>, <bias_mean>,
// <bias_stddev>, <dynamic_bias_stddev>, <dynamic_bias_correlation_time>, <precision> (all 0 by
// default). Leeway's own continuous parameters may be added in the same block:
// <noise_density> [unit sqrt(s)], <bias_random_walk> [unit / sqrt(s)], <bias_instability>
// [unit] with <bias_correlation_time> [s], <turn_on_bias_stddev> [unit].
//
//   <sensor name="pressure" type="air_pressure">   absolute pressure, in air or in water
//     <air_pressure>                               (sensors/pressure.h)
//       <reference_altitude>0</reference_altitude>  [m] the altitude of W's z = 0
//       <pressure><noise>...</noise></pressure>     [Pa]
//     </air_pressure>
//   </sensor>
//
//   <sensor name="gps" type="navsat">              (or type="gps" with <gps>): sensors/gnss.h
//     <navsat>
//       <position_sensing><horizontal|vertical><noise>   [m], not gz-sim's degrees
//       <velocity_sensing><horizontal|vertical><noise>   [m/s]
//       <reacquisition_time>1</reacquisition_time>       [s] Leeway's
//     </navsat>
//   </sensor>
//
//   <sensor name="alt" type="altimeter">           gz-sim's: height above the start, in W
//     <altimeter><vertical_position|vertical_velocity><noise>   [m], [m/s]
//   </sensor>
//
// Sensor types Leeway does not simulate yet are warned about once per type, naming the first.
#pragma once

#include <optional>
#include <sdf/Model.hh>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/sdf/link_merging.h"
#include "leeway/sensors/sensor.h"
#include "leeway/sim/wiring.h"

namespace leeway::sdfio {

/// gz-sim's <noise> element as a NoiseModel (sensors/noise.h).
NoiseModel read_gz_noise(const sdf::ElementPtr& noise);

/// A sensor as a file describes it: its model, and the topics it names (sim/wiring.h).
struct WiredSensor {
  SensorModel model;
  SensorWiring wiring;
};

/// Adds `sensor` to `sensors` once it passes the checks every sensor passes (check_sensor, and a
/// name no other sensor of its model has); else a LoadError at `where`.
void add_sensor(std::vector<WiredSensor>& sensors, WiredSensor sensor,
                const sdf::ElementPtr& where);

/// The noise of `parent`'s child `name`, an element holding one <noise> (gz-sim's <x>,
/// <pressure>, <horizontal>, VRX's <range_noise>...); none when either is absent.
NoiseModel noise_in(const sdf::ElementPtr& parent, const std::string& name);

/// The sensors on the links of `model` (whose body is `body`, named `model_name`, its links
/// merged into `links`), in the order of its links and of their <sensor>s. `origin`: the
/// world's geodetic origin, which a GNSS receiver needs (without it, 0 N 0 E with a warning)
/// and a magnetometer uses (without it, the world's `magnetic_field_W` [T]).
/// `taken`: the (link, sensor) pairs a sensor plugin took over (sensor_plugins.h), skipped.
std::vector<WiredSensor> load_sensors(const sdf::Model& model, const std::string& model_name,
                                      const MergedLinks& links, int body,
                                      const std::optional<Geodetic>& origin,
                                      const Vec3& magnetic_field_W,
                                      const std::set<std::pair<std::string, std::string>>& taken,
                                      Diagnostics& diagnostics);

}  // namespace leeway::sdfio
