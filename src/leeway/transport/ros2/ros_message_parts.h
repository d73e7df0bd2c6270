// The pieces Leeway's ROS 2 messages are made of (ros_messages.cc, ros_sensor_messages.cc), in
// the types generated from data/ros2_interfaces: stamps, headers, vectors, sequences lent to a
// message, rcl_interfaces parameters typed as ros_gz_bridge converts gz's Param, a reading as a
// ParamVec. Internal to ros2/: it includes the DDS types generated for leeway_transport
// (leeway_ros2.h, src/CMakeLists.txt).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/sensors/named_values.h"
#include "leeway/transport/ros2/ros_messages.h"
#include "leeway/transport/stamp.h"
#include "leeway_ros2.h"  // generated from data/ros2_interfaces (CMakeLists.txt)

namespace leeway::ros_parts {

inline builtin_interfaces_msg_dds__Time_ ros_time(double t) {
  const Stamp stamp = stamp_of(t);
  return {static_cast<std::int32_t>(stamp.sec), static_cast<std::uint32_t>(stamp.nanosec)};
}

/// A header naming `frame`, which must outlive the message (Cyclone reads it in dds_write and
/// keeps no pointer to it).
inline std_msgs_msg_dds__Header_ header(double t, const std::string& frame) {
  return {ros_time(t), const_cast<char*>(frame.c_str())};
}

inline char* c_str(const std::string& s) {
  return const_cast<char*>(s.c_str());
}

inline geometry_msgs_msg_dds__Vector3_ vector3(const Vec3& v) {
  return {v.x(), v.y(), v.z()};
}

inline geometry_msgs_msg_dds__Quaternion_ quaternion(const Quat& q) {
  return {q.x(), q.y(), q.z(), q.w()};
}

/// Lends `n` elements at `data` to a message's sequence field: the message reads them in place
/// (they must outlive it) and never frees them.
template <typename Sequence, typename T>
void lend(Sequence& sequence, T* data, std::size_t n) {
  sequence._maximum = sequence._length = static_cast<std::uint32_t>(n);
  sequence._buffer = const_cast<std::remove_const_t<T>*>(data);
  sequence._release = false;
}

template <typename Sequence, typename T>
void lend(Sequence& sequence, std::vector<T>& v) {
  lend(sequence, v.data(), v.size());
}

/// rcl_interfaces/Parameter values, typed as ros_gz_bridge converts ignition.msgs.Param's (the
/// names and strings must outlive the message).
inline constexpr std::uint8_t kParameterBool = 1, kParameterInteger = 2, kParameterDouble = 3,
                              kParameterString = 4;  // rcl_interfaces/ParameterType

inline rcl_interfaces_msg_dds__Parameter_ parameter(const char* name, std::uint8_t type) {
  rcl_interfaces_msg_dds__Parameter_ p{};
  p.name = const_cast<char*>(name);
  p.value.type = type;
  p.value.string_value = const_cast<char*>("");
  return p;
}

inline rcl_interfaces_msg_dds__Parameter_ parameter(const char* name, double value) {
  rcl_interfaces_msg_dds__Parameter_ p = parameter(name, kParameterDouble);
  p.value.double_value = value;
  return p;
}

inline rcl_interfaces_msg_dds__Parameter_ parameter(const char* name, const std::string& value) {
  rcl_interfaces_msg_dds__Parameter_ p = parameter(name, kParameterString);
  p.value.string_value = c_str(value);
  return p;
}

inline rcl_interfaces_msg_dds__Parameter_ bool_parameter(const char* name, bool value) {
  rcl_interfaces_msg_dds__Parameter_ p = parameter(name, kParameterBool);
  p.value.bool_value = value;
  return p;
}

inline rcl_interfaces_msg_dds__Parameter_ integer_parameter(const char* name, std::int64_t value) {
  rcl_interfaces_msg_dds__Parameter_ p = parameter(name, kParameterInteger);
  p.value.integer_value = value;
  return p;
}

/// Sends a ros_gz_interfaces/ParamVec of `params` (which must outlive it).
inline void send_params(const std_msgs_msg_dds__Header_& head,
                        std::vector<rcl_interfaces_msg_dds__Parameter_>& params,
                        const RosSend& send) {
  ros_gz_interfaces_msg_dds__ParamVec_ msg{};
  msg.header = head;
  lend(msg.params, params);
  send(&msg);
}

/// A reading as parameters, one per number (sensors/named_values.h); the names and words are
/// kept until the message is sent.
class ParamValues final : public NamedValues {
 public:
  using NamedValues::NamedValues;
  std::vector<rcl_interfaces_msg_dds__Parameter_> params;

 private:
  const char* keep(const std::string& s) { return strings_.emplace_back(s).c_str(); }
  void number(const std::string& name, double x) override {
    params.push_back(parameter(keep(name), x));
  }
  void count(const std::string& name, std::int64_t n) override {
    params.push_back(integer_parameter(keep(name), n));
  }
  void flag(const std::string& name, bool b) override {
    params.push_back(bool_parameter(keep(name), b));
  }
  void word(const std::string& name, std::string_view w) override {
    const char* key = keep(name);
    params.push_back(parameter(key, strings_.emplace_back(w)));
  }
  std::deque<std::string> strings_;  // a deque: its strings stay where they are
};

inline void send_transforms(std::vector<geometry_msgs_msg_dds__TransformStamped_>& transforms,
                            const RosSend& send) {
  tf2_msgs_msg_dds__TFMessage_ msg{};
  lend(msg.transforms, transforms);
  send(&msg);
}

}  // namespace leeway::ros_parts
