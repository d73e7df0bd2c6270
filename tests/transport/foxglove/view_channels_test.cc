// The view's channels (view/view_channels.h) say what the physics has: the sea grid's vertices are
// the wave field's Gerstner points, the environment channel the wind and current at the body,
// the thrust arrows' lengths and directions the thrusters' loads, the seabed the bathymetry's
// heights (with land left out), and odometry the body's state.
#include "leeway/transport/foxglove/view_channels.h"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "leeway/app/load_world_or_default.h"
#include "leeway/env/bathymetry.h"
#include "leeway/env/wave_field.h"
#include "leeway/sdf/load_world.h"
#include "mesh_files.h"
#include "temp_file.h"

namespace leeway {
namespace {

using nlohmann::json;

/// The last message of each topic.
class LastMessages final : public Observer, public MessageSink {
 public:
  LastMessages(const Simulation& sim, ViewOptions options) : channels(sim, std::move(options)) {}
  void on_start(const Simulation& sim) override { channels.start(sim, *this); }
  void on_step(const Simulation& sim) override { channels.step(sim, *this); }
  void take(std::size_t channel, std::uint64_t, std::string_view text) override {
    last[channels.channels()[channel].topic] = json::parse(text);
  }
  ViewChannels channels;
  std::map<std::string, json> last;
};

Scenario default_world() {
  Diagnostics diagnostics;
  std::optional<Scenario> scenario = load_world_or_default("", 0, diagnostics);
  EXPECT_TRUE(scenario);
  return std::move(*scenario);
}

Vec3 vec3(const json& v) {
  return Vec3(v.at("x").get<double>(), v.at("y").get<double>(), v.at("z").get<double>());
}

TEST(ViewChannels, SayWhatThePhysicsHas) {
  Simulation sim(default_world());
  LastMessages view(sim, ViewOptions{});
  sim.attach(view);
  RunOptions run;
  run.until_step = steps_for(30.0, sim.model().dt);  // the autopilot under way, thrusters loaded
  ASSERT_TRUE(sim.run(run).ok);
  const Model& model = sim.model();
  const State& state = sim.state();
  const double t = state.t;

  // /sea at 30 s (a 2 Hz frame): each vertex the Gerstner point of its calm position, to the
  // 1 mm it is written with.
  const json& sea = view.last.at("/sea").at("entities").at(0).at("triangles").at(0);
  const json& points = sea.at("points");
  ASSERT_EQ(points.size(), 33u * 33u);
  const double h = 96.0 / 32;
  const double x0 = std::round(state.bodies[0].p_WB.x() / h) * h - 48.0;
  const double y0 = std::round(state.bodies[0].p_WB.y() / h) * h - 48.0;
  for (const int k : {0, 17, 544, 1088}) {
    const Vec3 p =
        gerstner_point(*model.environment.waves, x0 + (k % 33) * h, y0 + (k / 33) * h, t);
    EXPECT_LT((vec3(points[k]) - p).cwiseAbs().maxCoeff(), 0.0005 + 1e-12) << k;
  }
  EXPECT_EQ(sea.at("indices").size(), 6u * 32 * 32);

  // /wamv/environment: the wind and current at Bo, as the environment gives them, to the bit.
  const json& env = view.last.at("/wamv/environment");
  const Vec3& p = state.bodies[0].p_WB;
  EXPECT_EQ(vec3(env.at("wind")), wind_velocity(model.environment, state.environment, p, t));
  EXPECT_EQ(vec3(env.at("current")), current_velocity(model.environment, state.environment, p, t));
  EXPECT_EQ(env.at("wave_elevation").get<double>(),
            surface_height(model.environment, p.x(), p.y(), t));

  // /wamv/odometry: the body's pose and twist, to the bit.
  const json& odometry = view.last.at("/wamv/odometry");
  EXPECT_EQ(vec3(odometry.at("pose").at("position")), p);
  EXPECT_EQ(vec3(odometry.at("linear_velocity")), Vec3(state.bodies[0].V_WB_B.head<3>()));

  // /markers: each thruster's arrow 0.4 ln(1 + |T| / 20 N) m long, along the force it exerts.
  const json& arrows = view.last.at("/markers").at("entities").at(0).at("arrows");
  const BodyModel& wamv = model.bodies[0];
  ASSERT_EQ(arrows.size(), wamv.thrusters.size());
  for (std::size_t i = 0; i < arrows.size(); ++i) {
    const Thruster& thruster = wamv.thrusters[i];
    const double thrust =
        sim.data().actuator_loads[static_cast<std::size_t>(thruster.actuator)].thrust;
    const double length =
        arrows[i].at("shaft_length").get<double>() + arrows[i].at("head_length").get<double>();
    EXPECT_NEAR(length, 0.4 * std::log1p(std::abs(thrust) / 20.0), 2e-3) << i;
    EXPECT_GT(std::abs(thrust), 10.0);
    const json& q = arrows[i].at("pose").at("orientation");
    const Vec3 along = Quat(q.at("w").get<double>(), q.at("x").get<double>(),
                            q.at("y").get<double>(), q.at("z").get<double>()) *
                       Vec3::UnitX();
    const ThrusterPose pose = thruster_pose(
        thruster, thruster.azimuth_actuator >= 0
                      ? state.actuators[static_cast<std::size_t>(thruster.azimuth_actuator)]
                      : 0.0);
    EXPECT_LT((along - (thrust >= 0 ? 1.0 : -1.0) * pose.axis_B).norm(), 1e-9) << i;
  }
}

TEST(ViewChannels, DrawTheSeabedAndLeaveLandOut) {
  Scenario scenario = default_world();
  // A seabed sloping 1 in 100 from 20 m deep, on a 50 m grid; the corner beyond 50 m east and north
  // is land.
  Bathymetry seabed;
  for (int i = 0; i <= 8; ++i) {
    seabed.x.push_back(-200.0 + 50.0 * i);
    seabed.y.push_back(-200.0 + 50.0 * i);
  }
  for (const double y : seabed.y) {
    for (const double x : seabed.x)
      seabed.seabed_z.push_back(x > 50 && y > 50 ? std::nan("") : -20.0 + 0.01 * x);
  }
  scenario.model.environment.bathymetry = seabed;
  Simulation sim(std::move(scenario));
  LastMessages view(sim, ViewOptions{});
  view.on_start(sim);
  const json* triangles = nullptr;
  for (const json& e : view.last.at("/scene").at("entities")) {
    if (e.at("id") == "seabed") triangles = &e.at("triangles").at(0);
  }
  ASSERT_NE(triangles, nullptr);
  const json& points = triangles->at("points");
  // 61 x 61 points 5 m apart about the WAM-V's start (0, 0), less the 20 x 20 beyond 50 m east
  // and north, which the land cells at 100 m and beyond touch.
  EXPECT_EQ(points.size(), 61u * 61u - 20u * 20u);
  for (const json& point : points) {
    const Vec3 v = vec3(point);
    EXPECT_NEAR(v.z(), seabed_height(*sim.model().environment.bathymetry, v.x(), v.y()),
                0.005 + 1e-9);
  }
  for (const json& index : triangles->at("indices"))
    EXPECT_LT(index.get<std::size_t>(), points.size());
}

/// A one-link model of 10 kg: `name` at `pose` (x y z roll pitch yaw), its link `link` holding
/// `link_extra`, then `plugins`.
std::string model_sdf(const std::string& name, const std::string& pose, const std::string& link,
                      const std::string& link_extra, const std::string& plugins = "") {
  return R"(<model name=")" + name + R"("><pose>)" + pose + R"(</pose><link name=")" + link +
         R"("><inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz><ixy>0</ixy>
    <ixz>0</ixz><iyz>0</iyz></inertia></inertial>)" +
         link_extra + "</link>" + plugins + "</model>\n";
}

/// A world of `models` without gravity, written to `file_name`, loaded and viewed from its start.
struct ViewedWorld {
  ViewedWorld(const std::string& file_name, const std::string& models)
      : sim(load(file_name, models)), view(sim, ViewOptions{}) {
    view.on_start(sim);
  }
  static Scenario load(const std::string& file_name, const std::string& models) {
    Diagnostics d;
    return load_scenario_file(testing::write_temp(file_name, R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="w"><gravity>0 0 0</gravity>
)" + models + "</world></sdf>\n"),
                              d);
  }
  Simulation sim;
  LastMessages view;
};

TEST(ViewChannels, DrawAModelByItsVisualsAndOneWithoutByItsShapes) {
  // A boat drawn by a two-material mesh (a red, half-transparent triangle; a blue square) and a
  // mesh file that is not a mesh; a buoy with no visual, drawn by its collision sphere.
  testing::write_two_part_obj("view_parts");
  testing::write_temp("view_garbage.stl", "solid nothing\nthis is no facet\n");
  ViewedWorld world("view_visuals.sdf", model_sdf("boat", "0 0 0 0 0 0", "hull", R"(
    <collision name="c"><geometry><box><size>2 1 1</size></box></geometry></collision>
    <visual name="v"><pose>0.5 0 0.2 0 0 0</pose>
      <geometry><mesh><uri>view_parts.obj</uri></mesh></geometry></visual>
    <visual name="broken"><geometry><mesh><uri>view_garbage.stl</uri></mesh></geometry></visual>)") +
                                            model_sdf("buoy", "10 0 0 0 0 0", "l", R"(
    <collision name="c"><geometry><sphere><radius>0.5</radius></sphere></geometry></collision>)"));
  const LastMessages& view = world.view;
  std::map<std::string, json> entities;
  for (const json& e : view.last.at("/scene").at("entities"))
    entities[e.at("id").get<std::string>()] = e;
  EXPECT_EQ(entities.count("shapes/boat"), 0u);
  ASSERT_EQ(entities.count("visuals/boat"), 1u);
  ASSERT_EQ(entities.count("shapes/buoy"), 1u);
  EXPECT_EQ(entities.at("shapes/buoy").at("spheres").size(), 1u);

  const json& boat = entities.at("visuals/boat");
  EXPECT_EQ(boat.at("frame_id"), "boat/hull");
  const json& parts = boat.at("triangles");
  ASSERT_EQ(parts.size(), 2u);  // the broken file draws nothing
  for (const json& part : parts) {
    EXPECT_LT((vec3(part.at("pose").at("position")) - Vec3(0.5, 0, 0.2)).norm(), 1e-12);
    const bool red = part.at("color").at("r").get<double>() == 1.0;
    EXPECT_EQ(part.at("points").size(), red ? 3u : 4u);
    EXPECT_EQ(part.at("indices").size(), red ? 3u : 6u);
    EXPECT_NEAR(part.at("color").at("a").get<double>(), red ? 0.5 : 1.0, 1e-7);
  }
  // The unreadable file is said on /log, by its SDF line and its path.
  const std::string log = view.last.at("/log").at("message");
  EXPECT_NE(log.find("view_visuals.sdf:"), std::string::npos) << log;
  EXPECT_NE(log.find("view_garbage.stl' is not drawn"), std::string::npos) << log;
}

TEST(ViewChannels, DrawTheSeaAboutTheVesselNotTheFirstBody) {
  // As VRX's worlds have it: a buoy first (at 50 m east), the vessel (a thruster) after it.
  // The sea's grid is centred on the vessel.
  ViewedWorld world(
      "view_focus.sdf",
      model_sdf("buoy", "50 0 0 0 0 0", "l", "") +
          model_sdf("boat", "0 -21 0 0 0 0", "hull", "",
                    R"(<plugin filename="leeway" name="leeway::Thruster"><actuator>prop</actuator>
      <position>-1 0 0</position><thrust><quadratic><k_forward>1</k_forward></quadratic></thrust>
    </plugin>)"));
  const LastMessages& view = world.view;
  const json& points = view.last.at("/sea").at("entities").at(0).at("triangles").at(0).at("points");
  Vec3 centre = Vec3::Zero();
  for (const json& p : points)
    centre += vec3(p);
  centre /= static_cast<double>(points.size());
  // The grid is snapped to its 3 m cells; the boat sits on one's corner.
  EXPECT_LT((centre.head<2>() - Eigen::Vector2d(0, -21)).norm(), 1e-9) << centre.transpose();
}

TEST(ViewChannels, ShowASideScanAsItsPingsBeamsAndItsWaterfall) {
  Diagnostics diagnostics;
  Simulation sim(load_scenario_file(
      std::string(LEEWAY_SOURCE_DIR) + "/worlds/remus100_sidescan.sdf", diagnostics));
  sim.draw_images(true);
  LastMessages view(sim, ViewOptions{});
  sim.attach(view);
  RunOptions run;
  run.until_step = steps_for(0.35, sim.model().dt);  // four pings at 10 Hz
  ASSERT_TRUE(sim.run(run).ok);
  const std::string topic = "/remus100/sensors/sonars/sidescan/sonar_image";
  ASSERT_TRUE(view.last.count(topic));
  const json& ping = view.last.at(topic);
  EXPECT_EQ(ping["image"]["beam_count"], 2);
  // Port's beam in the acoustic frame (z along S's x, x along S's z, y along -S's y): 20
  // degrees below S's y.
  const double tilt = side_scan_sonar().tilt;
  EXPECT_LT((vec3(ping["beam_directions"][0]) - Vec3(-std::sin(tilt), -std::cos(tilt), 0)).norm(),
            1e-15);
  // The display: the waterfall, a PNG 1024 pixels wide and 400 tall.
  const json& image = view.last.at(topic + "/image");
  EXPECT_EQ(image["format"], "png");
  // Base64 of the PNG's first 27 bytes: its signature, then the IHDR chunk: width 1024
  // (0x400), height 400 (0x190), 8-bit RGB.
  const std::string png = image["data"];
  EXPECT_EQ(png.substr(0, 36), "iVBORw0KGgoAAAANSUhEUgAABAAAAAGQCAIA");
}

TEST(ViewChannels, AContactSensorsContactsReachTheViewerAsTheStepHasThem) {
  // A post through the WAM-V's left float, where VRX holds it for its first 10 s: the float
  // touches it at every step; /vrx/contacts (the WAM-V's contact sensor's <topic>) carries the
  // contacts of the shapes the sensor lists, as the step found them.
  std::string world(default_world_sdf());
  world.insert(world.rfind("</world>"),
               "<model name='post'><static>true</static><pose>-0.69 0.87 0.1 0 0 0</pose>"
               "<link name='link'><collision name='collision'><geometry><box><size>0.6 0.6 0.6"
               "</size></box></geometry></collision></link></model>\n");
  Diagnostics diagnostics;
  Simulation sim(load_scenario_string(world, "post.sdf", diagnostics));
  LastMessages view(sim, ViewOptions{});
  sim.attach(view);
  RunOptions run;
  run.until_step = steps_for(1.0, sim.model().dt);
  ASSERT_TRUE(sim.run(run).ok);
  ASSERT_TRUE(view.last.contains("/vrx/contacts"));
  const json& m = view.last.at("/vrx/contacts");
  ASSERT_FALSE(m.at("contacts").empty());
  const StepData& data = sim.data();
  bool found = false;
  for (const json& c : m["contacts"]) {
    EXPECT_EQ(c["collision1"].get<std::string>().substr(0, 6), "wamv::");  // the sensed shape
    EXPECT_EQ(c["collision2"], "post::link::collision");
    EXPECT_NEAR(vec3(c["normal"]).norm(), 1.0, 1e-12);
    for (const ContactPoint& p : data.contact_points)
      found = found || (vec3(c["position"]) - p.p_W).norm() < 1e-12;
  }
  EXPECT_TRUE(found) << m.dump();
}

}  // namespace
}  // namespace leeway
