// The run's plans (transport/publication_plan.h, input_plan.h): every sensor type reaches every
// transport by its message shape, with no code of its own there; every actuator takes commands;
// one table lists what each transport carries (leeway topics); a topic two outputs would share
// is refused at start-up, naming the element that named it, its file and line.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "leeway/transport/served_plans.h"
#include "leeway/transport/topic_table.h"
#include "sdf/sdf_test_util.h"
#include "temp_file.h"

namespace leeway {
namespace {

/// A floating body with one sensor of every type, none of them naming a topic.
Scenario one_sensor_of_each_type() {
  Diagnostics d;
  Scenario s;
  s.model =
      load_world_string(testing::world_sdf(testing::simple_model("", "probe")), "probe.sdf", d);
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (s.model.sensors.push_back(SensorModel{"probe", "s" + std::to_string(I), "base", 0, Pose(),
                                           10.0, std::variant_alternative_t<I, SensorKind>{}}),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<SensorKind>>{});
  for (SensorModel& sensor : s.model.sensors) {
    if (auto* dvl = std::get_if<DvlModel>(&sensor.kind))
      dvl->beams_S = {Vec3::UnitX(), Vec3::UnitY(), -Vec3::UnitZ()};
  }
  s.wiring.sensors.resize(s.model.sensors.size());
  s.wiring.contacts.resize(s.model.colliders.size());
  return s;
}

TEST(PublicationPlan, EverySensorTypeReachesEveryTransportByItsShape) {
  const Scenario s = one_sensor_of_each_type();
  const ServedPlans plans = make_served_plans(s);
  std::set<std::size_t> gz, ros, view;
  for (const Publication& p : plans.publications.rows) {
    if (p.what != Output::kSensorReading) continue;
    const auto i = static_cast<std::size_t>(p.index);
    if (p.gz.carried()) gz.insert(i);
    if (p.ros.carried()) ros.insert(i);
    if (p.view.carried()) view.insert(i);
    SCOPED_TRACE(sensor_type_name(s.model.sensors[i]));
    EXPECT_FALSE(p.gz.type.empty());
    EXPECT_FALSE(p.ros.type.empty());
    EXPECT_FALSE(p.view.type.empty());
    EXPECT_EQ(p.drawn, draws_images(s.model.sensors[i]));
  }
  EXPECT_EQ(gz.size(), s.model.sensors.size());
  EXPECT_EQ(ros.size(), s.model.sensors.size());
  EXPECT_EQ(view.size(), s.model.sensors.size());
}

TEST(PublicationPlan, ShapesTheTransportsHaveNoMessageForTravelAsRecordsOrGenericMessages) {
  const Scenario s = one_sensor_of_each_type();
  const PublicationPlan plan = make_publication_plan(s);
  const auto route = [&](const char* type) {
    for (const Publication& p : plan.rows) {
      if (p.what == Output::kSensorReading &&
          descriptor(s.model.sensors[static_cast<std::size_t>(p.index)]).type == type)
        return p;
    }
    ADD_FAILURE() << "no row for " << type;
    return Publication{};
  };
  // ign-msgs 8 has no DVL message: a Param of its fields, under its type's default topic.
  EXPECT_EQ(route("dvl").gz.type, "ignition.msgs.Param");
  EXPECT_EQ(route("dvl").gz.topic, "/world/w/model/probe/link/base/sensor/s5/dvl");
  EXPECT_EQ(route("dvl").ros.type, "marine_acoustic_msgs/msg/Dvl");
  EXPECT_EQ(route("altimeter").ros.type, "ros_gz_interfaces/msg/Altimeter");
  EXPECT_EQ(route("altimeter").ros.topic, "/probe/sensors/altimeter/altimeter/data");
  EXPECT_EQ(route("wave_gauge").gz.type, "ignition.msgs.Double");
  EXPECT_EQ(route("wave_gauge").ros.type, "uuv_gazebo_ros_plugins_msgs/msg/FloatStamped");
  EXPECT_EQ(route("wave_gauge").view.type, "leeway.WaveGauge");
  EXPECT_EQ(route("current_meter").gz.type, "ignition.msgs.Vector3d");
  EXPECT_EQ(route("current_meter").ros.type, "geometry_msgs/msg/Vector3Stamped");
  EXPECT_EQ(route("acoustic_position").ros.type, "geometry_msgs/msg/Vector3Stamped");
}

TEST(PublicationPlan, LeewaysOwnActuatorsTakeCommandsAtTheirDocumentedTopics) {
  Diagnostics d;
  const Scenario s = load_scenario_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/otter.sdf", d);
  const ServedPlans plans = make_served_plans(s);
  std::map<std::string, std::string> gz, ros;
  for (const Subscription& in : plans.inputs.rows) {
    if (in.what != Input::kActuatorCommand) continue;
    ASSERT_EQ(in.targets.size(), 1u);
    const std::string& name = s.model.actuators[in.targets[0]].name;
    gz[name] = in.gz.topic;
    ros[name] = in.ros.topic;
    EXPECT_EQ(in.ros.type, "std_msgs/msg/Float64");
  }
  EXPECT_EQ(gz.at("left_propeller"), "/model/otter/actuator/left_propeller/cmd");
  EXPECT_EQ(ros.at("right_propeller"), "/otter/actuator/right_propeller/cmd");
  // The table `leeway topics` prints lists them, with their units.
  const std::string table = topic_table(s, plans);
  EXPECT_NE(table.find("/model/otter/actuator/left_propeller/cmd"), std::string::npos) << table;
  EXPECT_NE(table.find("command of otter/left_propeller [rad/s]"), std::string::npos) << table;
}

TEST(PublicationPlan, GzSimsBuoyancyEnginesTakeTheirVolumeWhereGzSimListens) {
  // gz-sim's examples/worlds/buoyancy_engine.sdf documents `gz topic -t
  // /model/buoyant_box/buoyancy_engine/ -m gz.msgs.Double -p "data: 0.003"`; its two boxes both
  // have the namespace buoyant_box, so one command fills both bladders, as in gz-sim.
  const std::filesystem::path file =
      testing::foreign_corpus() / "gz-sim" / "examples" / "worlds" / "buoyancy_engine.sdf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no foreign corpus: " << file;
  Diagnostics d;
  const Scenario s = load_scenario_file(file.string(), d);
  const ServedPlans plans = make_served_plans(s);
  std::vector<const Subscription*> commands;
  for (const Subscription& in : plans.inputs.rows) {
    if (in.what == Input::kActuatorCommand) commands.push_back(&in);
  }
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(commands[0]->gz.topic, "/model/buoyant_box/buoyancy_engine");
  EXPECT_EQ(commands[0]->ros.topic, "/model/buoyant_box/buoyancy_engine");
  std::set<std::string> driven;
  for (std::size_t i : commands[0]->targets)
    driven.insert(s.model.actuators[i].full_name());
  EXPECT_EQ(driven, (std::set<std::string>{"buoyant_box/buoyancy_engine",
                                           "buoyant_box_surface/buoyancy_engine"}));
  // The volume where gz-sim publishes it; the second bladder would share the topic, so the first
  // publishes, and the load says so at the second's plugin.
  std::vector<const Publication*> volumes;
  for (const Publication& p : plans.publications.rows) {
    if (p.what == Output::kActuatorOutput) volumes.push_back(&p);
  }
  ASSERT_EQ(volumes.size(), 1u);
  EXPECT_EQ(s.model.actuators[static_cast<std::size_t>(volumes[0]->index)].model_name,
            "buoyant_box");
  EXPECT_EQ(volumes[0]->gz.topic, "/model/buoyant_box/buoyancy_engine/current_volume");
  EXPECT_EQ(volumes[0]->gz.type, "ignition.msgs.Double");
  EXPECT_EQ(volumes[0]->ros.topic, "/model/buoyant_box/buoyancy_engine/current_volume");
  EXPECT_EQ(volumes[0]->ros.type, "std_msgs/msg/Float64");
  int shared = 0;
  for (const Diagnostic& w : d.warnings())
    shared += w.str().find("'buoyant_box_surface''s bladder shares <namespace> 'buoyant_box'") !=
              std::string::npos;
  EXPECT_EQ(shared, 1);
}

TEST(PublicationPlan, ATopicTwoOutputsWouldShareIsRefusedAtItsElement) {
  const std::string world = testing::world_sdf(testing::simple_model("", "m", R"(
    <sensor name="a" type="imu"><topic>/imu</topic></sensor>
    <sensor name="b" type="air_pressure"><topic>/imu</topic></sensor>)"));
  Diagnostics d;
  const Scenario s = load_scenario_file(testing::write_temp("shared_topic.sdf", world), d);
  try {
    make_publication_plan(s);
    ADD_FAILURE() << "a topic shared by two sensors was taken";
  } catch (const LoadError& e) {
    testing::expect_mentions(
        e.what(),
        {"shared_topic.sdf:" + std::to_string(testing::line_of(world, "name=\"b\"")),
         "reading of m/b (air_pressure)", "'/imu'", "reading of m/a (imu)", "a topic of its own"});
  }
}

TEST(PublicationPlan, ACommandTopicASensorPublishesOnIsRefusedAtTheActuatorsPlugin) {
  const std::string world = testing::world_sdf(testing::simple_model(R"(
    <plugin filename="leeway" name="leeway::Thruster">
      <actuator>prop</actuator><position>-1 0 0</position>
      <thrust><quadratic><k_forward>1</k_forward></quadratic></thrust>
    </plugin>)",
                                                                     "boat", R"(
    <sensor name="imu" type="imu"><topic>/model/boat/actuator/prop/cmd</topic></sensor>)"));
  const Scenario s = testing::load_scenario(world);
  const PublicationPlan plan = make_publication_plan(s);
  try {
    make_input_plan(s, plan);
    ADD_FAILURE() << "a command topic a sensor publishes on was taken";
  } catch (const LoadError& e) {
    testing::expect_mentions(e.what(), {"actuator boat/prop", "'/model/boat/actuator/prop/cmd'",
                                        "reading", "a topic of its own"});
  }
}

}  // namespace
}  // namespace leeway
