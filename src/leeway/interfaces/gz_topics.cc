#include "leeway/interfaces/gz_topics.h"

#include "leeway/core/overloaded.h"

namespace leeway {
namespace {

/// "a::b" as gz-sim scopes it in a topic: "a/model/b".
std::string scoped(const std::string& model_name) {
  std::string out;
  for (std::size_t i = 0; i < model_name.size(); ++i) {
    if (model_name.compare(i, 2, "::") == 0) {
      out += "/model/";
      ++i;
    } else {
      out += model_name[i];
    }
  }
  return out;
}

}  // namespace

std::string sensor_topic_suffix(const SensorModel& sensor) {
  return std::visit(Overloaded{[](const ImuModel&) { return "imu"; },
                               [](const PressureModel&) { return "air_pressure"; },
                               [](const GnssModel&) { return "navsat"; },
                               [](const AltimeterModel&) { return "altimeter"; },
                               [](const MagnetometerModel&) { return "magnetometer"; },
                               [](const auto&) { return ""; }},
                    sensor.kind);
}

std::string world_topic_prefix(const std::string& world_name) {
  return "/world/" + world_name;
}

std::string scoped_sensor_name(const SensorModel& sensor) {
  return sensor.model_name + "::" + sensor.link_name + "::" + sensor.name;
}

std::string model_topic_prefix(const std::string& model_name) {
  return "/model/" + scoped(model_name);
}

std::string sensor_topic(const std::string& world_name, const SensorModel& sensor) {
  const bool truth = std::holds_alternative<GroundTruthModel>(sensor.kind);
  const bool pinger = std::holds_alternative<RangeBearingModel>(sensor.kind);
  const std::string suffix = sensor_topic_suffix(sensor);
  if (suffix.empty() && !truth && !pinger) return "";
  if (!sensor.topic.empty()) return sensor.topic.front() == '/' ? sensor.topic : "/" + sensor.topic;
  if (truth) return model_topic_prefix(sensor.model_name) + "/odometry";
  if (pinger) return "/pinger/range_bearing";  // VRX's AcousticPingerPlugin's default
  return world_topic_prefix(world_name) + "/model/" + scoped(sensor.model_name) + "/link/" +
         sensor.link_name + "/sensor/" + sensor.name + "/" + suffix;
}

std::map<std::string, std::vector<std::size_t>> pinger_topics(
    const std::vector<SensorModel>& sensors) {
  std::map<std::string, std::vector<std::size_t>> out;
  for (std::size_t i = 0; i < sensors.size(); ++i) {
    const auto* rb = std::get_if<RangeBearingModel>(&sensors[i].kind);
    if (rb && !rb->set_position_topic.empty()) out[rb->set_position_topic].push_back(i);
  }
  return out;
}

}  // namespace leeway
