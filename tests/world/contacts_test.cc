// Collision shapes loaded from SDF, the contact query between models, and VRX's collision
// count in a world where the WAM-V runs through two posts and a buoy.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iostream>

#include "leeway/sdf/load_world.h"
#include "leeway/sim/simulation.h"
#include "leeway/task/task_scoring.h"
#include "leeway/world/step.h"
#include "mesh_files.h"
#include "sdf/sdf_test_util.h"
#include "temp_file.h"

namespace leeway {
namespace {

using testing::expect_mentions;

/// A static post: a vertical cylinder of radius 0.3 m from 2 m below to 2 m above the water.
std::string post(const std::string& name, double x, double y) {
  return "<model name='" + name + "'><static>true</static><pose>" + std::to_string(x) + " " +
         std::to_string(y) +
         " 0 0 0 0</pose><link name='link'><collision name='collision'><geometry><cylinder>"
         "<radius>0.3</radius><length>4</length></cylinder></geometry></collision></link>"
         "</model>\n";
}

/// VRX's WAM-V heading east from the origin, the posts and buoy given, and a station-keeping
/// task (running from t = 0) that counts its collisions.
std::string course(const std::string& obstacles) {
  return R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="course">
    <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
    <spherical_coordinates><latitude_deg>-33.724223</latitude_deg>
      <longitude_deg>150.679736</longitude_deg></spherical_coordinates>
    <plugin filename="libStationkeepingScoringPlugin.so" name="vrx::StationkeepingScoringPlugin">
      <vehicle>wamv</vehicle>
      <task_name>station_keeping</task_name>
      <initial_state_duration>0</initial_state_duration>
      <ready_state_duration>0</ready_state_duration>
      <running_state_duration>60</running_state_duration>
      <goal_pose_cart>100 0 0</goal_pose_cart>
    </plugin>
    <include><uri>model://wamv</uri><pose>0 0 0 0 0 0</pose></include>
)" + obstacles +
         R"(  </world>
</sdf>
)";
}

Scenario load_course(const std::string& obstacles, Diagnostics& d) {
  setenv("LEEWAY_RESOURCE_PATH", (std::string(LEEWAY_SOURCE_DIR) + "/models").c_str(), 1);
  return load_scenario_file(testing::write_temp("contacts_course.sdf", course(obstacles)), d);
}

/// The obstacles of the collision course: two posts, in the left pontoon's way at x = 20 m and
/// the right's at 45 m, and VRX's round buoy in the left's at 75 m.
std::string three_obstacles() {
  return post("post_left", 20.0, 1.03) + post("post_right", 45.0, -1.03) +
         "<include><uri>model://vrx_round_buoy</uri><name>buoy</name>"
         "<pose>75 1.03 0 0 0 0</pose></include>\n";
}

/// Both engines full ahead.
Inputs full_ahead(const Model& m) {
  Inputs in;
  in.commands.assign(m.actuators.size(), std::nullopt);
  for (const char* engine : {"left_engine_propeller_joint", "right_engine_propeller_joint"})
    in.commands[static_cast<std::size_t>(m.actuator_index("wamv", engine))] = 2353.5;
  return in;
}

TEST(Colliders, TheWamvCarriesVrxsShapesAndItsContactSensorsSeven) {
  Diagnostics d;
  const Scenario w = load_course(post("post", 20.0, 1.03), d);
  const Model& m = w.model;
  ASSERT_EQ(m.colliders.size(), 2u);
  const Collider& wamv = m.colliders[0];
  EXPECT_EQ(wamv.body, 0);
  EXPECT_EQ(wamv.shapes.size(), 25u);  // 12 a side and the deck
  ASSERT_EQ(wamv.sensed.size(), 7u);
  EXPECT_EQ(m.shape_name(0, wamv.sensed[0]), "wamv::base_link::top_base");
  EXPECT_EQ(m.shape_name(0, wamv.sensed[1]), "wamv::base_link::left_float");
  EXPECT_EQ(w.tasks[0].counted_shapes, wamv.sensed);
  // The main float, a 4 m cylinder pitched 1.57 rad: its axis lies along x, 0.2 m up.
  const CollisionShape& float_left = wamv.shapes[static_cast<std::size_t>(wamv.sensed[1])];
  EXPECT_NEAR(float_left.X_BS.linear().col(2).x(), std::sin(1.57), 1e-12);
  EXPECT_LT((float_left.X_BS.translation() - Vec3(-0.4, 1.03, 0.2)).norm(), 1e-12);
  // The sphere about Bo holds the main floats' sterns, |(-2.4, 1.03, 0.2)| = 2.62 m away; it
  // is the main float's centre distance plus its own bounding radius, 1.12 + 2.01 m.
  EXPECT_NEAR(wamv.radius, Vec3(-0.4, 1.03, 0.2).norm() + std::hypot(0.2, 2.0), 1e-12);
  const Collider& p = m.colliders[1];
  EXPECT_EQ(p.body, -1);
  EXPECT_LT((p.X_WB.translation() - Vec3(20.0, 1.03, 0.0)).norm(), 1e-12);
  EXPECT_TRUE(d.warnings().empty()) << d.warnings().front().message;
}

TEST(Contacts, AreFoundBetweenShapesThatTouchAndNotBetweenThoseApart) {
  // Two 1 m cubes on bodies and a fixed unit sphere; only the listed shapes of the first count.
  std::vector<Collider> colliders(3);
  colliders[0].body = 0;
  colliders[0].shapes = {{"a::cube", Box{Vec3::Constant(0.5)}, Eigen::Isometry3d::Identity()},
                         {"a::far", Sphere{0.1}, Eigen::Isometry3d(Eigen::Translation3d(0, 5, 0))}};
  colliders[0].radius = 5.1;
  colliders[1].body = 1;
  colliders[1].shapes = {{"b::cube", Box{Vec3::Constant(0.5)}, Eigen::Isometry3d::Identity()}};
  colliders[1].radius = std::sqrt(0.75);
  colliders[2].X_WB = Eigen::Isometry3d(Eigen::Translation3d(0.0, 5.0, 1.15));
  colliders[2].shapes = {{"c::ball", Sphere{1.0}, Eigen::Isometry3d::Identity()}};
  colliders[2].radius = 1.0;
  std::vector<BodyState> bodies(2);
  bodies[1].p_WB = Vec3(1.001, 0.0, 0.0);  // 1 mm apart
  EXPECT_FALSE(first_contact(colliders, 0, {0, 1}, bodies));
  bodies[1].p_WB = Vec3(0.999, 0.3, 0.0);  // 1 mm into each other
  std::optional<Contact> c = first_contact(colliders, 0, {0, 1}, bodies);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->shape, 0);
  EXPECT_EQ(c->other_collider, 1);
  EXPECT_EQ(c->other_shape, 0);
  // Turned 45 degrees about z, b's edge reaches sqrt(2)/2 towards a: apart at x = 1.3.
  bodies[1].p_WB = Vec3(1.3, 0.0, 0.0);
  bodies[1].q_WB = Quat(Eigen::AngleAxisd(M_PI / 4, Vec3::UnitZ()));
  EXPECT_FALSE(first_contact(colliders, 0, {0, 1}, bodies));
  bodies[1].p_WB = Vec3(1.2, 0.0, 0.0);
  EXPECT_TRUE(first_contact(colliders, 0, {0, 1}, bodies));
  // a's small sphere, 5 m off its origin, was 1.15 m from the fixed ball's centre, more than
  // the radii's 1.1; 0.1 m higher it is 1.05 m away and touches, while it is a counted shape.
  bodies[1].p_WB = Vec3(10.0, 0.0, 0.0);
  bodies[0].p_WB = Vec3(0.0, 0.0, 0.1);
  c = first_contact(colliders, 0, {0, 1}, bodies);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->shape, 1);
  EXPECT_EQ(c->other_collider, 2);
  EXPECT_FALSE(first_contact(colliders, 0, {0}, bodies));
}

TEST(Contacts, TheWamvRunningThroughTwoPostsAndABuoyCountsThreeCollisions) {
  // Full ahead on both engines (no contact force: the hull passes through), a post in the path
  // of the left pontoon at x = 20, one in the right's at x = 45, and VRX's round buoy in the
  // left's at x = 75 (on the centre line it would pass between the pontoons, under the deck). Each
  // is passed in about a second and reached more than 3 s after the last, so each counts once. The
  // first contact comes when the bow's front float reaches the post: its forward-most point is 2.3
  // + 0.225 sin 1.3 + 0.12 cos 1.3 = 2.549 m ahead of Bo, the post's face at 20 - 0.3 m.
  Diagnostics d;
  Simulation sim(load_course(three_obstacles(), d));
  const Model& m = sim.model();
  const State& s = sim.state();
  ASSERT_EQ(m.colliders.size(), 4u);
  const Inputs in = full_ahead(m);
  double x_at_first = NAN;
  while (s.t < 40.0 && s.bodies[0].p_WB.x() < 80.0) {
    ASSERT_TRUE(sim.step(in).ok);
    if (std::isnan(x_at_first) && !sim.task_states()[0].collisions.empty())
      x_at_first = s.bodies[0].p_WB.x();
  }
  const std::vector<TaskCollision>& hits = sim.task_states()[0].collisions;
  ASSERT_EQ(hits.size(), 3u) << "at x = " << s.bodies[0].p_WB.x();
  const auto vehicle = [&](int k) {
    return m.shape_name(sim.scenario().tasks[0].collider, hits[k].contact.shape);
  };
  const auto other = [&](int k) {
    return m.shape_name(hits[k].contact.other_collider, hits[k].contact.other_shape);
  };
  EXPECT_EQ(vehicle(0).rfind("wamv::base_link::left_", 0), 0u) << vehicle(0);
  EXPECT_EQ(other(0), "post_left::link::collision");
  EXPECT_EQ(vehicle(1).rfind("wamv::base_link::right_", 0), 0u) << vehicle(1);
  EXPECT_EQ(other(1), "post_right::link::collision");
  EXPECT_EQ(other(2), "buoy::link::collision_outer");
  // Within a step's travel (about 5 cm at 5 m/s) and the pitch's few centimetres.
  EXPECT_NEAR(x_at_first + 2.549, 19.7, 0.08);
  for (std::size_t k = 1; k < hits.size(); ++k)
    EXPECT_GT(hits[k].t - hits[k - 1].t, 3.0);
  std::cout << "first contact with the bow " << x_at_first + 2.549 - 19.7
            << " m past the post's face; collisions at t =";
  for (const TaskCollision& h : hits)
    std::cout << " " << h.t;
  std::cout << " s (" << vehicle(0) << ", " << vehicle(1) << ", " << vehicle(2) << ")\n";
}

TEST(BadInput, AContactSensorNamingACollisionItsLinkLacks) {
  const std::string model = testing::simple_model(
      "", "m",
      "<collision name='hull'><geometry><box><size>1 1 1</size></box></geometry></collision>"
      "<sensor name='touch' type='contact'><contact><collision>hul</collision>"
      "<topic>t</topic></contact></sensor>");
  const std::string text = testing::world_sdf(model);
  const std::string message = testing::load_error("contact_sensor.sdf", text);
  expect_mentions(message, {"contact_sensor.sdf:" + std::to_string(testing::line_of(text, "hul<")),
                            "contact sensor 'touch'", "collision 'hul'", "link 'base'", "hull"});
}

TEST(Contacts, ATasksContactFromTheStepsPairsIsTheOneItsOwnQueryFinds) {
  // The task reads its vehicle's contact from the step's contact pairs (StepData::contacts, all
  // models); the query of world/contacts.h looks for the vehicle's alone. Over the collision
  // course, both give the same contact, or none, at the end of every step.
  Diagnostics d;
  const Scenario w = load_course(three_obstacles(), d);
  const Model& m = w.model;
  const TaskModel& task = w.tasks.at(0);
  const Inputs in = full_ahead(m);
  State s = make_initial_state(m);
  Workspace ws;
  StepData data = make_step_data(m);
  int touching = 0;
  while (s.t < 40.0 && s.bodies[0].p_WB.x() < 80.0) {
    ASSERT_TRUE(step(m, s, in, ws, &data).ok);
    const std::optional<Contact> from_pairs =
        first_contact(data.contacts, task.collider, task.counted_shapes);
    ASSERT_EQ(from_pairs, first_contact(m.colliders, task.collider, task.counted_shapes, s.bodies))
        << "at t = " << s.t;
    touching += from_pairs.has_value();
  }
  EXPECT_GT(touching, 30);  // three passes of about a second at 200 steps per second
}

TEST(BadInput, AMeshThatNoContactTouchesIsReportedWhenATaskCountsCollisions) {
  // (A mesh that exists: the WAM-V's cameras have the world's meshes read.)
  Diagnostics d;
  const Model m = load_course(
                      "<model name='island'><static>true</static><link name='link'>"
                      "<collision name='shore'><geometry><mesh><uri>" +
                          testing::write_two_part_obj("island") +
                          "</uri></mesh></geometry></collision></link></model>\n",
                      d)
                      .model;
  ASSERT_EQ(d.warnings().size(), 1u);
  expect_mentions(d.warnings().front().message,
                  {"model 'island'", "1 <collision>", "meshes", "task 'station_keeping'"});
  EXPECT_EQ(m.colliders.back().undetected.size(), 1u);
}

}  // namespace
}  // namespace leeway
