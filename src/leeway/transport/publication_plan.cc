#include "leeway/transport/publication_plan.h"

#include <fmt/format.h>

#include <map>

#include "leeway/sim/simulation.h"
#include "leeway/transport/actuator_reports.h"
#include "leeway/transport/foxglove/sensor_json.h"
#include "leeway/transport/gz/gz_names.h"
#include "leeway/transport/ros2/ros_names.h"

namespace leeway {
namespace {

/// Builds the rows, naming each route only for the transports asked for.
class PlanBuilder {
 public:
  PlanBuilder(const Scenario& scenario, const PublicationPlanOptions& options)
      : scenario_(scenario), options_(options) {}

  Publication& add(Output what, int index, Cadence cadence, Route gz, Route ros, Route view) {
    Publication& p = plan.rows.emplace_back();
    p.what = what;
    p.index = index;
    p.cadence = cadence;
    if (options_.gz) p.gz = std::move(gz);
    if (options_.ros) p.ros = std::move(ros);
    if (options_.view) p.view = std::move(view);
    return p;
  }

  void world();
  void bodies_and_models();
  void sensor(std::size_t i);
  void tasks();
  void actuators();
  void pose_publishers();
  void contacts();
  void end();

  PublicationPlan plan;

 private:
  const Scenario& scenario_;
  const PublicationPlanOptions& options_;
};

void PlanBuilder::world() {
  const Model& model = scenario_.model;
  const std::string world = world_topic_prefix(model.world_name);
  add(Output::kClock, -1, Cadence::kClock, {"/clock", "ignition.msgs.Clock"},
      {"/clock", "rosgraph_msgs/msg/Clock"}, {});
  add(Output::kClock, -1, Cadence::kClock, {world + "/clock", "ignition.msgs.Clock"}, {}, {});
  add(Output::kWorldStats, -1, Cadence::kWall, {world + "/stats", "ignition.msgs.WorldStatistics"},
      {}, {});
  add(Output::kBodyPoses, -1, Cadence::kState, {world + "/pose/info", "ignition.msgs.Pose_V"},
      {"/tf", "tf2_msgs/msg/TFMessage"}, {"/tf", "foxglove.FrameTransforms"});
  // Every link merged into a body and every sensor, in its body's frame (or the world's).
  const bool links = std::any_of(model.bodies.begin(), model.bodies.end(),
                                 [](const BodyModel& b) { return b.links.size() > 1; });
  Route ros_static;
  if (links || !model.sensors.empty()) ros_static = {"/tf_static", "tf2_msgs/msg/TFMessage"};
  add(Output::kStaticFrames, -1, Cadence::kStart, {}, ros_static,
      {"/tf_static", "foxglove.FrameTransforms"})
      .latched = true;
  add(Output::kScene, -1, Cadence::kStart, {}, {}, {"/scene", "foxglove.SceneUpdate"}).latched =
      true;
  if (model.environment.waves)
    add(Output::kWaves, -1, Cadence::kStart, {}, {}, {"/waves", "leeway.WaveField"}).latched = true;
  add(Output::kSea, -1, Cadence::kSea, {}, {}, {"/sea", "foxglove.SceneUpdate"});
  const bool thrusters = std::any_of(model.bodies.begin(), model.bodies.end(),
                                     [](const BodyModel& b) { return !b.thrusters.empty(); });
  if (thrusters)
    add(Output::kMarkers, -1, Cadence::kState, {}, {}, {"/markers", "foxglove.SceneUpdate"});
}

void PlanBuilder::bodies_and_models() {
  const Model& model = scenario_.model;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const std::string prefix = "/" + ros_name(model.bodies[i].model_name);
    const int b = static_cast<int>(i);
    add(Output::kOdometry, b, Cadence::kState, {}, {}, {prefix + "/odometry", "foxglove.Odometry"});
    add(Output::kPose, b, Cadence::kState, {}, {}, {prefix + "/pose", "foxglove.PoseInFrame"});
    add(Output::kEnvironment, b, Cadence::kState, {}, {},
        {prefix + "/environment", "leeway.Environment"});
  }
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    if (i > 0 && model.actuators[i].model_name == model.actuators[i - 1].model_name) continue;
    add(Output::kActuators, static_cast<int>(i), Cadence::kState, {}, {},
        {"/" + ros_name(model.actuators[i].model_name) + "/actuators", "leeway.Actuators"});
  }
}

void PlanBuilder::sensor(std::size_t i) {
  const Model& model = scenario_.model;
  const SensorModel& sensor = model.sensors[i];
  const std::string& given = scenario_.wiring.sensors[i].topic;
  const std::string gz = sensor_topic(model.world_name, sensor, given);
  const std::string ros = ros_sensor_topic(model.sensors, i, given);
  const MessageShape shape = descriptor(sensor).shape;
  const int s = static_cast<int>(i);
  const auto row = [&](Output what, Route g, Route r, Route v) {
    Publication& p = add(what, s, Cadence::kSample, std::move(g), std::move(r), std::move(v));
    p.drawn = draws_images(sensor);
  };
  const Route view{ros, view_sensor_schema(sensor)};
  if (const auto* camera = std::get_if<CameraModel>(&sensor.kind)) {
    const ImageTopics t = image_topics(model.world_name, sensor, given);
    row(Output::kSensorReading, {camera->color ? t.image : t.depth, "ignition.msgs.Image"},
        {ros, "sensor_msgs/msg/Image"}, view);
    row(Output::kCameraInfo, {t.camera_info, "ignition.msgs.CameraInfo"},
        {sibling_topic(ros, "camera_info"), "sensor_msgs/msg/CameraInfo"},
        {sibling_topic(ros, "camera_info"), "foxglove.CameraCalibration"});
    if (camera->color && camera->depth) {
      row(Output::kDepthImage, {t.depth, "ignition.msgs.Image"},
          {sibling_topic(ros, "depth"), "sensor_msgs/msg/Image"},
          {sibling_topic(ros, "depth"), "foxglove.RawImage"});
    }
    if (camera->depth) {
      row(Output::kPoints, {t.points, "ignition.msgs.PointCloudPacked"},
          {sibling_topic(ros, "points"), "sensor_msgs/msg/PointCloud2"}, {});
    }
    return;
  }
  if (std::holds_alternative<LidarModel>(sensor.kind)) {
    const ImageTopics t = image_topics(model.world_name, sensor, given);
    row(Output::kSensorReading, {t.scan, "ignition.msgs.LaserScan"},
        {ros, "sensor_msgs/msg/LaserScan"}, view);
    row(Output::kPoints, {t.points, "ignition.msgs.PointCloudPacked"},
        {sibling_topic(ros, "points"), "sensor_msgs/msg/PointCloud2"}, {});
    return;
  }
  if (const auto* sonar = std::get_if<SonarModel>(&sensor.kind)) {
    const ImageTopics t = image_topics(model.world_name, sensor, given);
    row(Output::kSensorReading, {t.image, "ignition.msgs.Image"}, {ros, ros_reading_type(shape)},
        view);
    row(Output::kSonarDisplay, {}, {}, {ros + "/image", "foxglove.CompressedImage"});
    if (sonar->mode == SonarMode::kProfiling) {
      row(Output::kSoundings, {t.scan, "ignition.msgs.LaserScan"},
          {ros + "/detections", "marine_acoustic_msgs/msg/SonarRanges"},
          {ros + "/detections", "foxglove.PointCloud"});
    }
    return;
  }
  row(Output::kSensorReading, {gz, gz_reading_type(shape)}, {ros, ros_reading_type(shape)}, view);
}

void PlanBuilder::tasks() {
  const Model& model = scenario_.model;
  if (!scenario_.tasks.empty()) {
    // VRX's topics, of the world's first task, typed as VRX's bridge types them.
    const bool station = scenario_.tasks.front().kind == TaskKind::kStationKeeping;
    const std::string prefix = station ? "/vrx/stationkeeping/" : "/vrx/wayfinding/";
    add(Output::kTaskInfo, 0, Cadence::kSecond, {"/vrx/task/info", "ignition.msgs.Param"},
        {"/vrx/task/info", "ros_gz_interfaces/msg/ParamVec"}, {});
    if (model.origin) {
      const std::string goals = prefix + (station ? "goal" : "waypoints");
      add(Output::kTaskGoals, 0, Cadence::kSecond,
          {goals, station ? "ignition.msgs.Pose" : "ignition.msgs.Pose_V"},
          {goals, station ? "geometry_msgs/msg/PoseStamped" : "geometry_msgs/msg/PoseArray"}, {});
    }
    const std::string error = prefix + (station ? "pose_error" : "min_errors");
    add(Output::kTaskError, 0, Cadence::kSecond,
        {error, station ? "ignition.msgs.Float" : "ignition.msgs.Float_V"},
        {error, station ? "std_msgs/msg/Float32" : "ros_gz_interfaces/msg/Float32Array"}, {});
    const std::string mean = prefix + (station ? "mean_pose_error" : "mean_error");
    add(Output::kTaskMeanError, 0, Cadence::kSecond, {mean, "ignition.msgs.Float"},
        {mean, "std_msgs/msg/Float32"}, {});
  }
  for (std::size_t k = 0; k < scenario_.tasks.size(); ++k) {
    add(Output::kTaskState, static_cast<int>(k), Cadence::kState, {}, {},
        {"/task/" + scenario_.tasks[k].name, "leeway.Task"});
  }
}

void PlanBuilder::actuators() {
  const Model& model = scenario_.model;
  const ActuatorReports reports(model);
  const std::string world = world_topic_prefix(model.world_name);
  for (std::size_t m = 0; m < reports.models().size(); ++m) {
    const std::string& name = reports.models()[m].model_name;
    add(Output::kJointStates, static_cast<int>(m), Cadence::kState,
        {world + model_topic_prefix(name) + "/joint_state", "ignition.msgs.Model"},
        {"/" + ros_name(name) + "/joint_states", "sensor_msgs/msg/JointState"}, {});
  }
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    const ActuatorWiring& wiring = scenario_.wiring.actuators[i];
    if (wiring.output_topic.empty()) continue;
    // UUV Simulator's outputs are stamped as its commands are; gz-sim's (a BuoyancyEngine's
    // volume) are the bridge's Float64.
    add(Output::kActuatorOutput, static_cast<int>(i), Cadence::kState,
        {wiring.output_topic, "ignition.msgs.Double"},
        {wiring.output_topic,
         wiring.stamped ? "uuv_gazebo_ros_plugins_msgs/msg/FloatStamped" : "std_msgs/msg/Float64"},
        {});
  }
}

void PlanBuilder::pose_publishers() {
  const Model& model = scenario_.model;
  const std::vector<PosePublisherModel>& publishers = scenario_.wiring.pose_publishers;
  for (std::size_t k = 0; k < publishers.size(); ++k) {
    const PosePublisherModel& p = publishers[k];
    const std::string& name = model.bodies[static_cast<std::size_t>(p.body)].model_name;
    const std::string gz = model_topic_prefix(name) + "/pose", ros = "/" + ros_name(name) + "/pose";
    const char* type = p.pose_vector ? "ignition.msgs.Pose_V" : "ignition.msgs.Pose";
    const auto k_index = static_cast<int>(k);
    add(Output::kPosePublisher, k_index, Cadence::kOwn, {gz, type}, {ros, "tf2_msgs/msg/TFMessage"},
        {})
        .interval = publication_interval(p.update_hz, model.dt);
    if (!p.static_publisher) continue;
    add(Output::kPosePublisherStatic, k_index, Cadence::kOwn, {gz + "_static", type},
        {ros + "_static", "tf2_msgs/msg/TFMessage"}, {})
        .interval = publication_interval(p.static_update_hz, model.dt);
  }
}

void PlanBuilder::contacts() {
  const Model& model = scenario_.model;
  const std::vector<ContactSensor> sensors = contact_sensors(scenario_);
  for (std::size_t k = 0; k < sensors.size(); ++k) {
    const ContactWiring& w = *sensors[k].wiring;
    const std::string topic =
        w.topic.empty()
            ? contact_topic(model.world_name, model.colliders[sensors[k].collider].model_name,
                            w.link, w.sensor)
            : absolute(w.topic);
    add(Output::kContacts, static_cast<int>(k), Cadence::kOwn, {topic, "ignition.msgs.Contacts"},
        {topic, "ros_gz_interfaces/msg/Contacts"}, {topic, "leeway.Contacts"})
        .interval = publication_interval(w.rate_hz, model.dt);
  }
}

void PlanBuilder::end() {
  add(Output::kLog, -1, Cadence::kEvents, {}, {}, {"/log", "foxglove.Log"});
  add(Output::kLockstepReply, -1, Cadence::kReply, {},
      {world_topic_prefix(scenario_.model.world_name) + "/lockstep/reply",
       "ros_gz_interfaces/msg/ParamVec"},
      {});
}

/// What a row is, in a message: "reading of wamv/imu (imu)".
std::string describe(const Scenario& scenario, const Publication& p) {
  const std::string owner = owner_of(scenario, p);
  return owner.empty() ? output_name(p.what) : fmt::format("{} of {}", output_name(p.what), owner);
}

/// Where the file named the topic of `p`, if it did.
SourceLocation named_at(const Scenario& scenario, const Publication& p) {
  const auto i = static_cast<std::size_t>(p.index);
  switch (p.what) {
    case Output::kSensorReading:
      return scenario.wiring.sensors[i].where;
    case Output::kActuatorOutput:
      return scenario.wiring.actuators[i].where;
    case Output::kContacts:
      return contact_sensors(scenario)[i].wiring->where;
    default:
      return {scenario.model.source, 0, ""};
  }
}

/// Two outputs of one transport on one topic would be one stream of two kinds of message.
void check_unique(const Scenario& scenario, const PublicationPlan& plan, Route Publication::*route,
                  const char* transport) {
  std::map<std::string, const Publication*> seen;
  for (const Publication& p : plan.rows) {
    const Route& r = p.*route;
    if (!r.carried()) continue;
    const auto [it, added] = seen.try_emplace(r.topic, &p);
    if (added) continue;
    throw LoadError(
        named_at(scenario, p),
        fmt::format("{} would publish on {} topic '{}', which {} publishes on; "
                    "expected a topic of its own (its <topic>)",
                    describe(scenario, p), transport, r.topic, describe(scenario, *it->second)));
  }
}

}  // namespace

std::uint64_t publication_interval(double hz, double dt) {
  return hz > 0.0 && hz < 1.0 / dt ? steps_between(hz, dt) : 1;
}

std::vector<ContactSensor> contact_sensors(const Scenario& scenario) {
  std::vector<ContactSensor> out;
  for (std::size_t c = 0; c < scenario.model.colliders.size(); ++c) {
    if (!scenario.model.colliders[c].sensed.empty())
      out.push_back({c, &scenario.wiring.contacts[c]});
  }
  return out;
}

PublicationPlan make_publication_plan(const Scenario& scenario,
                                      const PublicationPlanOptions& options) {
  PlanBuilder b(scenario, options);
  b.world();
  b.bodies_and_models();
  for (std::size_t i = 0; i < scenario.model.sensors.size(); ++i)
    b.sensor(i);
  b.tasks();
  b.actuators();
  b.pose_publishers();
  b.contacts();
  b.end();
  check_unique(scenario, b.plan, &Publication::gz, "gz-transport");
  check_unique(scenario, b.plan, &Publication::ros, "ROS 2");
  check_unique(scenario, b.plan, &Publication::view, "the viewer's");
  return std::move(b.plan);
}

std::string owner_of(const Scenario& s, const Publication& p) {
  const Model& model = s.model;
  const auto i = static_cast<std::size_t>(p.index);
  switch (p.what) {
    case Output::kOdometry:
    case Output::kPose:
    case Output::kEnvironment:
      return model.bodies[i].model_name;
    case Output::kActuators:
      return model.actuators[i].model_name;
    case Output::kActuatorOutput:
      return model.actuators[i].full_name();
    case Output::kSensorReading:
    case Output::kCameraInfo:
    case Output::kDepthImage:
    case Output::kPoints:
    case Output::kSoundings:
    case Output::kSonarDisplay:
      return fmt::format("{} ({})", model.sensors[i].full_name(),
                         sensor_type_name(model.sensors[i]));
    case Output::kTaskState:
      return s.tasks[i].name;
    default:
      return "";
  }
}

const char* output_name(Output what) {
  switch (what) {
    case Output::kClock:
      return "clock";
    case Output::kWorldStats:
      return "world_statistics";
    case Output::kBodyPoses:
      return "body_poses";
    case Output::kStaticFrames:
      return "static_frames";
    case Output::kScene:
      return "scene";
    case Output::kWaves:
      return "waves";
    case Output::kSea:
      return "sea_surface";
    case Output::kMarkers:
      return "thrust_markers";
    case Output::kOdometry:
      return "odometry";
    case Output::kPose:
      return "pose";
    case Output::kEnvironment:
      return "environment";
    case Output::kActuators:
      return "actuators";
    case Output::kSensorReading:
      return "reading";
    case Output::kCameraInfo:
      return "camera_info";
    case Output::kDepthImage:
      return "depth_image";
    case Output::kPoints:
      return "points";
    case Output::kSoundings:
      return "soundings";
    case Output::kSonarDisplay:
      return "sonar_display";
    case Output::kTaskInfo:
      return "task_info";
    case Output::kTaskGoals:
      return "task_goals";
    case Output::kTaskError:
      return "task_errors";
    case Output::kTaskMeanError:
      return "task_score";
    case Output::kTaskState:
      return "task_state";
    case Output::kJointStates:
      return "joint_states";
    case Output::kActuatorOutput:
      return "actuator_output";
    case Output::kPosePublisher:
      return "pose_publisher";
    case Output::kPosePublisherStatic:
      return "pose_publisher_static";
    case Output::kContacts:
      return "contacts";
    case Output::kLog:
      return "log";
    case Output::kLockstepReply:
      return "lockstep_reply";
  }
  return "";
}

}  // namespace leeway
