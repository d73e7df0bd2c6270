#include "leeway/transport/ros2/ros_messages.h"

#include <deque>
#include <vector>

#include "leeway/transport/contact_reports.h"
#include "leeway/transport/ros2/ros_message_parts.h"
#include "leeway/transport/ros2/ros_names.h"
#include "leeway/transport/ros2/ros_sensor_messages.h"

namespace leeway {
namespace {

using namespace ros_parts;

void static_frames(const Model& model, const RosSend& send) {
  std::deque<std::string> names;  // the frames' names, alive until the message is sent
  std::vector<geometry_msgs_msg_dds__TransformStamped_> transforms;
  const auto add = [&](const std::string& parent, const std::string& child, const Pose& X) {
    transforms.push_back({header(0.0, names.emplace_back(parent)),
                          c_str(names.emplace_back(child)),
                          {vector3(X.p), quaternion(X.q)}});
  };
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    for (const BodyModel::LinkFrame& link : model.bodies[b].links) {
      if (link.name != model.bodies[b].link_name)
        add(ros_body_frame(model, static_cast<int>(b)),
            ros_body_frame(model.bodies[b].model_name, link.name), link.X_BL);
    }
  }
  for (const SensorModel& sensor : model.sensors) {
    add(ros_body_frame(model, sensor.body), ros_sensor_frame(sensor), sensor.X_BS);
    // A camera's images are in its optical frame, a sonar's pings in its acoustic one.
    if (std::holds_alternative<CameraModel>(sensor.kind))
      add(ros_sensor_frame(sensor), optical_frame(sensor), Pose(Vec3::Zero(), kQ_SO));
    if (std::holds_alternative<SonarModel>(sensor.kind))
      add(ros_sensor_frame(sensor), acoustic_frame(sensor), Pose(Vec3::Zero(), kQ_SA));
  }
  send_transforms(transforms, send);
}

void task(Output what, const PublishedRun& run, const RosSend& send) {
  const Simulation& s = run.sim();
  const TaskModel& task = s.scenario().tasks.front();
  const TaskState& state = s.task_states().front();
  const bool station = task.kind == TaskKind::kStationKeeping;
  const std::string no_frame;
  const std_msgs_msg_dds__Header_ h = header(s.state().t, no_frame);
  if (what == Output::kTaskInfo) {
    const VrxTaskInfo info = vrx_task_info(task, state, s.state().t);
    std::vector<rcl_interfaces_msg_dds__Parameter_> params = {
        parameter("name", info.name),
        parameter("state", info.state),
        parameter("ready_time", info.ready_time),
        parameter("running_time", info.running_time),
        parameter("elapsed_time", info.elapsed_time),
        parameter("remaining_time", info.remaining_time),
        bool_parameter("timed_out", info.timed_out),
        integer_parameter("num_collisions", info.num_collisions),
        parameter("score", info.score)};
    return send_params(h, params, send);
  }
  if (what == Output::kTaskGoals) {
    std::vector<geometry_msgs_msg_dds__Pose_> poses;
    for (const VrxGoal& g : run.goals())
      poses.push_back({{g.latitude_deg, g.longitude_deg, 0.0}, quaternion(g.orientation())});
    if (station) {
      const geometry_msgs_msg_dds__PoseStamped_ msg{h, poses.front()};
      return send(&msg);
    }
    geometry_msgs_msg_dds__PoseArray_ msg{h, {}};
    lend(msg.poses, poses);
    return send(&msg);
  }
  if (what == Output::kTaskError && !station) {
    std::vector<float> errors(state.min_errors.begin(), state.min_errors.end());
    ros_gz_interfaces_msg_dds__Float32Array_ msg{};
    lend(msg.data, errors);
    return send(&msg);
  }
  const std_msgs_msg_dds__Float32_ msg{static_cast<float>(
      what == Output::kTaskError ? vrx_station_pose_error(task, s.state().bodies) : state.score)};
  send(&msg);
}

void frames(const std::vector<PublishedFrame>& published, double t, const RosSend& send) {
  if (published.empty()) return;
  std::vector<geometry_msgs_msg_dds__TransformStamped_> transforms;
  for (const PublishedFrame& f : published) {
    transforms.push_back(
        {header(t, f.ros_parent), c_str(f.ros_child), {vector3(f.X_PC.p), quaternion(f.X_PC.q)}});
  }
  send_transforms(transforms, send);
}

void contacts(const PublishedRun& run, std::size_t sensor, const RosSend& send) {
  constexpr std::uint8_t kCollision = 5;  // ros_gz_interfaces/Entity COLLISION
  const Simulation& s = run.sim();
  const std::vector<ContactReport> reports =
      sensed_contacts(s.model(), s.data(), run.contact_sensors()[sensor].collider);
  if (reports.empty()) return;
  std::vector<geometry_msgs_msg_dds__Vector3_> points, normals;
  std::vector<double> depths;
  for (const ContactReport& r : reports) {
    points.push_back(vector3(r.p_W));
    normals.push_back(vector3(r.n_W));
    depths.push_back(r.depth);
  }
  std::vector<ros_gz_interfaces_msg_dds__Contact_> list(reports.size());
  for (std::size_t i = 0; i < reports.size(); ++i) {
    ros_gz_interfaces_msg_dds__Contact_& c = list[i];
    c.collision1 = {0, c_str(reports[i].collision1), kCollision};
    c.collision2 = {0, c_str(reports[i].collision2), kCollision};
    lend(c.positions, &points[i], 1);
    lend(c.normals, &normals[i], 1);
    lend(c.depths, &depths[i], 1);
  }
  const std::string no_frame;
  ros_gz_interfaces_msg_dds__Contacts_ msg{};
  msg.header = header(s.state().t, no_frame);
  lend(msg.contacts, list);
  send(&msg);
}

}  // namespace

void ros_messages(const PublishedRun& run, std::size_t k, const RosSend& send) {
  const Publication& row = run.row(k);
  const Simulation& sim = run.sim();
  const Model& model = sim.model();
  const State& state = sim.state();
  const double t = state.t;
  const auto i = static_cast<std::size_t>(row.index);
  switch (row.what) {
    case Output::kClock: {
      const rosgraph_msgs_msg_dds__Clock_ msg{ros_time(t)};
      return send(&msg);
    }
    case Output::kBodyPoses: {
      const std::string world = "world";
      std::vector<std::string> names;
      for (const BodyModel& b : model.bodies)
        names.push_back(ros_body_frame(b.model_name, b.link_name));
      std::vector<geometry_msgs_msg_dds__TransformStamped_> transforms;
      for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        transforms.push_back({header(t, world),
                              c_str(names[b]),
                              {vector3(state.bodies[b].p_WB), quaternion(state.bodies[b].q_WB)}});
      }
      return send_transforms(transforms, send);
    }
    case Output::kStaticFrames:
      return static_frames(model, send);
    case Output::kSensorReading:
    case Output::kCameraInfo:
    case Output::kDepthImage:
    case Output::kPoints:
    case Output::kSoundings:
      return ros_sensor_messages(row.what, model, i, sim.data().sensors[i], row.drawn, send);
    case Output::kTaskInfo:
    case Output::kTaskGoals:
    case Output::kTaskError:
    case Output::kTaskMeanError:
      return task(row.what, run, send);
    case Output::kJointStates: {
      const std::vector<std::size_t>& joints = run.reports().models()[i].actuators;
      std::vector<char*> names;
      std::vector<double> position, velocity, effort;
      for (std::size_t a : joints) {
        names.push_back(c_str(model.actuators[a].name));
        const JointCoordinates& c = run.reports().joint(a);
        position.push_back(c.position);
        velocity.push_back(c.velocity);
        effort.push_back(c.effort);
      }
      const std::string no_frame;
      sensor_msgs_msg_dds__JointState_ msg{};
      msg.header = header(t, no_frame);
      lend(msg.name, names);
      lend(msg.position, position);
      lend(msg.velocity, velocity);
      lend(msg.effort, effort);
      return send(&msg);
    }
    case Output::kActuatorOutput: {
      const double value = run.reports().output(state, sim.data(), i);
      if (run.scenario().wiring.actuators[i].stamped) {
        const std::string no_frame;
        const uuv_gazebo_ros_plugins_msgs_msg_dds__FloatStamped_ msg{header(t, no_frame), value};
        return send(&msg);
      }
      const std_msgs_msg_dds__Float64_ msg{value};
      return send(&msg);
    }
    case Output::kPosePublisher:
      return frames(run.pose_schedules()[i].pose_frames(model, state), t, send);
    case Output::kPosePublisherStatic:
      return frames(run.pose_schedules()[i].fixed, t, send);
    case Output::kContacts:
      return contacts(run, i, send);
    default:
      return;
  }
}

void ros_lockstep_reply(bool taken, double t, std::uint64_t step_count, const std::string& error,
                        const RosSend& send) {
  std::vector<rcl_interfaces_msg_dds__Parameter_> params = {
      bool_parameter("taken", taken), parameter("sim_time", t),
      integer_parameter("step_count", static_cast<std::int64_t>(step_count))};
  if (!error.empty()) params.push_back(parameter("error", error));
  const std::string no_frame;
  send_params(header(t, no_frame), params, send);
}

}  // namespace leeway
