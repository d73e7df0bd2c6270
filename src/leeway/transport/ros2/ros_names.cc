#include "leeway/transport/ros2/ros_names.h"

#include <algorithm>

#include "leeway/core/overloaded.h"

namespace leeway {
namespace {

struct TopicParts {
  const char* folder = nullptr;  ///< null: not published
  const char* name = nullptr;    ///< the default second part
  const char* leaf = nullptr;
};

TopicParts topic_parts(const SensorModel& s) {
  return std::visit(
      Overloaded{[](const ImuModel&) {
                   return TopicParts{"imu", "imu", "data"};
                 },
                 [](const GnssModel&) {
                   return TopicParts{"gps", "gps", "fix"};
                 },
                 [](const MagnetometerModel&) {
                   return TopicParts{"magnetometer", "magnetometer", "data"};
                 },
                 [](const PressureModel&) {
                   return TopicParts{"pressure", "pressure", "data"};
                 },
                 [](const DvlModel&) {
                   return TopicParts{"dvl", "dvl", "data"};
                 },
                 [](const GroundTruthModel&) {
                   return TopicParts{"", "", "pose_gt"};
                 },
                 [](const RangeBearingModel&) {
                   return TopicParts{"acoustics", "receiver", "range_bearing"};
                 },
                 // Named by the sensor always, as VRX's bridge names them.
                 [](const CameraModel& c) {
                   return TopicParts{"cameras", nullptr, c.color ? "image_raw" : "depth"};
                 },
                 [](const LidarModel&) {
                   return TopicParts{"lidars", nullptr, "scan"};
                 },
                 [](const SonarModel&) {
                   return TopicParts{"sonars", nullptr, "sonar_image"};
                 },
                 [](const auto&) { return TopicParts{}; }},
      s.kind);
}

}  // namespace

std::string ros_name(const std::string& scoped) {
  std::string out;
  out.reserve(scoped.size());
  for (std::size_t i = 0; i < scoped.size(); ++i) {
    if (scoped.compare(i, 2, "::") == 0) {
      out += '/';
      ++i;
    } else {
      out += scoped[i];
    }
  }
  return out;
}

std::string ros_body_frame(const std::string& model_name, const std::string& link_name) {
  return ros_name(model_name) + "/" + ros_name(link_name);
}

std::string ros_sensor_frame(const SensorModel& sensor) {
  return ros_body_frame(sensor.model_name, sensor.link_name) + "/" + sensor.name;
}

std::string ros_sensor_topic(const std::vector<SensorModel>& sensors, std::size_t i) {
  const SensorModel& s = sensors[i];
  const TopicParts parts = topic_parts(s);
  if (parts.folder == nullptr) return {};
  const std::string model = "/" + ros_name(s.model_name);
  if (!s.topic.empty()) return s.topic.front() == '/' ? s.topic : model + "/" + s.topic;
  const bool alone = std::count_if(sensors.begin(), sensors.end(), [&](const SensorModel& o) {
                       return o.model_name == s.model_name && o.kind.index() == s.kind.index();
                     }) == 1;
  if (parts.folder[0] == '\0') {  // ground truth: UUV Simulator's /<model>/pose_gt
    return alone ? model + "/" + parts.leaf : model + "/" + s.name + "/" + parts.leaf;
  }
  return model + "/sensors/" + parts.folder + "/" + (alone && parts.name ? parts.name : s.name) +
         "/" + parts.leaf;
}

std::string sibling_topic(const std::string& topic, const std::string& leaf) {
  return topic.substr(0, topic.rfind('/') + 1) + leaf;
}

std::string optical_frame(const SensorModel& sensor) {
  return ros_sensor_frame(sensor) + "_optical";
}

std::string acoustic_frame(const SensorModel& sensor) {
  return ros_sensor_frame(sensor) + "_acoustic";
}

std::string dds_topic(const std::string& ros_topic) {
  return "rt" + (ros_topic.front() == '/' ? ros_topic : "/" + ros_topic);
}

}  // namespace leeway
