// Every message Leeway sends to ROS 2, made from a row of the run's publication plan
// (publication_plan.h) in the types generated from the official .msg files (data/ros2_interfaces),
// as VRX's and UUV Simulator's bridges give theirs; no DDS here: each sample is handed to a
// callback while the buffers it lends are alive (Cyclone serialises it in dds_write), so the
// encoders can be checked without a network.
//
//   /clock                rosgraph_msgs/Clock
//   /tf                   tf2_msgs/TFMessage: world -> each body's frame (ros_names.h)
//   /tf_static            each link merged into a body, each sensor (and a camera's optical and
//                         a sonar's acoustic frame) in its parent's; a sensor held by the world
//                         in world's
//   a sensor's reading    by its shape (ros_names.h ros_reading_type): sensor_msgs/Imu, NavSatFix
//                         (NO_FIX without a fix), MagneticField, FluidPressure (with gz-sim's
//                         variances as covariances), ros_gz_interfaces/Altimeter,
//                         marine_acoustic_msgs/Dvl (in S), nav_msgs/Odometry (REP-105: the twist
//                         in the child frame), FloatStamped (a scalar), Vector3Stamped (a
//                         vector, in world for a W field), ros_gz_interfaces/ParamVec (a record:
//                         a parameter per number, typed as ros_gz_bridge converts a Param)
//   drawn sensors         sensor_msgs/Image (rgb8; depths 32FC1) and CameraInfo in the optical
//                         frame, LaserScan (the scan's middle row, as ros_gz_bridge converts gz's)
//                         and PointCloud2 in S, marine_acoustic_msgs/ProjectedSonarImage in the
//                         acoustic frame, SonarRanges (a profiling sonar's soundings)
//   VRX's task topics     ParamVec, PoseStamped or PoseArray, Float32, Float32Array
//   joint states          sensor_msgs/JointState;  outputs: FloatStamped (UUV Simulator's),
//                         std_msgs/Float64 (gz-sim's);  PosePublishers: TFMessage;  contacts:
//                         ros_gz_interfaces/Contacts
#pragma once

#include <functional>
#include <string>

#include "leeway/transport/published_run.h"

namespace leeway {

/// Takes one sample (a pointer to the generated struct of the row's type) while it is valid.
using RosSend = std::function<void(const void* sample)>;

/// Hands `send` each sample row k of `run`'s plan sends after the step the run is at (or, for a
/// Cadence::kStart row, at its start); none when it has nothing to say.
void ros_messages(const PublishedRun& run, std::size_t k, const RosSend& send);

/// /world/W/lockstep/reply: whether a request's steps were taken, the time and step count the
/// run is at, and why not (a ParamVec: taken, sim_time, step_count[, error]).
void ros_lockstep_reply(bool taken, double t, std::uint64_t step_count, const std::string& error,
                        const RosSend& send);

}  // namespace leeway
