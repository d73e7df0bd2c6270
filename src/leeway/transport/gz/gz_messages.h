// Every message Leeway sends over gz-transport, made from a row of the run's publication plan
// (publication_plan.h) as gz-sim (Fortress: ign-msgs 8) and gz-sensors make theirs; no transport
// here, so each can be checked by itself (tests/transport/gz/gz_messages_test.cc).
//
//   clock                 ignition.msgs.Clock: sim (simulated time), real (wall time since the
//                         run started), system (the wall clock)
//   body poses            ignition.msgs.Pose_V: each body's name, id (its index + 1), pose in W
//   a sensor's reading    by its message shape (gz_names.h gz_reading_type): IMU (orientation
//                         in the reference frame, noiseless), NavSat (nothing while there is no
//                         fix: NavSat has no fix status), Magnetometer, FluidPressure (with
//                         gz-sim's variance), Altimeter, Odometry (gz-sim's OdometryPublisher:
//                         the pose in W, the twist in S), Double (a scalar reading), Vector3d (a
//                         vector one), and for a shape with no message of its own (a DVL, VRX's
//                         pinger receiver, a record) Param, a parameter per number (column_name);
//                         each stamped with its sample's time, frame_id the sensor's scoped name
//   a camera's, lidar's   Image (RGB_INT8; depths R_FLOAT32), CameraInfo, LaserScan,
//   and sonar's outputs   PointCloudPacked (sensor_payloads.h), a ping as a R_FLOAT32 Image of its
//                         levels, its soundings as a LaserScan; nothing for an undrawn sample
//   VRX's task topics     Param, Pose or Pose_V (goals as latitude and longitude in the
//                         position), Float, Float_V, as VRX's scoring plugins
//   joint states          ignition.msgs.Model (gz-sim's JointStatePublisher)
//   an actuator's output  Double
//   a PosePublisher's     Pose_V, or a Pose per frame
//   contacts              Contacts (only while the sensed shapes touch)
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <vector>

#include "leeway/transport/published_run.h"

namespace leeway {

using GzMessages = std::vector<std::unique_ptr<google::protobuf::Message>>;

/// Appends to `out` the messages row k of `run`'s plan sends after the step the run is at.
/// `wall_start`: when the run started (the clock's real time). Rows gz-transport does not carry
/// add nothing.
void gz_messages(const PublishedRun& run, std::size_t k, double wall_seconds, GzMessages& out);

/// gz-sim's world statistics (ignition.msgs.WorldStatistics): the time, iterations and step,
/// `wall_seconds` since the start, paused when no step was taken since the last ones.
std::unique_ptr<google::protobuf::Message> gz_world_statistics(double t, std::uint64_t iterations,
                                                               double step_size,
                                                               double wall_seconds, bool paused,
                                                               std::int32_t model_count);

}  // namespace leeway
