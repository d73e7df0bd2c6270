// What every loader of a sensor that a model's <plugin> describes, rather than a link's <sensor>
// (sdf/sensor_params.h reads those), shares: UUV Simulator's sensor plugins (sdf/uuv/sensors.h),
// VRX's acoustic pinger receiver (sdf/vrx/pinger.h) and gz-sim's odometry publisher
// (sdf/gz/odometry_publisher.h) each read into one of Leeway's sensors (sensors/sensor.h), named
// after the plugin's topic. docs/sensors.md tables every element.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include <sdf/Model.hh>

#include "leeway/sdf/plugin_registry.h"
#include "leeway/sdf/sensor_params.h"

namespace leeway::sdfio {

/// What a sensor plugin's loader reads besides its element, and where it puts the sensor.
struct SensorPluginContext {
  const sdf::Model& model;
  const ModelContext& model_context;
  int body = -1;
  std::vector<WiredSensor>& sensors;
  /// The <sensor>s (link name, sensor name) a plugin took over (UUV's DVL beams): not loaded
  /// as sensors of their own.
  std::set<std::pair<std::string, std::string>>& taken;
};

/// The sensor a plugin describes, on the link `<link_name>` names (the model's frame when
/// `link_name` is null), called after the topic in `topic_element` (else `fallback_name`), at
/// `<update_rate>` (else `default_rate`) [Hz].
WiredSensor plugin_sensor(const sdf::ElementPtr& plugin, const SensorPluginContext& c,
                          const sdf::ElementPtr& link_name, const char* topic_element,
                          const std::string& fallback_name, double default_rate);

/// The sensor, of kind `kind`, into the model's list (add_sensor).
void add_plugin_sensor(WiredSensor s, SensorKind kind, const sdf::ElementPtr& plugin,
                       SensorPluginContext& c);

/// White noise of standard deviation `sigma`, nothing else.
NoiseModel white_noise(double sigma);

}  // namespace leeway::sdfio
