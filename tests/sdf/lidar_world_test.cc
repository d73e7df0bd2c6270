// Lidars read from gz-sim's blocks (sdf/lidar_params.h) and scanning a running world: VRX's
// VLP-16 block (a legacy gpu_ray) as VRX's WAM-V carries it; a gpu_lidar's ranges to a static box
// and a moving model's sphere from where the step starts; the same scan for the same seed; and
// bad blocks named at their line.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "leeway/core/random.h"
#include "leeway/world/step.h"
#include "leeway/world/visual_scene.h"
#include "mesh_files.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::load;
using testing::load_error;
using testing::sensor_boat;
using testing::step_drawing;
using testing::world_sdf;

/// VRX's lidar_wamv_sensor block (wamv_3d_lidar.xacro, as generated for wamv_H).
const std::string kVrxLidar = R"(<sensor type="gpu_ray" name="lidar_wamv_sensor">
      <pose>0.7 0 1.8 0 0 0</pose>
      <update_rate>10</update_rate>
      <ray>
        <visibility_mask>7</visibility_mask>
        <scan>
          <horizontal><samples>1875.0</samples><resolution>1</resolution>
            <min_angle>-3.141592653589793</min_angle><max_angle>3.141592653589793</max_angle>
          </horizontal>
          <vertical><samples>16</samples><resolution>1</resolution>
            <min_angle>-0.2617993877991494</min_angle><max_angle>0.2617993877991494</max_angle>
          </vertical>
        </scan>
        <range><min>0.1</min><max>130</max></range>
        <noise><type>gaussian</type><mean>0.0</mean><stddev>0.01</stddev></noise>
      </ray>
    </sensor>)";

/// One row of four rays (-y, +x, +y, -x), 0.2 to 50 m, without noise.
std::string four_ways(const std::string& extra = "") {
  return R"(<sensor name="scanner" type="gpu_lidar"><update_rate>5</update_rate>
      <lidar><scan><horizontal><samples>4</samples><min_angle>-1.5707963267948966</min_angle>
        <max_angle>3.141592653589793</max_angle></horizontal></scan>
        <range><min>0.2</min><max>50</max></range></lidar>)" +
         extra + "</sensor>";
}

const std::string kWall = R"(<model name="wall"><static>true</static><pose>5 0 10 0 0 0</pose>
    <link name="link"><collision name="c"><geometry><box><size>1 1 1</size></box></geometry>
    </collision></link></model>)";

const std::string kBuoy = R"(<model name="buoy"><pose>0 6 10 0 0 0</pose>
    <link name="link"><inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz>
    </inertia></inertial><collision name="c"><geometry><sphere><radius>1</radius></sphere>
    </geometry></collision></link></model>)";

TEST(LidarWorld, VrxsBlockIsTheVlp16VrxDescribes) {
  const Model m = load(world_sdf(sensor_boat(kVrxLidar)));
  ASSERT_EQ(m.sensors.size(), 1u);
  const SensorModel& s = m.sensors[0];
  EXPECT_EQ(std::string(sensor_type_name(s)), "lidar");
  EXPECT_DOUBLE_EQ(s.rate_hz, 10.0);
  EXPECT_LT((s.X_BS.translation() - Vec3(0.7, 0, 1.8)).norm(), 1e-15);
  const auto& l = std::get<LidarModel>(s.kind);
  EXPECT_EQ(l.horizontal_samples, 1875);
  EXPECT_EQ(l.vertical_samples, 16);
  EXPECT_DOUBLE_EQ(l.horizontal_min, -kPi);
  EXPECT_DOUBLE_EQ(l.vertical_max, kPi / 12);
  EXPECT_DOUBLE_EQ(l.range_min, 0.1);
  EXPECT_DOUBLE_EQ(l.range_max, 130.0);
  EXPECT_DOUBLE_EQ(l.range_noise.white_stddev, 0.01);
  EXPECT_DOUBLE_EQ(l.specular_acceptance, 0.003);
}

TEST(LidarWorld, AScanSeesAStaticBoxAndAMovingSphereWhereTheyAre) {
  const Model m = load(world_sdf(sensor_boat(four_ways(), "0 0 10 0 0 0") + kWall + kBuoy));
  ASSERT_EQ(m.sensors.size(), 1u);
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  data.draw_images = true;  // somebody looks at the scans
  Workspace ws;
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  ASSERT_TRUE(data.sensors[0].sampled);
  const auto& r = std::get<LidarReading>(data.sensors[0].reading);
  ASSERT_EQ(r.ranges.size(), 4u);
  EXPECT_TRUE(std::isinf(r.ranges[0]));
  EXPECT_NEAR(r.ranges[1], 4.5, 1e-5);
  EXPECT_NEAR(r.ranges[2], 5.0, 1e-5);
  EXPECT_TRUE(std::isinf(r.ranges[3]));

  // Move the buoy 2 m further out: the next scan (5 Hz: 0.2 s on) sees it 2 m further.
  s.bodies[1].p_WB.y() += 2.0;
  for (int k = 0; k < 20; ++k) {
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    if (data.sensors[0].sampled) break;
  }
  ASSERT_TRUE(data.sensors[0].sampled);
  EXPECT_NEAR(data.sensors[0].t, 0.2, 1e-12);
  EXPECT_NEAR(std::get<LidarReading>(data.sensors[0].reading).ranges[2], 7.0, 1e-5);
}

TEST(LidarWorld, AVisualsLaserRetroIsItsReflectivity) {
  // Two boxes square on to the +x and +y rays, one of <laser_retro>0.4</laser_retro> and one
  // without (1): the intensities are rho cos(0); a negative retro is refused.
  const std::string walls = R"(<model name="a"><static>true</static><pose>5 0 10 0 0 0</pose>
    <link name="link"><visual name="v"><laser_retro>0.4</laser_retro>
    <geometry><box><size>1 1 1</size></box></geometry></visual></link></model>
    <model name="b"><static>true</static><pose>0 6 10 0 0 0</pose>
    <link name="link"><visual name="v"><geometry><box><size>1 1 1</size></box></geometry>
    </visual></link></model>)";
  const Model m = load(world_sdf(sensor_boat(four_ways(), "0 0 10 0 0 0") + walls));
  StepData data;
  ASSERT_NO_FATAL_FAILURE(step_drawing(m, data));
  const auto& r = std::get<LidarReading>(data.sensors[0].reading);
  EXPECT_NEAR(r.ranges[1], 4.5, 1e-5);
  EXPECT_NEAR(r.intensities[1], 0.4, 1e-6);
  EXPECT_NEAR(r.ranges[2], 5.5, 1e-5);
  EXPECT_NEAR(r.intensities[2], 1.0, 1e-6);
  EXPECT_NE(load_error("bad_retro.sdf", world_sdf(R"(<model name="w"><static>true</static>
    <link name="l"><visual name="v"><laser_retro>-1</laser_retro>
    <geometry><box><size>1 1 1</size></box></geometry></visual></link></model>)"))
                .find("laser_retro"),
            std::string::npos);
}

TEST(LidarWorld, TheSameWorldAndSeedGiveTheSameScansWhoeverLookedBefore) {
  // Scans are cast only when somebody looks (StepData::draw_images, as gz-sim renders only for a
  // subscriber); each scan's noise has its own stream, so a scan is the same whether or not the
  // ones before it were cast.
  const std::string world = world_sdf(sensor_boat(kVrxLidar, "0 0 8.2 0 0 0.3") + kWall + kBuoy);
  const auto scans = [&](std::uint64_t seed, std::size_t looked_from) {
    Diagnostics d;
    const Model m = load_world_file(testing::write_temp("scans.sdf", world), d, seed);
    State s = make_initial_state(m);
    StepData data = make_step_data(m);
    Workspace ws;
    std::vector<LidarReading> out;
    for (int k = 0; k < 25; ++k) {
      data.draw_images = out.size() >= looked_from;
      EXPECT_TRUE(step(m, s, {}, ws, &data).ok);
      if (data.sensors[0].sampled) out.push_back(std::get<LidarReading>(data.sensors[0].reading));
    }
    return out;
  };
  const auto a = scans(4, 0), b = scans(4, 0), c = scans(5, 0), late = scans(4, 2);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);  // the noise differs
  ASSERT_EQ(late.size(), 3u);
  EXPECT_EQ(late[0].ranges.size(), 0u);  // not cast: nobody looked
  EXPECT_EQ(late[0].horizontal_count, 0);
  EXPECT_EQ(late[2], a[2]);
}

/// A floating model drawn by a mesh file (the OBJ's blue unit plate from x = 2 to 3, y = 0 to 1,
/// raised 0.5 m on its link) and a green ball, but colliding as a 10 x 10 x 4 m box.
std::string plated_buoy(const std::string& name, const std::string& pose) {
  const std::string obj = testing::write_two_part_obj("plates");
  return R"(<model name=")" + name + R"("><pose>)" + pose + R"(</pose><link name="link">
    <inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial>
    <collision name="c"><geometry><box><size>10 10 4</size></box></geometry></collision>
    <visual name="v"><pose>0 0 0.5 0 0 0</pose><geometry><mesh><uri>)" +
         obj + R"(</uri><submesh><name>plate</name></submesh></mesh></geometry></visual>
    <visual name="ball"><pose>-3 0 0 0 0 0</pose><geometry><sphere><radius>0.5</radius></sphere>
    </geometry><material><diffuse>0 1 0 1</diffuse></material></visual>
    </link></model>)";
}

TEST(LidarWorld, AModelIsSeenByItsVisualsWhereItsBodyIs) {
  // A lidar at 12 m over the plate (at 2.5 m: the buoy at 2 m, the plate 0.5 m up on it) looking
  // straight down sees it at 9.5 m, not the collision box's top at 4 m.
  const std::string down = R"(<sensor name="down" type="gpu_lidar"><update_rate>10</update_rate>
      <lidar><scan><vertical><min_angle>-1.5707963267948966</min_angle>
        <max_angle>-1.5707963267948966</max_angle></vertical></scan>
        <range><min>0.1</min><max>50</max></range></lidar></sensor>)";
  const Model m =
      load(world_sdf(sensor_boat(down, "2.5 0.5 12 0 0 0") + plated_buoy("buoy", "0 0 2 0 0 0")));
  State s = make_initial_state(m);
  StepData data = make_step_data(m);
  data.draw_images = true;
  Workspace ws;
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  EXPECT_NEAR(std::get<LidarReading>(data.sensors[0].reading).ranges[0], 9.5, 1e-5);
  // Moved 1 m along y, the plate is no longer under the ray, the box still is: the ray goes on
  // to the calm sea 12 m down, which returns it straight back.
  s.bodies[1].p_WB.y() += 1.0;
  for (int k = 0; k < 10; ++k)
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  ASSERT_TRUE(data.sensors[0].sampled);
  const auto& moved = std::get<LidarReading>(data.sensors[0].reading);
  EXPECT_NEAR(moved.ranges[0], 12.0, 1e-5);
  // (sdformat gives the lidar its default 640 rays a row, all along the same direction here.)
  EXPECT_EQ(static_cast<std::size_t>(moved.water_returns), moved.ranges.size());
  // The buoy back at (0, 0, 2) and turned 90 degrees about z: the plate (x 2..3, y 0..1 in B)
  // spans x -1..0 and y 2..3 in W; a ray down through (-0.5, 2.5) meets it, its colour and its
  // normal turned into W.
  ASSERT_TRUE(m.visual_scene);
  const VisualScene& scene = *m.visual_scene;
  std::vector<BodyState> bodies = s.bodies;
  bodies[1].p_WB = Vec3(0, 0, 2);
  bodies[1].q_WB = Quat(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitZ()));
  const auto hit = cast_visual_ray(scene, bodies, {{-0.5, 2.5, 12}, -Vec3::UnitZ()}, 50.0);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->distance, 9.5, 1e-12);
  EXPECT_EQ(hit->body, 1);
  EXPECT_EQ(hit->color.b, 1.0f);  // the plate's material
  EXPECT_LT((hit->n_W - Vec3::UnitZ()).norm(), 1e-12);
}

TEST(LidarWorld, RaysFromAPointSeeTheSameThroughThePlacedScene) {
  // The scan's path (BodiesInView: every mesh in one two-level hierarchy, primitives culled by
  // cones), one ray at a time and in Embree's packets (runs of 37 rays, so that packets are
  // also partly filled, some rays given no reach), against the per-body path, over random rays
  // through five turned, moved buoys.
  std::string buoys;
  for (int i = 0; i < 5; ++i)
    buoys += plated_buoy("buoy" + std::to_string(i),
                         std::to_string(-4 + 2 * i) + " " + std::to_string(3 - i) + " " +
                             std::to_string(0.3 * i) + " 0.2 -0.1 " + std::to_string(i));
  const std::string lidar = R"(<sensor name="l" type="gpu_lidar"><lidar>
      <range><max>50</max></range></lidar></sensor>)";
  const Model m = load(world_sdf(sensor_boat(lidar) + buoys));
  const State s = make_initial_state(m);
  const VisualScene& scene = *m.visual_scene;
  RandomStream rng(2, "rays");
  const Vec3 origin(0.3, -6.0, 1.5);
  const BodiesInView view(scene, s.bodies, origin, 50.0, -1);
  std::vector<Ray> rays;
  std::vector<double> reach;
  for (int n = 0; n < 20000; ++n) {
    const Vec3 d = Vec3(rng.normal(), rng.normal(), rng.normal()).normalized();
    rays.push_back({origin + 0.1 * d, d});
    reach.push_back(n % 101 == 0 ? 0.0 : 49.9);
  }
  std::vector<std::optional<VisualHit>> packed(rays.size());
  for (std::size_t first = 0; first < rays.size(); first += 37) {
    const std::size_t count = std::min<std::size_t>(37, rays.size() - first);
    cast_visual_rays(scene, s.bodies, std::span(rays).subspan(first, count),
                     std::span(reach).subspan(first, count), -1, &view,
                     std::span(packed).subspan(first, count));
  }
  int hits = 0;
  for (std::size_t n = 0; n < rays.size(); ++n) {
    const auto a = cast_visual_ray(scene, s.bodies, rays[n], 49.9);
    if (reach[n] == 0.0) {
      EXPECT_FALSE(packed[n]) << n;
      continue;
    }
    for (const auto& b : {cast_visual_ray(scene, s.bodies, rays[n], 49.9, -1, &view), packed[n]}) {
      ASSERT_EQ(a.has_value(), b.has_value()) << n;
      if (!a) continue;
      EXPECT_EQ(a->body, b->body) << n;
      EXPECT_NEAR(a->distance, b->distance, 1e-9) << n;
      EXPECT_LT((a->n_W - b->n_W).norm(), 1e-9) << n;
    }
    hits += a.has_value();
  }
  EXPECT_GT(hits, 100);  // the buoys fill about 1 % of the sphere of directions
}

TEST(LidarWorld, ABadBlockIsNamedAtItsLine) {
  // sdformat gives a lidar without <range> its default, a maximum of 0.
  const std::string no_range = load_error(
      "no_range.sdf", world_sdf(sensor_boat(R"(<sensor name="l" type="gpu_lidar"><lidar><scan>
      <horizontal><samples>4</samples></horizontal></scan></lidar></sensor>)")));
  EXPECT_NE(no_range.find("range/max>: got 0, expected a range in m above <min> > 0"),
            std::string::npos)
      << no_range;
  const std::string inverted =
      load_error("inverted.sdf", world_sdf(sensor_boat(R"(<sensor name="l" type="lidar"><lidar>
      <range><min>5</min><max>2</max></range></lidar></sensor>)")));
  EXPECT_NE(inverted.find("inverted.sdf:"), std::string::npos) << inverted;
  EXPECT_NE(inverted.find("got 2, expected a range in m above <min> > 5"), std::string::npos)
      << inverted;
  const std::string reversed = load_error(
      "reversed.sdf", world_sdf(sensor_boat(R"(<sensor name="l" type="gpu_lidar"><lidar><scan>
      <horizontal><samples>4</samples><min_angle>1</min_angle><max_angle>-1</max_angle>
      </horizontal></scan><range><max>10</max></range></lidar></sensor>)")));
  EXPECT_NE(reversed.find("horizontal angles from 1 to -1 rad"), std::string::npos) << reversed;
  const std::string noise =
      load_error("noise.sdf", world_sdf(sensor_boat(R"(<sensor name="l" type="gpu_lidar"><lidar>
      <range><max>10</max></range><noise><type>gaussian</type><stddev>-1</stddev></noise>
      </lidar></sensor>)")));
  EXPECT_NE(noise.find("got -1"), std::string::npos) << noise;
}

}  // namespace
}  // namespace leeway
