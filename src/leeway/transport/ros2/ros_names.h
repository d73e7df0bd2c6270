// The names a run's entities take in ROS 2 (docs/interfaces.md lists them): topics as VRX's
// ros_gz bridges name them, frames as REP-105's tf tree with '/' separators.
//
//   frames   world                                    W, the parent of every body
//            <model>/<link>                           a body's frame B
//            <model>/<link>/<sensor>                  a sensor's frame S (on /tf_static)
//            <model>/<link>/<sensor>_optical          a camera's optical frame O (z along the
//                                                     view, x right, y down; REP 103), S's child
//            <model>/<link>/<sensor>_acoustic         a sonar's frame A (z along the fan's axis,
//                                                     x up: ProjectedSonarImage's), S's child
//   topics   the sensor's <topic> (or UUV Simulator's <sensor_topic>) if it has one, a relative
//            one in its model's namespace as a ROS node's (RexROV's dvl: /rexrov/dvl, as in UUV
//            Simulator); otherwise
//            /<model>/sensors/<folder>/<name>/<leaf>  folder, default name and leaf by its type:
//              imu      imu/imu/data                  sensor_msgs/Imu
//              navsat   gps/gps/fix                   sensor_msgs/NavSatFix
//              magnetometer  magnetometer/magnetometer/data  sensor_msgs/MagneticField
//              pressure pressure/pressure/data        sensor_msgs/FluidPressure
//              dvl      dvl/dvl/data                  marine_acoustic_msgs/Dvl
//              any other type T   T/T/data            by its shape (ros_reading_type):
//                                                     altimeter ros_gz_interfaces/Altimeter,
//                                                     wave_gauge FloatStamped, current_meter
//                                                     and anemometer Vector3Stamped, ...
//              pinger receiver  acoustics/receiver/range_bearing  ros_gz_interfaces/ParamVec
//              camera   cameras/<sensor>/image_raw    sensor_msgs/Image (rgb8), and its
//                                                     siblings camera_info (CameraInfo), an
//                                                     RGB-D camera's depth (Image, 32FC1) and
//                                                     points (PointCloud2); a depth camera's
//                                                     image is cameras/<sensor>/depth
//              lidar    lidars/<sensor>/scan          sensor_msgs/LaserScan (a 2-D scanner's),
//                                                     and its sibling points (PointCloud2)
//              sonar    sonars/<sensor>/sonar_image   marine_acoustic_msgs/ProjectedSonarImage
//            /<model>/pose_gt                         ground truth, nav_msgs/Odometry (UUV
//                                                     Simulator's name)
//   where <name> is the type's default while the model has one sensor of that type, and the
//   sensor's own name otherwise (always, for a camera, lidar or sonar, as VRX's bridge gives
//   /wamv/sensors/cameras/front_left_camera_sensor/image_raw) (/<model>/<sensor>/pose_gt for ground
//   truth). A scoped model a::b is a/b. The WAM-V's IMU and GNSS thereby land on VRX's
//   /wamv/sensors/imu/imu/data and /wamv/sensors/gps/gps/fix.
#pragma once

#include <numbers>
#include <string>
#include <vector>

#include "leeway/sensors/sensor.h"

namespace leeway {

struct Model;

/// A gz scoped name (a::b) as a ROS name (a/b).
std::string ros_name(const std::string& scoped);

/// The frame of body or sensor, as above.
std::string ros_body_frame(const std::string& model_name, const std::string& link_name);
/// Body `body`'s frame (its reference link's); "world" for -1, a sensor the world holds.
std::string ros_body_frame(const Model& model, int body);
std::string ros_sensor_frame(const SensorModel& sensor);

/// The ROS topic of sensors[i] (absolute, without DDS's "rt" prefix): `topic` (its <topic>,
/// sim/wiring.h), or the default above.
std::string ros_sensor_topic(const std::vector<SensorModel>& sensors, std::size_t i,
                             const std::string& topic = "");

/// The message type a sensor's reading travels in, by its shape; a record's (a shape with no ROS
/// message of its own) as ros_gz_interfaces/ParamVec, a parameter per number of its fields.
const char* ros_reading_type(MessageShape shape);

/// Where an actuator takes commands when its plugin names no topic (Leeway's own plugins):
/// /M/actuator/A/cmd, a std_msgs/Float64 in the actuator's unit.
std::string ros_command_topic(const std::string& model_name, const std::string& actuator);

/// `topic` with its last part replaced by `leaf` (an image's camera_info, a scan's points).
std::string sibling_topic(const std::string& topic, const std::string& leaf);

/// A camera's optical frame O and a sonar's acoustic frame A (above), and their rotations from
/// S: x_O = -y_S, y_O = -z_S, z_O = x_S; x_A = z_S, y_A = -y_S, z_A = x_S (w, x, y, z).
std::string optical_frame(const SensorModel& sensor);
std::string acoustic_frame(const SensorModel& sensor);
inline const Quat kQ_SO(0.5, -0.5, 0.5, -0.5);
inline const Quat kQ_SA(0.0, std::numbers::sqrt2 / 2, 0.0, std::numbers::sqrt2 / 2);
/// A direction in S given in A (the axes permuted, exactly).
inline Vec3 acoustic_from_sensor(const Vec3& d_S) {
  return {d_S.z(), -d_S.y(), d_S.x()};
}

/// The DDS topic of ROS topic `topic`: "rt" + the absolute name, as rmw_cyclonedds and
/// rmw_fastrtps name it.
std::string dds_topic(const std::string& ros_topic);

}  // namespace leeway
