#include "leeway/transport/ros2/ros_names.h"

#include <algorithm>

#include "leeway/world/model.h"

namespace leeway {
namespace {

struct TopicParts {
  const char* folder = nullptr;  ///< null: not published
  const char* name = nullptr;    ///< the default second part
  const char* leaf = nullptr;
};

TopicParts topic_parts(const SensorModel& s) {
  if (const auto* c = std::get_if<CameraModel>(&s.kind))
    return {"cameras", nullptr, c->color ? "image_raw" : "depth"};
  // Named by the sensor always, as VRX's bridge names them.
  if (std::holds_alternative<LidarModel>(s.kind)) return {"lidars", nullptr, "scan"};
  if (std::holds_alternative<SonarModel>(s.kind)) return {"sonars", nullptr, "sonar_image"};
  if (std::holds_alternative<GnssModel>(s.kind)) return {"gps", "gps", "fix"};
  if (std::holds_alternative<PressureModel>(s.kind)) return {"pressure", "pressure", "data"};
  if (std::holds_alternative<GroundTruthModel>(s.kind)) return {"", "", "pose_gt"};
  if (std::holds_alternative<RangeBearingModel>(s.kind))
    return {"acoustics", "receiver", "range_bearing"};
  // Every other type: its name (imu/imu/data, dvl/dvl/data, wave_gauge/wave_gauge/data...).
  const char* type = descriptor(s).type.data();
  return {type, type, "data"};
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

std::string ros_body_frame(const Model& model, int body) {
  if (body < 0) return "world";
  const BodyModel& b = model.bodies[static_cast<std::size_t>(body)];
  return ros_body_frame(b.model_name, b.link_name);
}

std::string ros_body_frame(const std::string& model_name, const std::string& link_name) {
  return ros_name(model_name) + "/" + ros_name(link_name);
}

std::string ros_sensor_frame(const SensorModel& sensor) {
  return ros_body_frame(sensor.model_name, sensor.link_name) + "/" + sensor.name;
}

std::string ros_sensor_topic(const std::vector<SensorModel>& sensors, std::size_t i,
                             const std::string& topic) {
  const SensorModel& s = sensors[i];
  const TopicParts parts = topic_parts(s);
  const std::string model = "/" + ros_name(s.model_name);
  if (!topic.empty()) return topic.front() == '/' ? topic : model + "/" + topic;
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

const char* ros_reading_type(MessageShape shape) {
  switch (shape) {
    case MessageShape::kImu:
      return "sensor_msgs/msg/Imu";
    case MessageShape::kFluidPressure:
      return "sensor_msgs/msg/FluidPressure";
    case MessageShape::kNavSat:
      return "sensor_msgs/msg/NavSatFix";
    case MessageShape::kAltimeter:
      return "ros_gz_interfaces/msg/Altimeter";
    case MessageShape::kMagneticField:
      return "sensor_msgs/msg/MagneticField";
    case MessageShape::kDvl:
      return "marine_acoustic_msgs/msg/Dvl";
    case MessageShape::kOdometry:
      return "nav_msgs/msg/Odometry";
    case MessageShape::kScalar:
      return "uuv_gazebo_ros_plugins_msgs/msg/FloatStamped";
    case MessageShape::kVector:
      return "geometry_msgs/msg/Vector3Stamped";
    case MessageShape::kScan:
      return "sensor_msgs/msg/LaserScan";
    case MessageShape::kImage:
      return "sensor_msgs/msg/Image";
    case MessageShape::kPing:
      return "marine_acoustic_msgs/msg/ProjectedSonarImage";
    case MessageShape::kRangeBearing:
    case MessageShape::kRecord:
      break;
  }
  return "ros_gz_interfaces/msg/ParamVec";
}

std::string ros_command_topic(const std::string& model_name, const std::string& actuator) {
  return "/" + ros_name(model_name) + "/actuator/" + actuator + "/cmd";
}

std::string dds_topic(const std::string& ros_topic) {
  return "rt" + (ros_topic.front() == '/' ? ros_topic : "/" + ros_topic);
}

}  // namespace leeway
