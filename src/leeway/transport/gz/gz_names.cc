#include "leeway/transport/gz/gz_names.h"

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
  if (const auto* c = std::get_if<CameraModel>(&sensor.kind))
    return c->color && c->depth ? "" : c->color ? "image" : "depth_image";
  if (std::holds_alternative<LidarModel>(sensor.kind)) return "scan";
  if (std::holds_alternative<SonarModel>(sensor.kind)) return "sonar_image";
  if (std::holds_alternative<GroundTruthModel>(sensor.kind) ||
      std::holds_alternative<RangeBearingModel>(sensor.kind))
    return "";
  return std::string(descriptor(sensor).type);
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

std::string absolute(const std::string& topic) {
  return !topic.empty() && topic.front() == '/' ? topic : "/" + topic;
}

std::string sensor_topic(const std::string& world_name, const SensorModel& sensor,
                         const std::string& topic) {
  if (!topic.empty()) return absolute(topic);
  if (std::holds_alternative<GroundTruthModel>(sensor.kind))
    return model_topic_prefix(sensor.model_name) + "/odometry";
  // VRX's AcousticPingerPlugin's default.
  if (std::holds_alternative<RangeBearingModel>(sensor.kind)) return "/pinger/range_bearing";
  const std::string base = world_topic_prefix(world_name) + "/model/" + scoped(sensor.model_name) +
                           "/link/" + sensor.link_name + "/sensor/" + sensor.name;
  const std::string suffix = sensor_topic_suffix(sensor);
  return suffix.empty() ? base : base + "/" + suffix;
}

ImageTopics image_topics(const std::string& world_name, const SensorModel& sensor,
                         const std::string& given) {
  ImageTopics out;
  const std::string topic = sensor_topic(world_name, sensor, given);
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

const char* gz_reading_type(MessageShape shape) {
  switch (shape) {
    case MessageShape::kImu:
      return "ignition.msgs.IMU";
    case MessageShape::kFluidPressure:
      return "ignition.msgs.FluidPressure";
    case MessageShape::kNavSat:
      return "ignition.msgs.NavSat";
    case MessageShape::kAltimeter:
      return "ignition.msgs.Altimeter";
    case MessageShape::kMagneticField:
      return "ignition.msgs.Magnetometer";
    case MessageShape::kOdometry:
      return "ignition.msgs.Odometry";
    case MessageShape::kScalar:
      return "ignition.msgs.Double";
    case MessageShape::kVector:
      return "ignition.msgs.Vector3d";
    case MessageShape::kScan:
      return "ignition.msgs.LaserScan";
    case MessageShape::kImage:
    case MessageShape::kPing:
      return "ignition.msgs.Image";
    case MessageShape::kDvl:
    case MessageShape::kRangeBearing:
    case MessageShape::kRecord:
      break;
  }
  return "ignition.msgs.Param";
}

std::string default_command_topic(const std::string& model_name, const std::string& actuator) {
  return model_topic_prefix(model_name) + "/actuator/" + actuator + "/cmd";
}

std::string contact_topic(const std::string& world_name, const std::string& model_name,
                          const std::string& link, const std::string& sensor) {
  return world_topic_prefix(world_name) + model_topic_prefix(model_name) + "/link/" + link +
         "/sensor/" + sensor + "/contact";
}

}  // namespace leeway
