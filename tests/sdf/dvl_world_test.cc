// gz-sim Harmonic's DVL block (`type="custom" gz:type="dvl"`, sdf/sensor_params.h) read into
// Leeway's DVL, and the DVL in a running world (world/ray_cast.h): the beams' axes as
// gz-sensors builds them, the echo from a static plane collision (gz-sim's flat_seabed.sdf), the
// lever arm of an offset DVL on a turning vehicle (D4), a barge moving between it and the bottom
// (D5), and the seabed of a bathymetry grid and of a mesh file.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "leeway/world/step.h"
#include "leeway/world/visual_scene.h"
#include "sdf/sdf_test_util.h"
#include "temp_file.h"

namespace leeway {
namespace {

using testing::load;
using testing::world_sdf;

/// gz-sim's flat_seabed.sdf DVL (its Teledyne Pathfinder), noise and reference frame as given.
std::string pathfinder(const std::string& pose, const std::string& extra = "",
                       const std::string& noise = "<stddev>0</stddev>") {
  return R"(<sensor name="dvl" type="custom" gz:type="dvl">
      <pose degrees="true">)" +
         pose + R"(</pose><update_rate>1</update_rate><topic>/dvl/velocity</topic>
      <gz:dvl>
        <type>phased_array</type>
        <arrangement degrees="true">
          <beam id="1"><aperture>2</aperture><rotation>45</rotation><tilt>30</tilt></beam>
          <beam><aperture>2</aperture><rotation>135</rotation><tilt>30</tilt></beam>
          <beam><aperture>2</aperture><rotation>-45</rotation><tilt>30</tilt></beam>
          <beam><aperture>2</aperture><rotation>-135</rotation><tilt>30</tilt></beam>
        </arrangement>
        <tracking><bottom_mode><when>best</when><noise type="gaussian">)" +
         noise + R"(</noise></bottom_mode></tracking>
        <resolution>0.01</resolution>
        <maximum_range>100.</maximum_range><minimum_range>0.1</minimum_range>
        <reference_frame>0 0 0 0 0 -1.570796</reference_frame>
        <range_noise>0</range_noise><range_noise_fraction>0</range_noise_fraction>)" +
         extra + R"(
      </gz:dvl>
    </sensor>)";
}

std::string vehicle(const std::string& sensor, const std::string& pose) {
  return R"(<model name="auv"><pose>)" + pose + R"(</pose><link name="base_link">
      <inertial><mass>100</mass>
        <inertia><ixx>10</ixx><iyy>20</iyy><izz>20</izz></inertia></inertial>)" +
         sensor + "</link></model>";
}

const std::string kSeaBottom = R"(<model name="sea_bottom"><static>true</static>
    <pose>0 0 -100 0 0 0</pose><link name="link"><collision name="collision"><geometry>
      <plane><normal>0 0 1</normal><size>300000 300000</size></plane></geometry></collision>
    </link></model>)";

TEST(DvlWorld, GzSimsBlockGivesGzSensorsBeams) {
  const Model m =
      load(world_sdf(vehicle(pathfinder("-0.60 0 -0.16 0 0 180"), "0 0 -80 0 0 0") + kSeaBottom));
  ASSERT_EQ(m.sensors.size(), 1u);
  const auto& d = std::get<DvlModel>(m.sensors[0].kind);
  EXPECT_EQ(std::string(sensor_type_name(m.sensors[0])), "dvl");
  ASSERT_EQ(d.beams_S.size(), 4u);
  // x turned by the tilt about y, by the rotation about x, then pitched down 90 degrees:
  // (-cos(rot) sin(tilt), sin(rot) sin(tilt), -cos(tilt)).
  const double rotations[4] = {45, 135, -45, -135};
  for (int i = 0; i < 4; ++i) {
    const double r = rotations[i] * kPi / 180, t = kPi / 6;
    EXPECT_LT(
        (d.beams_S[i] - Vec3(-std::cos(r) * std::sin(t), std::sin(r) * std::sin(t), -std::cos(t)))
            .norm(),
        1e-15);
  }
  EXPECT_NEAR(d.aperture, 2 * kPi / 180, 1e-15);
  EXPECT_TRUE(d.phased_array);
  EXPECT_EQ(d.bottom, DvlTracking::kBest);
  EXPECT_EQ(d.water, DvlTracking::kNever);
  EXPECT_EQ(d.velocity_noise, 0.0);
  EXPECT_EQ(d.velocity_noise_fraction, 0.0);  // a gz noise block: gz's constant sigma
  EXPECT_EQ(d.max_range, 100.0);
  EXPECT_EQ(d.water_near, 20.0);  // 0.2 and 0.8 of the range, as gz-sensors sets them
  EXPECT_EQ(d.water_far, 80.0);
  EXPECT_LT((d.R_SR - Eigen::AngleAxisd(-1.570796, Vec3::UnitZ()).toRotationMatrix()).norm(),
            1e-15);
  // Only a world whose sensors cast rays reads its static planes and meshes.
  ASSERT_EQ(m.visual_scene->planes.size(), 1u);
  EXPECT_EQ(m.visual_scene->planes[0].name, "sea_bottom::link::collision");
}

TEST(DvlWorld, AnOffsetDvlOnATurningVehicleMeasuresItsLeverArm) {
  // D4: the vehicle 80 m over gz-sim's flat seabed, moving at 1 m/s east and turning at
  // 0.3 rad/s; the DVL 0.6 m aft and 0.16 m down, turned 180 degrees.
  const Model m =
      load(world_sdf(vehicle(pathfinder("-0.60 0 -0.16 0 0 180"), "0 0 -80 0 0 0") + kSeaBottom));
  State s = make_initial_state(m);
  s.bodies[0].V_WB_B << 1.0, 0.0, 0.0, 0.0, 0.0, 0.3;
  StepData data = make_step_data(m);
  Workspace ws;
  const SensorModel& sensor = m.sensors[0];
  const auto& d = std::get<DvlModel>(sensor.kind);
  for (int k = 0; k < 300; ++k) {
    const BodyState before = s.bodies[0];
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    if (!data.sensors[0].sampled) continue;
    const DvlReading& r = std::get<DvlReading>(data.sensors[0].reading);
    ASSERT_EQ(r.target, DvlReading::Target::kBottom);
    // v_S = R_BS^T (v + w x l) in B, reported in R.
    const Vec3 l = sensor.X_BS.translation();
    const Vec3 v_B = linear(before.V_WB_B) + angular(before.V_WB_B).cross(l);
    const Vec3 v_S = sensor.X_BS.linear().transpose() * v_B;
    EXPECT_LT((r.v_R - d.R_SR.transpose() * v_S).norm(), 1e-9);
    const double height = before.p_WB.z() + (before.q_WB * l).z() + 100.0;
    EXPECT_NEAR(r.altitude, height, 1e-9);
    for (int i = 0; i < 4; ++i)
      EXPECT_NEAR(r.beams[i].range, height / std::cos(kPi / 6), 1e-9);
  }
  EXPECT_NEAR(data.sensors[0].t, 2.0, 1e-12);  // 1 Hz: samples at 0, 1 and 2 s
}

TEST(DvlWorld, ABargeBetweenTheDvlAndTheBottomIsTracked) {
  // D5: a 40 m barge 10 m under the DVL moving at 0.5 m/s north: the DVL sees its deck and
  // measures its own velocity over it. Its own hull, which it sits in, it does not see.
  const std::string barge = R"(<model name="barge"><pose>0 0 -90 0 0 0</pose>
      <link name="hull"><inertial><mass>1000</mass>
        <inertia><ixx>100</ixx><iyy>100</iyy><izz>100</izz></inertia></inertial>
        <collision name="deck"><geometry><box><size>40 40 1</size></box></geometry></collision>
      </link></model>)";
  const std::string own_hull =
      R"(<collision name="hull"><geometry><box><size>2 1 1</size></box></geometry></collision>)";
  const Model m = load(world_sdf(vehicle(own_hull + pathfinder("0 0 0 0 0 0"), "0 0 -80 0 0 0") +
                                 barge + kSeaBottom));
  State s = make_initial_state(m);
  s.bodies[0].V_WB_B << 1.0, 0.0, 0.0, 0.0, 0.0, 0.0;
  s.bodies[1].V_WB_B << 0.0, 0.5, 0.0, 0.0, 0.0, 0.0;
  StepData data = make_step_data(m);
  Workspace ws;
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
  const DvlReading& r = std::get<DvlReading>(data.sensors[0].reading);
  ASSERT_EQ(r.target, DvlReading::Target::kBottom);
  const auto& d = std::get<DvlModel>(m.sensors[0].kind);
  EXPECT_LT((r.v_R - d.R_SR.transpose() * Vec3(1.0, -0.5, 0.0)).norm(), 1e-9);
  EXPECT_NEAR(r.altitude, 9.5, 1e-9);  // down to the deck at -89.5
}

TEST(DvlWorld, TheSeabedOfABathymetryGridAndOfAMeshFileEchoes) {
  // A grid sloping 5 % up towards +x (an ESRI ASCII file), and the same slope as an OBJ mesh
  // under a static model: the DVL at -20 m over x = 50 sees the same seabed in both.
  std::string asc = "ncols 21\nnrows 21\nxllcenter 0\nyllcenter 0\ncellsize 5\n";
  for (int row = 0; row < 21; ++row) {
    for (int col = 0; col < 21; ++col)
      asc += std::to_string(-40.0 + 0.05 * 5 * col) + " ";
    asc += "\n";
  }
  const std::string grid = testing::write_temp("dvl_slope.asc", asc);
  const std::string mesh = testing::write_temp(
      "dvl_slope.obj", "v 0 0 -40\nv 100 0 -35\nv 100 100 -35\nv 0 100 -40\nf 1 2 3\nf 1 3 4\n");
  const std::string dvl = pathfinder("0 0 0 0 0 0");
  const std::string grid_world =
      world_sdf(vehicle(dvl, "50 50 -20 0 0 0"),
                R"(<plugin filename="leeway-environment" name="leeway::Environment">
                   <bathymetry><file>)" +
                    grid + R"(</file></bathymetry></plugin>)");
  const std::string mesh_world =
      world_sdf(vehicle(dvl, "50 50 -20 0 0 0") + R"(<model name="seabed"><static>true</static>
        <link name="l"><collision name="c"><geometry><mesh><uri>)" +
                mesh + R"(</uri></mesh></geometry></collision></link></model>)");
  for (const std::string& world : {grid_world, mesh_world}) {
    const Model m = load(world);
    State s = make_initial_state(m);
    StepData data = make_step_data(m);
    Workspace ws;
    ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
    const DvlReading& r = std::get<DvlReading>(data.sensors[0].reading);
    ASSERT_EQ(r.target, DvlReading::Target::kBottom);
    EXPECT_NEAR(r.altitude, -20.0 - (-40.0 + 0.05 * 50.0), 1e-9) << world;  // 17.5 m
  }
}

}  // namespace
}  // namespace leeway
