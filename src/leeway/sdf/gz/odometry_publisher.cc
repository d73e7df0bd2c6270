#include "leeway/sdf/gz/odometry_publisher.h"

#include "leeway/core/rotation.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

void load_gz_odometry(const sdf::ElementPtr& p, SensorPluginContext& c) {
  WiredSensor s = plugin_sensor(p, c, nullptr, "odom_topic", "odometry", 50.0);
  if (const sdf::ElementPtr rate = optional_child(p, "odom_publish_frequency"))
    s.model.rate_hz = read_number_at_least(rate, 0.0, true, "a rate in Hz");
  Eigen::Isometry3d offset = Eigen::Isometry3d::Identity();
  if (const sdf::ElementPtr xyz = optional_child(p, "xyz_offset"))
    offset.translation() = read_vec3(xyz, "an offset in m");
  if (const sdf::ElementPtr rpy = optional_child(p, "rpy_offset")) {
    const Vec3 a = read_vec3(rpy, "roll, pitch, yaw in rad");
    offset.linear() = quat_from_euler_zyx(a.x(), a.y(), a.z()).toRotationMatrix();
  }
  s.model.X_BS = s.model.X_BS.isometry() * offset;
  GroundTruthModel truth;
  const double sigma = number_or(p, "gaussian_noise", 0.0, 0.0, false, "a standard deviation");
  truth.position.fill(white_noise(sigma));
  truth.velocity.fill(white_noise(sigma));
  add_plugin_sensor(std::move(s), truth, p, c);
}

}  // namespace leeway::sdfio
