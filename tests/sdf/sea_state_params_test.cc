// The sea-state elements of leeway::Environment: Leeway's <waves> and VRX's <wavefield>.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "leeway/env/vrx_wavefield.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::world_sdf;

Model load_with(const std::string& inner, std::uint64_t seed = 0) {
  Diagnostics d;
  return load_world_string(world_sdf("", testing::environment_plugin(inner), "0 0 -9.81"),
                           "sea.sdf", d, seed);
}

double hs_of(const WaveField& f) {
  double m0 = 0.0;
  for (double a : f.amplitude)
    m0 += 0.5 * a * a;
  return 4.0 * std::sqrt(m0);
}

TEST(SeaStateParams, LeewayWaves) {
  const Model m = load_with(R"(<surface_level>0.5</surface_level><waves>
      <spectrum>jonswap</spectrum><significant_height>2.5</significant_height>
      <peak_period>9</peak_period><gamma>2</gamma><direction>1.2</direction>
      <components>32</components><steepness>0.3</steepness><depth>40</depth>
      <ramp_time>5</ramp_time></waves>)");
  ASSERT_TRUE(m.environment.waves.has_value());
  const WaveField& f = *m.environment.waves;
  EXPECT_EQ(f.count, 32u);
  EXPECT_NEAR(hs_of(f), 2.5, 0.025);
  EXPECT_EQ(f.depth, 40.0);
  EXPECT_EQ(f.ramp_time, 5.0);
  EXPECT_EQ(f.z_level, 0.5);
  EXPECT_TRUE(f.gerstner);
}

TEST(SeaStateParams, GainIsVrxsHeightMultiplier) {
  const Model m = load_with("<waves><gain>1</gain><peak_period>6</peak_period></waves>");
  const double wp = 2 * std::numbers::pi / 6.0;
  EXPECT_NEAR(hs_of(*m.environment.waves), std::sqrt(16 * 0.0081 / 5) * 9.81 / (wp * wp), 0.01);
}

TEST(SeaStateParams, RunSeedRealisesTheSeaUnlessTheWorldFixesIt) {
  const std::string free =
      "<waves><significant_height>1</significant_height><peak_period>6</peak_period></waves>";
  EXPECT_NE(load_with(free, 1).environment.waves->phase,
            load_with(free, 2).environment.waves->phase);
  EXPECT_EQ(load_with(free, 1).environment.waves->phase,
            load_with(free, 1).environment.waves->phase);
  const std::string fixed =
      "<waves><significant_height>1</significant_height><peak_period>6</peak_period><seed>4</"
      "seed></waves>";
  EXPECT_EQ(load_with(fixed, 1).environment.waves->phase,
            load_with(fixed, 2).environment.waves->phase);
}

TEST(SeaStateParams, VrxWavefield) {
  const Model m = load_with(R"(<wavefield><size>1000 1000</size><cell_count>50 50</cell_count>
      <wave><model>PMS</model><period>5.0</period><number>3</number><scale>1.1</scale>
      <gain>0.3</gain><direction>1 0</direction><angle>0.4</angle><tau>2.0</tau>
      <amplitude>0.0</amplitude><steepness>0.0</steepness></wave></wavefield>)");
  VrxWavefield p;
  p.gain = 0.3;
  const auto expected = vrx_components(p);
  const WaveField& f = *m.environment.waves;
  ASSERT_EQ(f.count, 3u);
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_DOUBLE_EQ(f.amplitude[i], expected[i].amplitude);
  EXPECT_EQ(f.ramp_time, 2.0);
  // The newer scalar direction means the same.
  const Model scalar =
      load_with("<wavefield><wave><gain>0.3</gain><direction>0.7</direction></wave></wavefield>");
  EXPECT_NEAR(std::atan2(scalar.environment.waves->ky[1], scalar.environment.waves->kx[1]), 0.7,
              1e-15);
}

/// VRX's PublisherPlugin with its wavefield message (perception_task.sdf's, the gain and period
/// given).
std::string vrx_publisher(const std::string& gain, const std::string& extra = "") {
  return R"(<plugin filename="libPublisherPlugin.so" name="vrx::PublisherPlugin">
      <message type="gz.msgs.Param" topic="/vrx/wavefield/parameters" every="2.0">
        params {
          key: "direction"
          value {
            type: DOUBLE
            double_value: 0.7
          }
        }
        params { key: "gain" value { type: DOUBLE double_value: )" +
         gain + R"( } }
        params { key: "period" value { type: DOUBLE double_value: 6 } }
        params { key: "steepness" value { type: DOUBLE double_value: 0 } })" +
         extra + R"(
      </message>
      <message type="gz.msgs.Vector3d" topic="/pinger/set_pinger_position" at="1.0">
        x: 1 y: 2 z: -3
      </message>
    </plugin>)";
}

TEST(SeaStateParams, VrxsWavefieldMessageIsTheSeaItsWorldsSail) {
  // VRX gives every world's sea state this way; the element form with the same parameters is
  // the same sea, bit for bit.
  Diagnostics d;
  const Model m = load_world_string(world_sdf("", vrx_publisher("0.6"), "0 0 -9.81"), "vrx.sdf", d);
  const Model element = load_with(
      "<wavefield><wave><gain>0.6</gain><period>6</period><direction>0.7</direction>"
      "<steepness>0</steepness></wave></wavefield>");
  ASSERT_TRUE(m.environment.waves.has_value());
  EXPECT_EQ(m.environment.waves->amplitude, element.environment.waves->amplitude);
  EXPECT_EQ(m.environment.waves->kx, element.environment.waves->kx);
  EXPECT_EQ(m.environment.waves->phase, element.environment.waves->phase);
  EXPECT_EQ(m.environment.waves->ramp_time, 2.0);  // VRX's tau
  // The pinger's message is not sent, and says so.
  bool said = false;
  for (const auto& w : d.warnings())
    said = said || w.message.find("'/pinger/set_pinger_position' is not sent") != std::string::npos;
  EXPECT_TRUE(said);

  const auto error = [](const std::string& text) {
    return testing::load_error("vrx_bad.sdf", world_sdf("", text, "0 0 -9.81"));
  };
  EXPECT_NE(error(vrx_publisher("-1"))
                .find("wavefield parameter 'gain' is -1; expected a gain in "
                      "[0, 1000]"),
            std::string::npos);
  EXPECT_NE(error(vrx_publisher("high")).find("wavefield parameter 'gain' is 'high'"),
            std::string::npos);
  // Two sea states: refused, naming the first.
  const std::string twice =
      error(vrx_publisher("0.3") + testing::environment_plugin("<wavefield/>"));
  EXPECT_NE(
      twice.find("vrx_bad.sdf:7: <world[w]/plugin[vrx::PublisherPlugin]/message>; expected one"),
      std::string::npos)
      << twice;
}

TEST(SeaStateParams, NonPhysicalParametersAreErrors) {
  const struct {
    std::string inner, expect;
  } cases[] = {
      {"<significant_height>-1</significant_height><peak_period>6</peak_period>",
       "significant height in m > 0"},
      {"<significant_height>1</significant_height><peak_period>0</peak_period>",
       "peak period in s > 0"},
      {"<spectrum>jonswap</spectrum><significant_height>1</significant_height><peak_period>6</"
       "peak_period><gamma>0.5</gamma>",
       "JONSWAP gamma in [1, 20]"},
      {"<significant_height>1</significant_height><peak_period>6</peak_period><components>0</"
       "components>",
       "number of components in [1, 4096]"},
      {"<significant_height>1</significant_height><peak_period>6</peak_period><components>2.5</"
       "components>",
       "whole number"},
      {"<significant_height>1</significant_height><peak_period>6</peak_period><steepness>1.5</"
       "steepness>",
       "steepness in [0, 1]"},
      {"<significant_height>1</significant_height><peak_period>6</"
       "peak_period><spectrum>bretschneider</spectrum>",
       "expected pierson_moskowitz, jonswap or table"},
      {"<peak_period>6</peak_period>", "missing <significant_height>"},
      {"<significant_height>1</significant_height><peak_period>6</peak_period><hs>2</hs>",
       "unknown parameter <hs>"},
      {"<spectrum>table</spectrum><table>0.5 1 0.4 2</table>", "increase"},
  };
  for (const auto& c : cases) {
    try {
      load_with("<waves>" + c.inner + "</waves>");
      ADD_FAILURE() << "loaded: " << c.inner;
    } catch (const LoadError& e) {
      EXPECT_NE(std::string(e.what()).find(c.expect), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("sea.sdf"), std::string::npos) << e.what();
    }
  }
}

TEST(SeaStateParams, WavesNeedGravity) {
  Diagnostics d;
  try {
    load_world_string(
        world_sdf("",
                  testing::environment_plugin("<waves><significant_height>1</significant_height>"
                                              "<peak_period>6</peak_period></waves>"),
                  "0 0 0"),
        "g.sdf", d);
    FAIL();
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find("need gravity"), std::string::npos) << e.what();
  }
}

TEST(SeaStateParams, FoldingSeaIsWarned) {
  // Seed 000's per-component limit q_i = min(q, 1 / (k_i A_i)) still lets a steep sea's sum
  // exceed 1: 6 m waves at a 5 s peak with q = 1.
  Diagnostics d;
  load_world_string(
      world_sdf("", testing::environment_plugin(R"(<waves><significant_height>6</significant_height>
      <peak_period>5</peak_period><steepness>1</steepness></waves>)"),
                "0 0 -9.81"),
      "fold.sdf", d);
  ASSERT_EQ(d.warnings().size(), 1u);
  EXPECT_NE(d.warnings()[0].message.find("fold"), std::string::npos);
  EXPECT_NE(d.warnings()[0].str().find("fold.sdf"), std::string::npos);
}

}  // namespace
}  // namespace leeway
