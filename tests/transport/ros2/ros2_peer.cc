// A ROS 2 node's DDS side, without ROS: it reads or writes a ROS 2 topic as rmw_cyclonedds does
// (the DDS topic rt/NAME, the type pkg::msg::dds_::Name_), with its own types generated from the
// official .msg files in rosidl_generator_dds_idl's style (member names with a trailing
// underscore) and with XTypes type information, as a middleware that advertises it would: the
// tests see Leeway as a ROS 2 node sees it. The domain is ROS_DOMAIN_ID's and the configuration
// CYCLONEDDS_URI's, as under rmw_cyclonedds. It prints the raw samples; ros2_decode.js decodes
// them, so that no part of the check is Leeway's own code.
//
//   ros2_peer echo TOPIC pkg/Name COUNT TIMEOUT_S [best_effort] [transient_local]
//       prints COUNT samples, each its serialized bytes (CDR with its encapsulation header) in
//       hex on a line of its own; exits 1 if they have not all come within TIMEOUT_S.
//   ros2_peer pub TOPIC VALUE COUNT RATE_HZ [stamped]
//       waits up to 5 s for a matched reader, then publishes std_msgs/Float64 VALUE ("nan"
//       allowed), or with `stamped` uuv_gazebo_ros_plugins_msgs/FloatStamped, COUNT times at
//       RATE_HZ; exits 1 if no reader matched.
//   ros2_peer control TOPIC PAUSE MULTI_STEP [RUN_TO_S]
//       waits up to 5 s for a matched reader, then publishes one ros_gz_interfaces/WorldControl
//       (pause 0 or 1, multi_step, run_to_sim_time); exits 1 if no reader matched.
//   ros2_peer wrench TOPIC ENTITY TYPE [FX FY FZ TX TY TZ]
//       one ros_gz_interfaces/EntityWrench on ENTITY of TYPE (2 MODEL, 3 LINK), or without
//       the six numbers one ros_gz_interfaces/Entity (a clear), once a reader has matched
//   ros2_peer vector3 TOPIC X Y Z
//       one geometry_msgs/Vector3, once a reader has matched
//   ros2_peer lockstep /world/W STEPS KEY,KEY... VALUE,VALUE... [VALUE,VALUE...]
//       a scripted lockstep client: a ros_gz_interfaces/ParamVec request on /world/W/lockstep
//       (STEPS steps, each KEY "MODEL/ACTUATOR" its VALUE) per group of values, each after the
//       last one's answer on /world/W/lockstep/reply; prints each answer's time and status
//   ros2_peer fuzz KIND SECONDS SEED TOPIC...
//       waits up to 5 s for a matched reader on each TOPIC, then floods them for SECONDS, a
//       random TOPIC each time: KIND values, std_msgs/Float64 of any bit pattern (NaN, infinite,
//       subnormal, huge, in range); short, a 2-byte std_msgs/Int16 under Float64's type name (a
//       truncated Float64, as from a client built against another definition); bytes, a
//       std_msgs/String of random bytes under Float64's type name. Prints how many it wrote.
#include <dds/dds.h>
#include <dds/ddsi/ddsi_serdata.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "peer_ros2.h"  // generated (tests/CMakeLists.txt)
#include "transport/fuzz_values.h"

namespace {

using Clock = std::chrono::steady_clock;

const std::map<std::string, const dds_topic_descriptor_t*> kTypes = {
    {"rosgraph_msgs/Clock", &rosgraph_msgs_msg_dds__Clock__desc},
    {"tf2_msgs/TFMessage", &tf2_msgs_msg_dds__TFMessage__desc},
    {"sensor_msgs/Imu", &sensor_msgs_msg_dds__Imu__desc},
    {"sensor_msgs/NavSatFix", &sensor_msgs_msg_dds__NavSatFix__desc},
    {"sensor_msgs/MagneticField", &sensor_msgs_msg_dds__MagneticField__desc},
    {"sensor_msgs/FluidPressure", &sensor_msgs_msg_dds__FluidPressure__desc},
    {"nav_msgs/Odometry", &nav_msgs_msg_dds__Odometry__desc},
    {"marine_acoustic_msgs/Dvl", &marine_acoustic_msgs_msg_dds__Dvl__desc},
    {"std_msgs/Float64", &std_msgs_msg_dds__Float64__desc},
    {"std_msgs/Float32", &std_msgs_msg_dds__Float32__desc},
    {"geometry_msgs/PoseArray", &geometry_msgs_msg_dds__PoseArray__desc},
    {"ros_gz_interfaces/Float32Array", &ros_gz_interfaces_msg_dds__Float32Array__desc},
    {"ros_gz_interfaces/ParamVec", &ros_gz_interfaces_msg_dds__ParamVec__desc},
    {"sensor_msgs/JointState", &sensor_msgs_msg_dds__JointState__desc},
    {"ros_gz_interfaces/Contacts", &ros_gz_interfaces_msg_dds__Contacts__desc},
    {"uuv_gazebo_ros_plugins_msgs/FloatStamped",
     &uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped__desc},
    {"sensor_msgs/Image", &sensor_msgs_msg_dds__Image__desc},
    {"sensor_msgs/CameraInfo", &sensor_msgs_msg_dds__CameraInfo__desc},
    {"sensor_msgs/LaserScan", &sensor_msgs_msg_dds__LaserScan__desc},
    {"sensor_msgs/PointCloud2", &sensor_msgs_msg_dds__PointCloud2__desc},
    {"marine_acoustic_msgs/ProjectedSonarImage",
     &marine_acoustic_msgs_msg_dds__ProjectedSonarImage__desc},
    {"marine_acoustic_msgs/SonarRanges", &marine_acoustic_msgs_msg_dds__SonarRanges__desc},
    {"ros_gz_interfaces/Altimeter", &ros_gz_interfaces_msg_dds__Altimeter__desc},
    {"geometry_msgs/Vector3Stamped", &geometry_msgs_msg_dds__Vector3Stamped__desc},
};

int fail(const std::string& what) {
  std::fprintf(stderr, "ros2_peer: %s\n", what.c_str());
  return 1;
}

dds_entity_t participant() {
  const char* id = std::getenv("ROS_DOMAIN_ID");
  return dds_create_participant(id ? static_cast<dds_domainid_t>(std::atoi(id)) : 0, nullptr,
                                nullptr);
}

int echo(const std::string& topic, const std::string& type, int count, double timeout,
         bool best_effort, bool transient_local) {
  const auto t = kTypes.find(type);
  if (t == kTypes.end()) return fail("unknown type " + type);
  const dds_entity_t p = participant();
  if (p < 0) return fail(std::string("participant: ") + dds_strretcode(p));
  const std::string name = "rt" + topic;
  const dds_entity_t tp = dds_create_topic(p, t->second, name.c_str(), nullptr, nullptr);
  if (tp < 0) return fail("topic " + name + ": " + dds_strretcode(tp));
  dds_qos_t* qos = dds_create_qos();
  dds_qset_reliability(qos, best_effort ? DDS_RELIABILITY_BEST_EFFORT : DDS_RELIABILITY_RELIABLE,
                       DDS_INFINITY);
  dds_qset_history(qos, DDS_HISTORY_KEEP_ALL, 0);
  if (transient_local) dds_qset_durability(qos, DDS_DURABILITY_TRANSIENT_LOCAL);
  const dds_entity_t reader = dds_create_reader(p, tp, qos, nullptr);
  dds_delete_qos(qos);
  if (reader < 0) return fail(std::string("reader: ") + dds_strretcode(reader));

  const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                        std::chrono::duration<double>(timeout));
  int printed = 0;
  std::vector<unsigned char> bytes;
  while (printed < count) {
    ddsi_serdata* sample = nullptr;
    dds_sample_info_t info;
    if (dds_takecdr(reader, &sample, 1, &info, DDS_ANY_STATE) > 0) {
      if (info.valid_data) {
        bytes.resize(ddsi_serdata_size(sample));
        ddsi_serdata_to_ser(sample, 0, bytes.size(), bytes.data());
        for (unsigned char b : bytes)
          std::printf("%02x", b);
        std::printf("\n");
        ++printed;
      }
      ddsi_serdata_unref(sample);
      continue;
    }
    if (Clock::now() > deadline) {
      dds_delete(p);
      return fail("echo " + topic + ": " + std::to_string(printed) + " of " +
                  std::to_string(count) + " samples in " + std::to_string(timeout) + " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  std::fflush(stdout);
  dds_delete(p);
  return 0;
}

/// A writer of `topic` in participant p with rclcpp's default QoS (RELIABLE, VOLATILE,
/// KEEP_LAST(10)), once a reader has matched it (within 5 s); a negative code if none has.
dds_entity_t matched_writer(dds_entity_t p, const dds_topic_descriptor_t& type,
                            const std::string& topic) {
  const std::string name = "rt" + topic;
  const dds_entity_t tp = dds_create_topic(p, &type, name.c_str(), nullptr, nullptr);
  if (tp < 0) return tp;
  dds_qos_t* qos = dds_create_qos();
  dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_INFINITY);
  dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 10);
  const dds_entity_t writer = dds_create_writer(p, tp, qos, nullptr);
  dds_delete_qos(qos);
  if (writer < 0) return writer;
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(5);
  dds_publication_matched_status_t status{};
  while (dds_get_publication_matched_status(writer, &status) == DDS_RETCODE_OK &&
         status.current_count == 0) {
    if (Clock::now() > deadline) return DDS_RETCODE_TIMEOUT;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return writer;
}

/// `count` std_msgs/Float64 (or, `stamped`, uuv_gazebo_ros_plugins_msgs/FloatStamped) of `value`
/// on `topic`, at `rate_hz`.
int pub(const std::string& topic, double value, int count, double rate_hz, bool stamped) {
  const dds_entity_t p = participant();
  if (p < 0) return fail(std::string("participant: ") + dds_strretcode(p));
  const dds_entity_t writer =
      matched_writer(p,
                     stamped ? uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped__desc
                             : std_msgs_msg_dds__Float64__desc,
                     topic);
  if (writer < 0) {
    dds_delete(p);
    return fail("pub " + topic + ": " + dds_strretcode(writer));
  }
  const std_msgs_msg_dds__Float64_ plain{value};
  uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped_ with_header{};
  with_header.header_.frame_id_ = const_cast<char*>("");
  with_header.data_ = value;
  for (int i = 0; i < count; ++i) {
    dds_write(writer, stamped ? static_cast<const void*>(&with_header) : &plain);
    std::this_thread::sleep_for(std::chrono::duration<double>(1.0 / rate_hz));
  }
  dds_delete(p);
  return 0;
}

/// One `msg` of `type` on `topic`, once a reader has matched; `what` names the mode in an error.
/// Leaving the participant waits for the reader's acknowledgement (the writer's linger).
int publish_once(const std::string& what, const dds_topic_descriptor_t& type,
                 const std::string& topic, const void* msg) {
  const dds_entity_t p = participant();
  if (p < 0) return fail(std::string("participant: ") + dds_strretcode(p));
  const dds_entity_t writer = matched_writer(p, type, topic);
  if (writer < 0) {
    dds_delete(p);
    return fail(what + " " + topic + ": " + dds_strretcode(writer));
  }
  const dds_return_t rc = dds_write(writer, msg);
  dds_delete(p);
  return rc == DDS_RETCODE_OK ? 0 : fail(what + ": " + dds_strretcode(rc));
}

int control(const std::string& topic, bool pause, std::uint32_t multi_step, double run_to) {
  ros_gz_interfaces_msg_dds__WorldControl_ msg{};
  msg.pause_ = pause;
  msg.multi_step_ = multi_step;
  msg.run_to_sim_time_.sec_ = static_cast<std::int32_t>(std::floor(run_to));
  msg.run_to_sim_time_.nanosec_ =
      static_cast<std::uint32_t>(std::llround((run_to - std::floor(run_to)) * 1e9));
  return publish_once("control", ros_gz_interfaces_msg_dds__WorldControl__desc, topic, &msg);
}

/// A scripted lockstep client: for each entry of `commands` (one value per key of `keys`, comma
/// separated), one ros_gz_interfaces/ParamVec request on WORLD/lockstep of `steps` steps with
/// those commands, then its answer on WORLD/lockstep/reply awaited (10 s at most); prints each
/// answer's sim_time and taken.
int lockstep(const std::string& world, int steps, const std::vector<std::string>& keys,
             const std::vector<std::vector<double>>& commands) {
  const dds_entity_t p = participant();
  if (p < 0) return fail(std::string("participant: ") + dds_strretcode(p));
  const std::string reply_name = "rt" + world + "/lockstep/reply";
  const dds_entity_t reply_topic = dds_create_topic(p, &ros_gz_interfaces_msg_dds__ParamVec__desc,
                                                    reply_name.c_str(), nullptr, nullptr);
  dds_qos_t* qos = dds_create_qos();
  dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_INFINITY);
  dds_qset_history(qos, DDS_HISTORY_KEEP_ALL, 0);
  const dds_entity_t reader = dds_create_reader(p, reply_topic, qos, nullptr);
  dds_delete_qos(qos);
  const dds_entity_t writer =
      matched_writer(p, ros_gz_interfaces_msg_dds__ParamVec__desc, world + "/lockstep");
  if (reader < 0 || writer < 0) {
    dds_delete(p);
    return fail("lockstep " + world + ": no reader or writer");
  }
  dds_subscription_matched_status_t matched{};
  const Clock::time_point match_deadline = Clock::now() + std::chrono::seconds(5);
  while (dds_get_subscription_matched_status(reader, &matched) == DDS_RETCODE_OK &&
         matched.current_count == 0 && Clock::now() < match_deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  for (const std::vector<double>& values : commands) {
    std::vector<rcl_interfaces_msg_dds__Parameter_> params(keys.size() + 1);
    params[0].name_ = const_cast<char*>("steps");
    params[0].value_.type_ = 2;  // PARAMETER_INTEGER
    params[0].value_.integer_value_ = steps;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      params[k + 1].name_ = const_cast<char*>(keys[k].c_str());
      params[k + 1].value_.type_ = 3;  // PARAMETER_DOUBLE
      params[k + 1].value_.double_value_ = values[k];
    }
    for (auto& q : params)
      q.value_.string_value_ = const_cast<char*>("");
    ros_gz_interfaces_msg_dds__ParamVec_ request{};
    request.header_.frame_id_ = const_cast<char*>("");
    request.params_ = {static_cast<std::uint32_t>(params.size()),
                       static_cast<std::uint32_t>(params.size()), params.data(), false};
    dds_write(writer, &request);
    const Clock::time_point deadline = Clock::now() + std::chrono::seconds(10);
    bool answered = false;
    while (!answered) {
      void* samples[1] = {nullptr};
      dds_sample_info_t info;
      if (dds_take(reader, samples, &info, 1, 1) > 0) {
        const auto& m = *static_cast<const ros_gz_interfaces_msg_dds__ParamVec_*>(samples[0]);
        if (info.valid_data) {
          double t = 0.0;
          bool taken = false;
          for (std::uint32_t k = 0; k < m.params_._length; ++k) {
            const std::string name = m.params_._buffer[k].name_;
            if (name == "sim_time") t = m.params_._buffer[k].value_.double_value_;
            if (name == "taken") taken = m.params_._buffer[k].value_.bool_value_;
          }
          std::printf("%.9f %s\n", t, taken ? "taken" : "refused");
          answered = true;
        }
        dds_return_loan(reader, samples, 1);
        continue;
      }
      if (Clock::now() > deadline) {
        dds_delete(p);
        return fail("lockstep: no answer within 10 s");
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  std::fflush(stdout);
  dds_delete(p);
  return 0;
}

/// One geometry_msgs/Vector3 on `topic`.
int vector3(const std::string& topic, double x, double y, double z) {
  const geometry_msgs_msg_dds__Vector3_ msg{x, y, z};
  return publish_once("vector3", geometry_msgs_msg_dds__Vector3__desc, topic, &msg);
}

/// One ros_gz_interfaces/EntityWrench on `topic` for entity `name` of `type` (values[0..2] the
/// force, [3..5] the torque), or with no values one ros_gz_interfaces/Entity (a clear).
int wrench(const std::string& topic, const std::string& name, std::uint8_t type,
           const std::vector<double>& values) {
  const ros_gz_interfaces_msg_dds__Entity_ entity{0, const_cast<char*>(name.c_str()), type};
  if (values.empty())
    return publish_once("wrench", ros_gz_interfaces_msg_dds__Entity__desc, topic, &entity);
  ros_gz_interfaces_msg_dds__EntityWrench_ msg{};
  msg.header_.frame_id_ = const_cast<char*>("");
  msg.entity_ = entity;
  msg.wrench_.force_ = {values[0], values[1], values[2]};
  msg.wrench_.torque_ = {values[3], values[4], values[5]};
  return publish_once("wrench", ros_gz_interfaces_msg_dds__EntityWrench__desc, topic, &msg);
}

/// `desc` under std_msgs/Float64's DDS type name, without type information: readers that have
/// none (as Leeway's) match it by name, as they would a client built from another definition.
dds_topic_descriptor_t as_float64(const dds_topic_descriptor_t& desc) {
  return {desc.m_size,
          desc.m_align,
          desc.m_flagset & ~DDS_TOPIC_XTYPES_METADATA,
          desc.m_nkeys,
          std_msgs_msg_dds__Float64__desc.m_typename,
          desc.m_keys,
          desc.m_nops,
          desc.m_ops,
          desc.m_meta,
          {nullptr, 0},
          {nullptr, 0},
          desc.restrict_data_representation};
}

int fuzz(const std::string& kind, double seconds, std::uint64_t seed,
         const std::vector<std::string>& topics) {
  const dds_topic_descriptor_t short_desc = as_float64(std_msgs_msg_dds__Int16__desc);
  const dds_topic_descriptor_t bytes_desc = as_float64(std_msgs_msg_dds__String__desc);
  const dds_topic_descriptor_t* desc = kind == "values"  ? &std_msgs_msg_dds__Float64__desc
                                       : kind == "short" ? &short_desc
                                       : kind == "bytes" ? &bytes_desc
                                                         : nullptr;
  if (desc == nullptr) return fail("unknown fuzz kind " + kind);
  const dds_entity_t p = participant();
  if (p < 0) return fail(std::string("participant: ") + dds_strretcode(p));
  std::vector<dds_entity_t> writers;
  for (const std::string& topic : topics) {
    const std::string name = "rt" + topic;
    const dds_entity_t tp = dds_create_topic(p, desc, name.c_str(), nullptr, nullptr);
    if (tp < 0) return fail("topic " + name + ": " + dds_strretcode(tp));
    dds_qos_t* qos = dds_create_qos();
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_MSECS(100));
    dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 10);
    writers.push_back(dds_create_writer(p, tp, qos, nullptr));
    dds_delete_qos(qos);
    if (writers.back() < 0) return fail(std::string("writer: ") + dds_strretcode(writers.back()));
  }
  const Clock::time_point matched_by = Clock::now() + std::chrono::seconds(5);
  for (std::size_t i = 0; i < writers.size(); ++i) {
    dds_publication_matched_status_t status{};
    while (dds_get_publication_matched_status(writers[i], &status) == DDS_RETCODE_OK &&
           status.current_count == 0) {
      if (Clock::now() > matched_by) return fail("fuzz " + topics[i] + ": no reader in 5 s");
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  std::mt19937_64 rng(seed);
  const Clock::time_point end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double>(seconds));
  long written = 0;
  std::string text;
  for (; Clock::now() < end; ++written) {
    const dds_entity_t w = writers[rng() % writers.size()];
    if (kind == "values") {
      const std_msgs_msg_dds__Float64_ msg{leeway::fuzz::any_double(rng)};
      dds_write(w, &msg);
    } else if (kind == "short") {
      const std_msgs_msg_dds__Int16_ msg{static_cast<std::int16_t>(rng())};
      dds_write(w, &msg);
    } else {
      text = leeway::fuzz::any_bytes(rng, 40);
      std::replace(text.begin(), text.end(), '\0', '\1');  // a C string: no NUL inside
      const std_msgs_msg_dds__String_ msg{text.data()};
      dds_write(w, &msg);
    }
  }
  std::printf("%ld written\n", written);
  dds_delete(p);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> a(argv + 1, argv + argc);
  if (a.size() >= 5 && a[0] == "echo") {
    bool best_effort = false, transient_local = false;
    for (std::size_t i = 5; i < a.size(); ++i) {
      best_effort = best_effort || a[i] == "best_effort";
      transient_local = transient_local || a[i] == "transient_local";
    }
    return echo(a[1], a[2], std::atoi(a[3].c_str()), std::atof(a[4].c_str()), best_effort,
                transient_local);
  }
  if ((a.size() == 5 || (a.size() == 6 && a[5] == "stamped")) && a[0] == "pub") {
    return pub(a[1], std::strtod(a[2].c_str(), nullptr), std::atoi(a[3].c_str()),
               std::atof(a[4].c_str()), a.size() == 6);
  }
  if ((a.size() == 4 || a.size() == 5) && a[0] == "control") {
    return control(a[1], a[2] == "1", static_cast<std::uint32_t>(std::atol(a[3].c_str())),
                   a.size() == 5 ? std::atof(a[4].c_str()) : 0.0);
  }
  if (a.size() >= 5 && a[0] == "lockstep") {
    const auto split = [](const std::string& text) {
      std::vector<std::string> out;
      std::size_t from = 0;
      for (std::size_t at; (at = text.find(',', from)) != std::string::npos; from = at + 1)
        out.push_back(text.substr(from, at - from));
      out.push_back(text.substr(from));
      return out;
    };
    const std::vector<std::string> keys = split(a[3]);
    std::vector<std::vector<double>> commands;
    for (std::size_t i = 4; i < a.size(); ++i) {
      std::vector<double> values;
      for (const std::string& v : split(a[i]))
        values.push_back(std::strtod(v.c_str(), nullptr));
      if (values.size() != keys.size()) return fail("lockstep: a value per key");
      commands.push_back(values);
    }
    return lockstep(a[1], std::atoi(a[2].c_str()), keys, commands);
  }
  if (a.size() == 5 && a[0] == "vector3") {
    return vector3(a[1], std::strtod(a[2].c_str(), nullptr), std::strtod(a[3].c_str(), nullptr),
                   std::strtod(a[4].c_str(), nullptr));
  }
  if ((a.size() == 4 || a.size() == 10) && a[0] == "wrench") {
    std::vector<double> values;
    for (std::size_t i = 4; i < a.size(); ++i)
      values.push_back(std::strtod(a[i].c_str(), nullptr));
    return wrench(a[1], a[2], static_cast<std::uint8_t>(std::atoi(a[3].c_str())), values);
  }
  if (a.size() >= 5 && a[0] == "fuzz") {
    return fuzz(a[1], std::atof(a[2].c_str()), std::strtoull(a[3].c_str(), nullptr, 10),
                {a.begin() + 4, a.end()});
  }
  return fail(
      "usage: ros2_peer echo TOPIC pkg/Name COUNT TIMEOUT_S [best_effort] [transient_local]\n"
      "       ros2_peer pub TOPIC VALUE COUNT RATE_HZ [stamped]\n"
      "       ros2_peer control TOPIC PAUSE MULTI_STEP [RUN_TO_S]\n"
      "       ros2_peer wrench TOPIC ENTITY TYPE [FX FY FZ TX TY TZ] (none: a clear)\n"
      "       ros2_peer vector3 TOPIC X Y Z\n"
      "       ros2_peer lockstep /world/W STEPS KEY,KEY... VALUE,VALUE... [VALUE,VALUE...]\n"
      "       ros2_peer fuzz values|short|bytes SECONDS SEED TOPIC...");
}
