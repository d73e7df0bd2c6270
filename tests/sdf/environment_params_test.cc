// Current and wind elements, and the UUV Simulator / VRX world plugins that describe them.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::world_sdf;

Model load_world_plugins(const std::string& plugins, Diagnostics* d = nullptr) {
  Diagnostics local;
  return load_world_string(world_sdf("", plugins, "0 0 -9.81"), "env.sdf", d ? *d : local, 3);
}

TEST(EnvironmentParams, CurrentProcessProfileAndTides) {
  const Model m = load_world_plugins(testing::environment_plugin(R"(
    <current_process>
      <speed><mean>0.5</mean><sigma>0.05</sigma><tau>300</tau><min>0</min><max>1.5</max></speed>
      <horizontal_angle><mean>1.0</mean><sigma>0.1</sigma><tau>600</tau></horizontal_angle>
    </current_process>
    <current_profile><type>power_law</type><depth>40</depth></current_profile>
    <tides><flood_direction>0.2</flood_direction>
      <constituent><name>M2</name><amplitude>0.3</amplitude></constituent>
      <constituent><name>K1</name><amplitude>0.1</amplitude><period>86164</period></constituent>
    </tides>)"));
  const CurrentModel& c = m.environment.current;
  EXPECT_TRUE(c.gauss_markov);
  EXPECT_EQ(c.speed.process.mean, 0.5);
  EXPECT_EQ(c.speed.process.tau, 300.0);
  EXPECT_EQ(c.speed.max, 1.5);
  EXPECT_EQ(c.horizontal_angle.process.mean, 1.0);
  EXPECT_EQ(c.profile, CurrentProfile::kPowerLaw);
  EXPECT_EQ(c.power_depth, 40.0);
  ASSERT_EQ(c.tides.size(), 2u);
  EXPECT_EQ(c.tides[0].period, kM2Period);
  EXPECT_EQ(c.tides[1].period, 86164.0);
}

TEST(EnvironmentParams, WindWithGusts) {
  const Model m = load_world_plugins(
      testing::environment_plugin(R"(<wind><speed>7</speed><direction>2</direction>
      <gust><type>first_order</type><sigma>1.1</sigma><tau>3</tau></gust></wind>)"));
  EXPECT_EQ(m.environment.wind.mean_speed, 7.0);
  EXPECT_EQ(m.environment.wind.gust, GustKind::kFirstOrder);
  EXPECT_EQ(m.environment.wind.gust_sigma, 1.1);
  const Model h = load_world_plugins(testing::environment_plugin(R"(<wind><speed>7</speed>
      <gust><type>harris</type><components>64</components></gust></wind>)"));
  EXPECT_EQ(h.environment.wind.harris_amplitude.size(), 64u);
}

TEST(EnvironmentParams, UuvSimulatorCurrentPlugin) {
  // uuv_gazebo_worlds' ocean_waves.world style block.
  const Model m = load_world_plugins(R"(
    <plugin name="underwater_current_plugin" filename="libuuv_underwater_current_ros_plugin.so">
      <namespace>hydrodynamics</namespace>
      <constant_current>
        <topic>current_velocity</topic>
        <velocity><mean>0.2</mean><min>0</min><max>5</max><mu>0.05</mu><noiseAmp>0.01</noiseAmp></velocity>
        <horizontal_angle><mean>0.5</mean><min>-3.1416</min><max>3.1416</max><mu>0.1</mu><noiseAmp>0</noiseAmp></horizontal_angle>
        <vertical_angle><mean>0</mean><min>-3.1416</min><max>3.1416</max><mu>0.1</mu><noiseAmp>0</noiseAmp></vertical_angle>
      </constant_current>
    </plugin>)");
  const CurrentModel& c = m.environment.current;
  EXPECT_TRUE(c.gauss_markov);
  EXPECT_EQ(c.speed.process.mean, 0.2);
  EXPECT_DOUBLE_EQ(c.speed.process.tau, 20.0);  // 1 / mu
  EXPECT_EQ(c.speed.process.sigma, 0.01);
  EXPECT_EQ(c.speed.max, 5.0);
  EXPECT_EQ(c.horizontal_angle.process.mean, 0.5);
  // It starts at its mean, flowing at 0.5 rad.
  const EnvironmentState s = initial_environment_state(m.environment, 0);
  const Vec3 v = current_velocity(m.environment, s, Vec3::Zero(), 0.0);
  EXPECT_NEAR(v.norm(), 0.2, 1e-15);
  EXPECT_NEAR(std::atan2(v.y(), v.x()), 0.5, 1e-15);
}

TEST(EnvironmentParams, VrxWindPlugin) {
  Diagnostics d;
  const Model m = load_world_plugins(R"(
    <plugin filename="libUSVWind.so" name="vrx::USVWind">
      <wind_obj><name>wamv</name><link_name>wamv/base_link</link_name>
        <coeff_vector>.5 .5 .33</coeff_vector></wind_obj>
      <wind_direction>355</wind_direction>
      <wind_mean_velocity>9</wind_mean_velocity>
      <var_wind_gain_constants>5</var_wind_gain_constants>
      <var_wind_time_constants>2</var_wind_time_constants>
      <random_seed>10</random_seed>
      <update_rate>10</update_rate>
    </plugin>)",
                                     &d);
  const WindModel& w = m.environment.wind;
  EXPECT_NEAR(w.direction, 355.0 * std::numbers::pi / 180.0, 1e-15);
  EXPECT_EQ(w.mean_speed, 9.0);
  EXPECT_EQ(w.gust, GustKind::kFirstOrder);
  EXPECT_EQ(w.gust_sigma, 5.0);
  EXPECT_EQ(w.gust_tau, 2.0);
  ASSERT_EQ(d.warnings().size(), 2u);  // no model 'wamv' in the world; random_seed replaced
  EXPECT_NE(d.warnings()[1].str().find("names model 'wamv', which this world does not hold"),
            std::string::npos)
      << d.warnings()[1].str();
}

TEST(EnvironmentParams, CurrentFieldFromACsvBesideTheWorld) {
  const std::string csv = testing::write_temp(
      "tidal_channel.csv", "x,y,u,v\n0,0,0.1,0\n100,0,0.3,0\n0,50,0.1,0.2\n100,50,0.3,0.2\n");
  (void)csv;
  const std::string world = testing::write_temp(
      "field_world.sdf", world_sdf("", testing::environment_plugin(R"(<current>0 0.05 0</current>
        <current_field><file>tidal_channel.csv</file><offset>500 0 0</offset>
          <outside>zero</outside></current_field>)")));
  Diagnostics d;
  const Model m = load_world_file(world, d);
  ASSERT_TRUE(m.environment.current_field.has_value());
  const EnvironmentState s = initial_environment_state(m.environment, 0);
  // Halfway along the channel, halfway across: field (0.2, 0.1) plus the steady (0, 0.05).
  EXPECT_LT(
      (current_velocity(m.environment, s, Vec3(550, 25, -2), 0.0) - Vec3(0.2, 0.15, 0)).norm(),
      1e-15);
  // Outside the grid the field is zero: only the steady current.
  EXPECT_LT((current_velocity(m.environment, s, Vec3(0, 25, -2), 0.0) - Vec3(0, 0.05, 0)).norm(),
            1e-15);
}

TEST(EnvironmentParams, BathymetryBesideTheWorld) {
  testing::write_temp("bay.asc",
                      "ncols 2\nnrows 1\nxllcorner 0\nyllcorner 0\ncellsize 100\n12 30\n");
  const std::string world = testing::write_temp(
      "bay_world.sdf", world_sdf("", testing::environment_plugin(R"(<bathymetry><file>bay.asc</file>
        <values>depth</values><offset>-50 -50 0</offset></bathymetry>)")));
  Diagnostics d;
  const Model m = load_world_file(world, d);
  ASSERT_TRUE(m.environment.bathymetry.has_value());
  // Cell centres at x = 50 and 150 in the grid, i.e. 0 and 100 in the world: depths 12 and 30.
  EXPECT_NEAR(water_depth(*m.environment.bathymetry, 0.0, 50.0, 0.0), 21.0, 1e-12);
}

TEST(EnvironmentParams, WavesTakeTheirDepthFromTheBathymetryUnderTheOrigin) {
  testing::write_temp("bay2.asc",
                      "ncols 2\nnrows 1\nxllcorner 0\nyllcorner 0\ncellsize 100\n12 30\n");
  auto world = [](const std::string& bathymetry) {
    return testing::write_temp(
        "bay2_world.sdf",
        world_sdf("",
                  testing::environment_plugin(bathymetry +
                                              R"(<waves><significant_height>1</significant_height>
          <peak_period>6</peak_period><depth>bathymetry</depth></waves>)"),
                  "0 0 -9.81"));
  };
  Diagnostics d;
  const Model m = load_world_file(world("<bathymetry><file>bay2.asc</file><values>depth</values>"
                                        "<offset>-50 -50 0</offset></bathymetry>"),
                                  d);
  ASSERT_TRUE(m.environment.waves.has_value());
  EXPECT_NEAR(m.environment.waves->depth, 12.0, 1e-12);  // the cell centre at the origin
  try {
    load_world_file(world(""), d);
    ADD_FAILURE() << "loaded waves on a bathymetry that is not there";
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find("no <bathymetry>"), std::string::npos) << e.what();
  }
}

TEST(EnvironmentParams, BadInput) {
  const struct {
    std::string plugins, expect;
  } cases[] = {
      {testing::environment_plugin(
           "<current>1 0 "
           "0</current><current_process><speed><mean>1</mean></speed></current_process>"),
       "both <current> and <current_process>"},
      {testing::environment_plugin(
           "<current_process><speed><mean>1</mean><tau>0</tau></speed></current_process>"),
       "time constant in s > 0"},
      {testing::environment_plugin(
           "<current_process><speed><mean>3</mean><max>2</max></speed></current_process>"),
       "outside [min, max]"},
      {testing::environment_plugin(
           "<current_process><speed><mean>1</mean><sigma>-1</sigma></speed></current_process>"),
       "standard deviation"},
      {testing::environment_plugin("<current_profile><type>log</type></current_profile>"),
       "expected uniform, layers or power_law"},
      {testing::environment_plugin(
           "<current_profile><type>layers</type><layer><depth>5</depth><factor>1</factor></"
           "layer><layer><depth>3</depth><factor>1</factor></layer></current_profile>"),
       "does not increase"},
      {testing::environment_plugin(
           "<tides><constituent><name>K1</name><amplitude>1</amplitude></constituent></tides>"),
       "needs a <period>"},
      {testing::environment_plugin("<wind><speed>-1</speed></wind>"), "speed in m/s >= 0"},
      {testing::environment_plugin("<wind><gust><type>harris</type></gust></wind>"),
       "expected <speed> > 0"},
      {testing::environment_plugin(
           "<wind><speed>5</speed><gust><type>harris</type><components>2.5</components>"
           "</gust></wind>"),
       "got 2.5, expected a whole number"},
      {testing::environment_plugin("<wind><gust><type>gaussian</type></gust></wind>"),
       "first_order, harris or none"},
      {R"(<plugin filename="libuuv_underwater_current_ros_plugin.so" name="c"><constant_current><velocity><mean>1</mean><mu>0</mu><noiseAmp>0.1</noiseAmp></velocity></constant_current></plugin>)",
       "unbounded random walk"},
  };
  for (const auto& c : cases) {
    try {
      load_world_plugins(c.plugins);
      ADD_FAILURE() << "loaded: " << c.plugins;
    } catch (const LoadError& e) {
      EXPECT_NE(std::string(e.what()).find(c.expect), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("env.sdf"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace leeway
