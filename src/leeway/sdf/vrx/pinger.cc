#include "leeway/sdf/vrx/pinger.h"

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

void load_vrx_pinger(const sdf::ElementPtr& p, SensorPluginContext& c) {
  WiredSensor s = plugin_sensor(p, c, nullptr, "topic", "range_bearing", 1.0);
  RangeBearingModel rb;
  if (const sdf::ElementPtr position = optional_child(p, "position"))
    rb.pinger_W = read_vec3(position, "the pinger's position in m");
  rb.range = noise_in(p, "range_noise");
  rb.bearing = noise_in(p, "bearing_noise");
  rb.elevation = noise_in(p, "elevation_noise");
  const sdf::ElementPtr set_position = optional_child(p, "set_position_topic");
  s.wiring.pinger_topic = set_position ? text_of(set_position) : "/pinger/set_pinger_position";
  add_plugin_sensor(std::move(s), rb, p, c);
}

}  // namespace leeway::sdfio
