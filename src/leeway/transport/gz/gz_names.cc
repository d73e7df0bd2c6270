#include "leeway/transport/gz/gz_names.h"

#include "leeway/core/overloaded.h"
#include "leeway/transport/ros2/ros_names.h"

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
  return std::visit(
      Overloaded{[](const ImuModel&) { return "imu"; },
                 [](const PressureModel&) { return "air_pressure"; },
                 [](const GnssModel&) { return "navsat"; },
                 [](const AltimeterModel&) { return "altimeter"; },
                 [](const MagnetometerModel&) { return "magnetometer"; },
                 [](const CameraModel& c) {
                   return c.color && c.depth ? "" : c.color ? "image" : "depth_image";
                 },
                 [](const LidarModel&) { return "scan"; },
                 [](const SonarModel&) { return "sonar_image"; }, [](const auto&) { return ""; }},
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
  const auto* camera = std::get_if<CameraModel>(&sensor.kind);
  const bool rgbd = camera && camera->color && camera->depth;
  const std::string suffix = sensor_topic_suffix(sensor);
  if (suffix.empty() && !truth && !pinger && !rgbd) return "";
  if (!sensor.topic.empty()) return sensor.topic.front() == '/' ? sensor.topic : "/" + sensor.topic;
  if (truth) return model_topic_prefix(sensor.model_name) + "/odometry";
  if (pinger) return "/pinger/range_bearing";  // VRX's AcousticPingerPlugin's default
  const std::string base = world_topic_prefix(world_name) + "/model/" + scoped(sensor.model_name) +
                           "/link/" + sensor.link_name + "/sensor/" + sensor.name;
  return rgbd ? base : base + "/" + suffix;
}

ImageTopics image_topics(const std::string& world_name, const SensorModel& sensor) {
  ImageTopics out;
  const std::string topic = sensor_topic(world_name, sensor);
  if (topic.empty()) return out;
  if (std::holds_alternative<LidarModel>(sensor.kind)) {
    out.scan = topic;
    out.points = topic + "/points";
  } else if (const auto* c = std::get_if<CameraModel>(&sensor.kind)) {
    if (c->color && c->depth) {
      out.image = topic + "/image";
      out.depth = topic + "/depth_image";
      out.points = topic + "/points";
      out.camera_info = topic + "/camera_info";
    } else if (c->color) {
      out.image = topic;
      out.camera_info = sibling_topic(topic, "camera_info");
    } else {
      out.depth = topic;
      out.points = topic + "/points";
      out.camera_info = sibling_topic(topic, "camera_info");
    }
  } else if (const auto* sonar = std::get_if<SonarModel>(&sensor.kind)) {
    out.image = topic;
    if (sonar->mode == SonarMode::kProfiling) out.scan = topic + "/soundings";
  }
  return out;
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
