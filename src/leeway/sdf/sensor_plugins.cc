#include "leeway/sdf/sensor_plugins.h"

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

WiredSensor plugin_sensor(const sdf::ElementPtr& plugin, const SensorPluginContext& c,
                          const sdf::ElementPtr& link_name, const char* topic_element,
                          const std::string& fallback_name, double default_rate) {
  WiredSensor w;
  SensorModel& s = w.model;
  s.model_name = c.model_context.name;
  s.body = c.body;
  const MergedLinks& links = c.model_context.links;
  if (link_name) {
    s.link_name = text_of(link_name);
    s.X_BS = link_frame(link_name, links);
  } else {
    s.link_name = links.canonical_link;
    s.X_BS = links.X_MB.inverse();  // the model frame
  }
  const sdf::ElementPtr topic = optional_child(plugin, topic_element);
  w.wiring.topic = topic ? text_of(topic) : "";
  w.wiring.where = location_of(plugin);
  s.name = fallback_name;
  if (!w.wiring.topic.empty()) s.name = w.wiring.topic.substr(w.wiring.topic.find_last_of('/') + 1);
  s.rate_hz = default_rate;
  if (const sdf::ElementPtr rate = optional_child(plugin, "update_rate"))
    s.rate_hz = read_number_at_least(rate, 0.0, false, "a rate in Hz (0: every step)");
  return w;
}

void add_plugin_sensor(WiredSensor s, SensorKind kind, const sdf::ElementPtr& plugin,
                       SensorPluginContext& c) {
  s.model.kind = std::move(kind);
  add_sensor(c.sensors, std::move(s), plugin);
}

NoiseModel white_noise(double sigma) {
  NoiseModel n;
  n.white_stddev = sigma;
  return n;
}

}  // namespace leeway::sdfio
