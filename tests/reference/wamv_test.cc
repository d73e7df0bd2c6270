// The WAM-V of Leeway's default world, floating on the pontoon meshes generated from its
// published dimensions (4.9 m long, 0.426 m across, centres 2.06 m apart, upswept bows): where
// it settles in calm water, and how it rolls and pitches in the default sea.
#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <numbers>
#include <stdexcept>

#include "leeway/body/hull_sample.h"
#include "leeway/core/rotation.h"
#include "leeway/geometry/mesh_shapes.h"
#include "leeway/hydro/hull_pressure.h"
#include "leeway/hydro/strip_buoyancy.h"
#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"
#include "temp_file.h"

namespace leeway {
namespace {

constexpr double kRadToDeg = 180.0 / std::numbers::pi;
// The pontoons as the default world describes them, in the base link (origin on the keel line).
constexpr double kLength = 4.9, kRadius = 0.213, kHalfSpacing = 1.03, kMidshipX = -0.4;
constexpr double kBowFraction = 0.2, kSternFraction = 0.05;

/// The default world's WAM-V, left alone: the physics alone (no autopilot, no task), and no
/// hold on its platform.
Model wamv_world() {
  Diagnostics diagnostics;
  Model m = load_world_string(std::string(default_world_sdf()), "default world", diagnostics, 1);
  EXPECT_EQ(m.bodies.size(), 1u);
  EXPECT_EQ(m.bodies.at(0).model_name, "wamv");
  m.holds.clear();
  return m;
}

/// Root of an increasing function on [lo, hi] by bisection.
double root_of(const std::function<double(double)>& f, double lo, double hi) {
  for (int i = 0; i < 100; ++i) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > 0 ? hi : lo) = mid;
  }
  return 0.5 * (lo + hi);
}

/// The level-keel draft at which `mesh` (keel at z = 0) displaces `volume`.
double draft_of(const HullMesh& mesh, double volume) {
  return root_of(
      [&](double draft) {
        std::vector<double> depth(mesh.p_BoV.size()), pressure(mesh.p_BoV.size());
        for (std::size_t i = 0; i < depth.size(); ++i)
          depth[i] = draft - mesh.p_BoV[i].z();
        return integrate_hull_pressure(mesh, Mat3::Identity(), depth, pressure).volume - volume;
      },
      0.0, 2.0 * kRadius);
}

TEST(Wamv, SettlesInCalmWaterAtADraftBetweenItsPontoonsBounds) {
  Model m = wamv_world();
  const double rho = m.environment.fluid_density;
  m.environment = Environment{};  // calm, still air and water
  m.environment.fluid_density = rho;
  const BodyModel& boat = m.bodies[0];
  State s = make_initial_state(m);
  while (s.t < 60.0)
    ASSERT_TRUE(step(m, s).ok);
  const BodyState& b = s.bodies[0];
  const Mat3 R_WB = b.q_WB.toRotationMatrix();
  const HullSample hull =
      sample_hull(*boat.mesh_hydrostatics, m.environment, s.t, b.p_WB, R_WB, boat.gravity);

  // Equilibrium: the displaced water weighs the boat, its centroid under the centre of mass.
  EXPECT_NEAR(hull.volume * rho, boat.mass, 1e-3 * boat.mass);
  const Vec3 p_BoBcm_W = R_WB * boat.p_BoBcm;
  EXPECT_NEAR(hull.p_BoCb_W.x(), p_BoBcm_W.x(), 2e-3);
  EXPECT_NEAR(hull.p_BoCb_W.y(), p_BoBcm_W.y(), 2e-3);
  EXPECT_LT(b.V_WB_B.norm(), 1e-3);

  // The draft amidships lies between two bounds from the same displacement: pontoons of full
  // circular section over their whole length (shallowest: every taper and the polygon sections
  // only lose volume) and 16-sided prisms of the parallel body alone (deepest: the tapered
  // ends add volume).
  const double volume = boat.mass / rho;
  const double shallowest =
      root_of([&](double dz) { return 2.0 * kLength * circle_segment_area(kRadius, dz) - volume; },
              0.0, kRadius);
  HullMesh prisms;
  const double parallel = kLength * (1.0 - kBowFraction - kSternFraction);
  for (double y : {kHalfSpacing, -kHalfSpacing}) {
    Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
    X.translation() = Vec3(0.0, y, kRadius);
    X.linear() = Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()).toRotationMatrix();
    append(prisms, transformed(cylinder_mesh(kRadius, parallel, 16), X));
  }
  const double deepest = draft_of(prisms, volume);
  const double draft = -(b.p_WB + R_WB * Vec3(kMidshipX, 0.0, 0.0)).z();
  const Vec3 rpy = euler_zyx(b.q_WB);
  std::printf(
      "WAM-V, %.0f kg: draft amidships %.4f m (bounds %.4f, %.4f), trim %.2f deg bow "
      "down, heel %.3f deg, waterplane %.3f m^2\n",
      boat.mass, draft, shallowest, deepest, rpy.y() * kRadToDeg, rpy.x() * kRadToDeg,
      hull.waterplane_area);
  EXPECT_GT(draft, shallowest);
  EXPECT_LT(draft, deepest);
  EXPECT_LT(std::abs(rpy.x()), 1e-3);             // symmetric about its centre plane
  EXPECT_LT(std::abs(rpy.y()) * kRadToDeg, 2.0);  // near level trim
}

/// Standard deviations, correlation and regression gain of a on w.
struct Fit {
  double sd_a, sd_w, correlation, gain;
};
Fit fit(const std::vector<double>& a, const std::vector<double>& w) {
  const double n = static_cast<double>(a.size());
  double ma = 0.0, mw = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ma += a[i] / n;
    mw += w[i] / n;
  }
  double aa = 0.0, ww = 0.0, aw = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    aa += (a[i] - ma) * (a[i] - ma);
    ww += (w[i] - mw) * (w[i] - mw);
    aw += (a[i] - ma) * (w[i] - mw);
  }
  return {std::sqrt(aa / n), std::sqrt(ww / n), aw / std::sqrt(aa * ww), aw / ww};
}

TEST(Wamv, RollsAndPitchesWithTheSurfaceSlopeInTheDefaultSea) {
  // The default sea (Hs 0.5 m, Tp 5 s: waves of about 39 m) is long and slow beside the
  // boat (4.9 m; roll, pitch and heave periods near 0.5 s), so the hydrostatics should make it
  // follow the surface quasi-statically: heel with the surface's slope between the pontoons
  // and trim with its slope between the quarters of their length. A boat that floated on a
  // flat sea or on a few points would not.
  const Model m = wamv_world();
  const WaveField& waves = *m.environment.waves;
  State s = make_initial_state(m);
  std::vector<double> roll, pitch, slope_across, slope_along;
  while (s.t < 120.0) {
    ASSERT_TRUE(step(m, s).ok);
    if (s.t < 20.0) continue;  // the sea's ramp and the release
    const BodyState& b = s.bodies[0];
    const auto eta = [&](double x, double y) {
      const Vec3 p_W = b.p_WB + b.q_WB * Vec3(x, y, 0.0);
      return elevation(waves, p_W.x(), p_W.y(), s.t);
    };
    const Vec3 rpy = euler_zyx(b.q_WB);
    roll.push_back(rpy.x());
    pitch.push_back(rpy.y());
    slope_across.push_back((eta(kMidshipX, kHalfSpacing) - eta(kMidshipX, -kHalfSpacing)) /
                           (2.0 * kHalfSpacing));
    const double quarter = kLength / 4.0;  // pitch is positive bow down: against the slope
    slope_along.push_back(-(eta(kMidshipX + quarter, 0.0) - eta(kMidshipX - quarter, 0.0)) /
                          (2.0 * quarter));
  }
  const Fit r = fit(roll, slope_across), p = fit(pitch, slope_along);
  std::printf(
      "roll  sd %.2f deg (surface %.2f deg), correlation %.3f, gain %.3f\n"
      "pitch sd %.2f deg (surface %.2f deg), correlation %.3f, gain %.3f\n",
      r.sd_a * kRadToDeg, r.sd_w * kRadToDeg, r.correlation, r.gain, p.sd_a * kRadToDeg,
      p.sd_w * kRadToDeg, p.correlation, p.gain);
  for (const Fit& f : {r, p}) {
    EXPECT_GT(f.sd_a * kRadToDeg, 0.5);  // it moves
    EXPECT_LT(f.sd_a * kRadToDeg, 5.0);
    EXPECT_GT(f.gain, 0.7);  // with the surface, neither lagging far nor overshooting
    EXPECT_LT(f.gain, 1.1);
  }
  EXPECT_GT(r.correlation, 0.95);
  EXPECT_GT(p.correlation, 0.85);
}

TEST(Wamv, TheDefaultWorldInlinesTheLibraryModel) {
  // worlds/default.sdf carries models/wamv inline (an embedded world cannot include files);
  // worlds/vrx_station_keeping.sdf includes the model. Both must compile to the same boat.
  Diagnostics d;
  const Model library =
      load_world_file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/vrx_station_keeping.sdf", d);
  EXPECT_TRUE(d.warnings().empty()) << d.warnings().front().str();
  const Model inlined = wamv_world();
  const BodyModel &a = library.bodies.at(0), &b = inlined.bodies.at(0);
  EXPECT_EQ(a.mass, b.mass);
  EXPECT_NEAR(a.mass, 277.0, 1e-9);
  EXPECT_TRUE(a.p_BoBcm.isApprox(b.p_BoBcm, 1e-12));
  EXPECT_TRUE(a.I_Bcm.isApprox(b.I_Bcm, 1e-12));
  EXPECT_EQ(a.M_A, b.M_A);
  ASSERT_EQ(a.thrusters.size(), 2u);
  ASSERT_EQ(b.thrusters.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(a.thrusters[i].p_BoP_B.isApprox(b.thrusters[i].p_BoP_B, 1e-12));
    EXPECT_EQ(a.thrusters[i].axis_B, b.thrusters[i].axis_B);
  }
  EXPECT_EQ(a.mesh_hydrostatics->mesh.p_BoV.size(), b.mesh_hydrostatics->mesh.p_BoV.size());
  ASSERT_EQ(library.actuators.size(), inlined.actuators.size());
  for (std::size_t i = 0; i < library.actuators.size(); ++i) {
    EXPECT_EQ(library.actuators[i].name, inlined.actuators[i].name);
    EXPECT_EQ(library.actuators[i].command_max, inlined.actuators[i].command_max);
  }
  // VRX's IMU, 100 Hz at (0.3, -0.2, 1.3) m in base_link, its GNSS antenna, 20 Hz at
  // (-0.85, 0, 1.3) m, Leeway's compass beside the IMU, 20 Hz, and VRX's pinger receiver, 1 Hz,
  // listening for VRX's default pinger. The library's model also carries VRX's cameras and lidar
  // (LoadWorld.TheShippedWamvCarries...); the default world leaves them out, as a recording of
  // it would draw their 90 frames and 10 scans a second.
  ASSERT_EQ(library.sensors.size(), 8u);
  ASSERT_EQ(inlined.sensors.size(), 4u);
  const auto in_library = [&](const SensorModel& s) -> const SensorModel& {
    for (const SensorModel& l : library.sensors)
      if (l.name == s.name) return l;
    ADD_FAILURE() << s.name << " is not in the library's WAM-V";
    return s;
  };
  for (const Model* m : {&library, &inlined}) {
    const auto named = [&](const std::string& name) -> const SensorModel& {
      for (const SensorModel& s : m->sensors)
        if (s.name == name) return s;
      throw std::runtime_error("no sensor " + name);
    };
    EXPECT_EQ(named("compass").X_BS.translation(), named("imu_wamv_sensor").X_BS.translation());
    const auto& pinger = std::get<RangeBearingModel>(named("range_bearing").kind);
    EXPECT_EQ(pinger.pinger_W, Vec3(-528, 191, -2));
    EXPECT_EQ(pinger.range.white_stddev, 3.0);
  }
  for (const SensorModel& s : inlined.sensors) {
    const SensorModel& l = in_library(s);
    EXPECT_EQ(s.rate_hz, l.rate_hz) << s.name;
    EXPECT_TRUE(s.X_BS.isometry().isApprox(l.X_BS.isometry(), 1e-15)) << s.name;
  }
  for (const char* name : {"front_left_camera_sensor", "front_right_camera_sensor",
                           "middle_right_camera_sensor", "lidar_wamv_sensor"}) {
    EXPECT_TRUE(std::any_of(library.sensors.begin(), library.sensors.end(),
                            [&](const SensorModel& s) { return s.name == name; }))
        << name;
  }
  EXPECT_EQ(inlined.sensors[0].name, "imu_wamv_sensor");
  EXPECT_EQ(inlined.sensors[0].rate_hz, 100.0);
  EXPECT_EQ(inlined.sensors[1].name, "navsat");
  EXPECT_EQ(inlined.sensors[1].rate_hz, 20.0);
  EXPECT_EQ(inlined.sensors[2].name, "compass");
  EXPECT_EQ(inlined.sensors[2].rate_hz, 20.0);
  EXPECT_EQ(inlined.sensors[3].name, "range_bearing");
  EXPECT_EQ(inlined.sensors[3].rate_hz, 1.0);
}

/// VRX's logistic fit at command 1 (A 0.01, K 59.82, B 5, nu 0.38, C 0.56, M 0.28): 242.67 N.
const double kGlfFullAhead =
    0.01 + (59.82 - 0.01) / std::pow(0.56 + std::exp(-5.0 * (1.0 - 0.28)), 1 / 0.38);

/// The classic WAM-V's state after a minute with both engines at command 1 in calm water.
State full_ahead_for_a_minute(const Model& m) {
  State s = make_initial_state(m);
  Inputs in;
  in.commands.assign(m.actuators.size(), std::nullopt);
  in.commands[static_cast<std::size_t>(m.actuator_index("wamv_classic", "left_thrust_cmd"))] = 1.0;
  in.commands[static_cast<std::size_t>(m.actuator_index("wamv_classic", "right_thrust_cmd"))] = 1.0;
  while (s.t < 60.0 - 1e-9) {
    if (!step(m, s, in).ok) {
      ADD_FAILURE() << "the step failed at t = " << s.t;
      break;
    }
  }
  return s;
}

TEST(WamvClassic, RunsAtTheTopSpeedVrxClassicsThrustAndDampingGive) {
  // models/wamv_classic: both engines at command 1 give VRX's logistic fit GLF(1) = 242.67 N
  // (A 0.01, K 59.82, B 5, nu 0.38, C 0.56, M 0.28), against the classic damping
  // 51.3 u + 72.4 u|u| and, in still air, the windage 0.5 u|u| (VRX's surge coefficient):
  // 2.2522 m/s (research/vrx.md 2.6 rounds the fit to 242.7 N and leaves the windage out, 2.26).
  setenv("LEEWAY_RESOURCE_PATH", (std::string(LEEWAY_SOURCE_DIR) + "/models").c_str(), 1);
  const std::string world = testing::write_temp("wamv_classic.sdf", R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="calm">
  <physics name="p" type="leeway"><max_step_size>0.005</max_step_size></physics>
  <plugin filename="leeway-environment" name="leeway::Environment">
    <fluid_density>1025</fluid_density></plugin>
  <include><uri>model://wamv_classic</uri><pose>0 0 -0.13 0 0 0</pose></include>
</world></sdf>)");
  Diagnostics d;
  const Model m = load_world_file(world, d);
  EXPECT_TRUE(d.warnings().empty()) << d.warnings().front().str();
  const double c = 72.4 + 0.5,
               u = (-51.3 + std::sqrt(51.3 * 51.3 + 4 * c * 2 * kGlfFullAhead)) / (2 * c);
  EXPECT_NEAR(u, 2.2522, 1e-4);
  const State s = full_ahead_for_a_minute(m);
  EXPECT_NEAR(s.bodies[0].V_WB_B[0], u, 2e-3 * u);
  EXPECT_LT(std::abs(s.bodies[0].V_WB_B[5]), 1e-6);  // straight on
}

TEST(WamvClassic, InClassicsOwnSyntaxRunsAtClassicsTopSpeedOnItsGrid) {
  // models/wamv_classic with its hull and damping written as VRX classic wrote them: the
  // dynamics plugin of wamv_gazebo_dynamics_plugin.xacro (four grid points, no added mass in the
  // plane) and classic's world wind plugin. Classic's windage takes the true wind, so in still
  // air only the damping resists: 2 GLF(1) = 51.3 u + 72.4 u|u|, 2.2590 m/s.
  std::ifstream file(std::string(LEEWAY_SOURCE_DIR) + "/models/wamv_classic/model.sdf");
  std::string model((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const auto begin = model.find("<model"), hull = model.find("<plugin filename=\"leeway-hull\"");
  ASSERT_NE(hull, std::string::npos);
  model = model.substr(begin, hull - begin) + R"(
    <plugin name="usv_dynamics_wamv_gazebo" filename="libusv_gazebo_dynamics_plugin.so">
      <bodyName>base_link</bodyName><waterLevel>0</waterLevel><waterDensity>997.8</waterDensity>
      <xDotU>0.0</xDotU><yDotV>0.0</yDotV><nDotR>0.0</nDotR><xU>51.3</xU><xUU>72.4</xUU>
      <yV>40.0</yV><yVV>0.0</yVV><zW>500.0</zW><kP>50.0</kP><mQ>50.0</mQ><nR>400.0</nR>
      <nRR>0.0</nRR><hullRadius>0.213</hullRadius><boatWidth>2.4</boatWidth>
      <boatLength>4.9</boatLength><length_n>2</length_n><wave_model>ocean_waves</wave_model>
    </plugin></model>)";
  const std::string world = testing::write_temp("wamv_classic_syntax.sdf", R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="calm">
  <physics name="p" type="leeway"><max_step_size>0.005</max_step_size></physics>
  <plugin name="wind" filename="libusv_gazebo_wind_plugin.so">
    <wind_obj><name>wamv_classic</name><link_name>base_link</link_name>
      <coeff_vector>0.5 0.5 0.33</coeff_vector></wind_obj>
    <wind_direction>270</wind_direction><wind_mean_velocity>0</wind_mean_velocity>
  </plugin>)" + model + "</world></sdf>");
  Diagnostics d;
  const Model m = load_world_file(world, d);
  EXPECT_TRUE(d.warnings().empty()) << d.warnings().front().str();
  ASSERT_EQ(m.bodies[0].strip_hulls.size(), 1u);
  EXPECT_FALSE(m.bodies[0].mesh_hydrostatics);
  const double u = (-51.3 + std::sqrt(51.3 * 51.3 + 4 * 72.4 * 2 * kGlfFullAhead)) / (2 * 72.4);
  EXPECT_NEAR(u, 2.2590, 1e-4);
  const State s = full_ahead_for_a_minute(m);
  EXPECT_NEAR(s.bodies[0].V_WB_B[0], u, 2e-3 * u);
  EXPECT_LT(std::abs(s.bodies[0].V_WB_B[1]), 1e-6);  // straight on
  EXPECT_LT(std::abs(s.bodies[0].V_WB_B[5]), 1e-6);
  // Afloat on the grid: its points between the keel and the half-submerged cap.
  const double z = s.bodies[0].p_WB.z();
  EXPECT_LT(z, 0.0);
  EXPECT_GT(z, -0.213);
}

}  // namespace
}  // namespace leeway
