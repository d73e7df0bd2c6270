// Bad input: every problem is one LoadError naming file, line, element and value, and saying what
// was expected.
#include <gtest/gtest.h>

#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::line_of;
using testing::load_error;
using testing::simple_model;
using testing::world_sdf;
using testing::write_temp;

const std::string kGzHydro =
    R"(<plugin filename="gz-sim-hydrodynamics-system" name="gz::sim::systems::Hydrodynamics">)";

TEST(BadInput, MissingFile) {
  Diagnostics d;
  try {
    load_world_file("/nonexistent/world.sdf", d);
    FAIL();
  } catch (const LoadError& e) {
    expect_mentions(e.what(), {"/nonexistent/world.sdf", "no such file"});
  }
}

TEST(BadInput, MalformedXml) {
  const std::string text = "<?xml version='1.0'?>\n<sdf version='1.9'>\n<world name='w'>\n<model";
  expect_mentions(load_error("malformed.sdf", text), {"malformed.sdf"});
}

// sdformat throws (rather than reporting) on a version that is not a number; found by the fuzzer.
TEST(BadInput, NonNumericSdfVersion) {
  const std::string text = "<?xml version='1.0'?>\n<sdf version='x.9'><world name='w'/></sdf>\n";
  expect_mentions(
      load_error("bad_version.sdf", text),
      {"bad_version.sdf:2: <sdf>: SDF version 'x.9'; expected one libsdformat 12 reads"});
  Diagnostics d;
  EXPECT_THROW(load_world_string(text, "bad_version.sdf", d), LoadError);
}

TEST(BadInput, UnknownPluginParameter) {
  const std::string text = world_sdf(simple_model(kGzHydro + R"(
    <link_name>base</link_name>
    <xUabsUU>-3</xUabsUU>
  </plugin>)"));
  const std::string msg = load_error("unknown_param.sdf", text);
  expect_mentions(msg, {"unknown_param.sdf:" + std::to_string(line_of(text, "<xUabsUU>")),
                        "xUabsUU", "unknown parameter", "xUabsU"});
}

TEST(BadInput, NonFiniteParameter) {
  const std::string text = world_sdf(simple_model(kGzHydro + R"(
    <link_name>base</link_name>
    <xU>nan</xU>
  </plugin>)"));
  const std::string msg = load_error("nan_param.sdf", text);
  expect_mentions(
      msg, {"nan_param.sdf:" + std::to_string(line_of(text, "<xU>")), "xU", "'nan'", "finite"});
}

TEST(BadInput, NegativeAndNonFiniteMass) {
  for (const char* mass : {"-2", "nan", "inf"}) {
    std::string text = world_sdf(simple_model(""));
    text.replace(text.find("<mass>10</mass>"), 15, "<mass>" + std::string(mass) + "</mass>");
    const std::string msg = load_error("bad_mass.sdf", text);
    expect_mentions(msg, {"bad_mass.sdf:" + std::to_string(line_of(text, "<inertial>")),
                          "link 'base'", "mass is"});
  }
}

TEST(BadInput, InertiaThatNoBodyHas) {
  std::string text = world_sdf(simple_model(""));
  text.replace(text.find("<izz>2</izz>"), 12, "<izz>5</izz>");  // 5 > 1 + 2
  expect_mentions(load_error("triangle.sdf", text), {"triangle.sdf:", "triangle inequality"});
}

TEST(BadInput, AddedMassThatMakesMNotPositiveDefinite) {
  const std::string text = world_sdf(simple_model(kGzHydro + R"(
    <link_name>base</link_name>
    <zDotW>11</zDotW>
  </plugin>)"));  // M_A = -11 kg in heave on a 10 kg body
  const std::string msg = load_error("not_pd.sdf", text);
  expect_mentions(msg, {"not_pd.sdf:" + std::to_string(line_of(text, "<plugin")),
                        "not positive definite", "model 'm'"});
}

TEST(BadInput, WrongCountOfMatrixValues) {
  const std::string text =
      world_sdf(simple_model(R"(<plugin filename="leeway-hydrodynamics" name="x">
    <added_mass>1 2 3</added_mass></plugin>)"));
  expect_mentions(load_error("count.sdf", text),
                  {"count.sdf:" + std::to_string(line_of(text, "<added_mass>")), "added_mass",
                   "'1 2 3'", "36 numbers"});
}

TEST(BadInput, PluginOnAnotherLink) {
  const std::string text =
      world_sdf(simple_model(kGzHydro + "<link_name>fin</link_name></plugin>"));
  expect_mentions(load_error("link.sdf", text), {"'fin'", "not a link of model 'm'", "(base)"});
}

TEST(BadInput, TwoSourcesOfBuoyancy) {
  const std::string text =
      world_sdf(simple_model(R"(<plugin filename="leeway-hydrodynamics" name="x">
        <buoyancy><volume>0.01</volume></buoyancy></plugin>)"),
                R"(<plugin filename="gz-sim-buoyancy-system" name="b"/>)");
  expect_mentions(load_error("twice.sdf", text), {"twice.sdf:", "one source of buoyancy"});
}

TEST(BadInput, StepSize) {
  std::string text = world_sdf("");
  text.replace(text.find("0.01</max_step_size>"), 4, "-1");
  expect_mentions(load_error("dt.sdf", text),
                  {"dt.sdf:" + std::to_string(line_of(text, "<max_step_size>")), "max_step_size",
                   "-1", "expected a step"});
  // A step of 1e-9 s is allowed, and said to be what no marine vehicle needs.
  text = world_sdf("");
  text.replace(text.find("0.01</max_step_size>"), 4, "1e-9");
  Diagnostics d;
  load_world_string(text, "tiny_dt.sdf", d);
  ASSERT_EQ(d.warnings().size(), 1u);
  expect_mentions(d.warnings()[0].str(),
                  {"tiny_dt.sdf:" + std::to_string(line_of(text, "<max_step_size>")),
                   "max_step_size is 1e-09 s: 1e+09 steps for each simulated second"});
}

TEST(BadInput, UnknownPluginsAreWarnedOnceByNameNotFatal) {
  // Two models with the same unknown plugin: one warning for it, at its first place.
  const std::string publisher = R"(<plugin filename="gz-sim-scene-broadcaster-system" name="p"/>)";
  const std::string text =
      world_sdf(simple_model(publisher, "a") + simple_model(publisher, "b"),
                R"(<plugin filename="gz-sim-physics-system" name="gz::sim::systems::Physics"/>)");
  Diagnostics d;
  load_world_string(text, "warn.sdf", d);
  ASSERT_EQ(d.warnings().size(), 2u);
  EXPECT_NE(d.warnings()[0].str().find("gz-sim-physics-system"), std::string::npos);
  expect_mentions(d.warnings()[1].str(),
                  {"warn.sdf:" + std::to_string(line_of(text, "scene-broadcaster")),
                   "'gz-sim-scene-broadcaster-system' has no meaning in Leeway", "said once"});
}

TEST(BadInput, PosePublisherParameters) {
  // A misspelt element is an error naming it; a frame Leeway does not keep is warned about.
  const auto publisher = [](const std::string& inside) {
    return R"(<plugin filename="gz-sim-pose-publisher-system" name="gz::sim::systems::PosePublisher">)" +
           inside + "</plugin>";
  };
  const std::string bad =
      world_sdf(simple_model(publisher("<publish_sensor_poses>true</publish_sensor_poses>"), "a"));
  expect_mentions(load_error("pose.sdf", bad),
                  {"pose.sdf:" + std::to_string(line_of(bad, "publish_sensor_poses")),
                   "publish_sensor_poses", "PosePublisher"});
  const std::string visual =
      world_sdf(simple_model(publisher("<publish_visual_pose>true</publish_visual_pose>"), "a"));
  Diagnostics d;
  const Scenario s = load_scenario_string(visual, "visual.sdf", d);
  const std::vector<PosePublisherModel>& publishers = s.wiring.pose_publishers;
  ASSERT_EQ(publishers.size(), 1u);
  EXPECT_TRUE(publishers[0].links);  // gz-sim's defaults
  EXPECT_FALSE(publishers[0].sensors);
  EXPECT_TRUE(publishers[0].static_publisher);
  ASSERT_EQ(d.warnings().size(), 1u);
  expect_mentions(d.warnings()[0].str(),
                  {"visual.sdf:" + std::to_string(line_of(visual, "<publish_visual_pose>")),
                   "publish_visual_pose", "not published"});
}

TEST(BadInput, WorldPluginParameters) {
  const std::string env = world_sdf("", R"(<plugin filename="leeway-environment" name="e">
    <fluid_density>1025</fluid_density>
    <curent>0.1 0 0</curent>
  </plugin>)");
  expect_mentions(load_error("env.sdf", env),
                  {"env.sdf:" + std::to_string(line_of(env, "<curent>")),
                   "unknown parameter <curent>", "<current>"});
  const std::string density = world_sdf("", R"(<plugin filename="leeway-environment" name="e">
    <fluid_density>-1</fluid_density></plugin>)");
  expect_mentions(load_error("density.sdf", density), {"density.sdf:", "got -1", "density > 0"});
  const std::string graded = world_sdf("", R"(<plugin filename="gz-sim-buoyancy-system" name="b">
    <graded_buoyancy><default_density>1000</default_density>
      <density_change><above_depth>0</above_depth></density_change></graded_buoyancy></plugin>)");
  expect_mentions(
      load_error("graded.sdf", graded),
      {"graded.sdf:" + std::to_string(line_of(graded, "<density_change>")), "missing <density>"});
  const std::string both = world_sdf("", R"(<plugin filename="gz-sim-buoyancy-system" name="b">
    <uniform_fluid_density>1000</uniform_fluid_density>
    <graded_buoyancy><default_density>1000</default_density></graded_buoyancy></plugin>)");
  expect_mentions(
      load_error("both.sdf", both),
      {"both.sdf:" + std::to_string(line_of(both, "<graded_buoyancy>")), "expected one"});
}

TEST(BadInput, RestoringMatrixWithHorizontalSprings) {
  std::string m(36 * 2, ' ');
  for (int i = 0; i < 36; ++i)
    m[static_cast<std::size_t>(2 * i)] = i == 0 ? '5' : '0';
  const std::string text =
      world_sdf(simple_model(R"(<plugin filename="leeway-hydrodynamics" name="x">
    <restoring><matrix>)" + m +
                             "</matrix></restoring></plugin>"));
  expect_mentions(
      load_error("springs.sdf", text),
      {"springs.sdf:" + std::to_string(line_of(text, "<matrix>")), "surge, sway or yaw"});
}

/// A model with one leeway::Thruster whose body is `body`.
std::string thruster_world(const std::string& body) {
  return world_sdf(simple_model(R"(<plugin filename="leeway" name="leeway::Thruster">
    <actuator>prop</actuator>)" +
                                body + "</plugin>"));
}

TEST(BadInput, ThrusterWithAZeroAxis) {
  const std::string text = thruster_world(R"(<axis>0 0 0</axis>
    <thrust><quadratic><k_forward>1</k_forward></quadratic></thrust>)");
  expect_mentions(load_error("axis.sdf", text),
                  {"axis.sdf:" + std::to_string(line_of(text, "<axis>")), "got (0, 0, 0)",
                   "non-zero direction"});
}

TEST(BadInput, ThrustTableNotMonotonic) {
  const std::string text = thruster_world(R"(
    <thrust><table><input>-1 0 0.5 0.4</input><thrust>-3 0 2 3</thrust></table></thrust>)");
  expect_mentions(load_error("table.sdf", text),
                  {"table.sdf:" + std::to_string(line_of(text, "<input>")), "0.4 is not above 0.5",
                   "strictly increasing"});
}

TEST(BadInput, ThrusterWithoutACurveOrWithTwo) {
  expect_mentions(load_error("nocurve.sdf", thruster_world("")),
                  {"nocurve.sdf:", "missing <thrust>"});
  const std::string two = thruster_world(R"(<thrust><quadratic><k_forward>1</k_forward></quadratic>
      <linear><max_command>1</max_command><max_forward>1</max_forward>
      <max_reverse>1</max_reverse></linear></thrust>)");
  expect_mentions(load_error("two.sdf", two), {"two.sdf:", "exactly one of"});
}

TEST(BadInput, ActuatorLimitsAndPolicy) {
  const std::string curve = "<thrust><quadratic><k_forward>1</k_forward></quadratic></thrust>";
  expect_mentions(
      load_error("limits.sdf",
                 thruster_world("<state_min>1</state_min><state_max>2</state_max>" + curve)),
      {"limits.sdf:", "actuator 'prop'", "state_min <= 0 <= state_max"});
  const std::string policy = thruster_world("<command_policy>ignore</command_policy>" + curve);
  expect_mentions(load_error("policy.sdf", policy),
                  {"policy.sdf:" + std::to_string(line_of(policy, "<command_policy>")),
                   "got 'ignore'", "error, clamp or saturate"});
  const std::string twice = world_sdf(simple_model(
      R"(<plugin filename="leeway" name="leeway::Thruster"><actuator>prop</actuator>)" + curve +
      R"(</plugin><plugin filename="leeway" name="leeway::Thruster"><actuator>prop</actuator>)" +
      curve + "</plugin>"));
  expect_mentions(load_error("twice.sdf", twice),
                  {"twice.sdf:", "already has an actuator called 'prop'"});
}

TEST(BadInput, FoilWithZeroArea) {
  const std::string text = world_sdf(simple_model(R"(
    <plugin filename="leeway" name="leeway::ControlSurface"><actuator>rudder</actuator>
      <foil><area>0</area><coefficients><flat_plate/></coefficients></foil>
    </plugin>)"));
  expect_mentions(
      load_error("foil.sdf", text),
      {"foil.sdf:" + std::to_string(line_of(text, "<area>")), "got 0", "the foil's area in m^2"});
}

TEST(BadInput, AirFansSailsAndAzimuths) {
  const std::string curve = "<thrust><quadratic><k_forward>1</k_forward></quadratic></thrust>";
  const std::string fluid = thruster_world("<fluid>oil</fluid>" + curve);
  expect_mentions(
      load_error("fluid.sdf", fluid),
      {"fluid.sdf:" + std::to_string(line_of(fluid, "<fluid>")), "got 'oil'", "water or air"});
  const std::string radius = thruster_world("<disc_radius>-0.1</disc_radius>" + curve);
  expect_mentions(load_error("radius.sdf", radius),
                  {"radius.sdf:" + std::to_string(line_of(radius, "<disc_radius>")), "got -0.1"});
  // Turning a thruster about its own axis would not steer it.
  const std::string spin = thruster_world(
      curve + "<azimuth><actuator>angle</actuator><turn_axis>2 0 0</turn_axis></azimuth>");
  expect_mentions(load_error("spin.sdf", spin),
                  {"spin.sdf:" + std::to_string(line_of(spin, "<azimuth>")), "<turn_axis>"});
  const std::string same_name =
      thruster_world(curve + "<azimuth><actuator>prop</actuator></azimuth>");
  expect_mentions(load_error("same.sdf", same_name),
                  {"same.sdf:", "already has an actuator called 'prop'"});
  const std::string sail = world_sdf(simple_model(R"(
    <plugin filename="leeway" name="leeway::ControlSurface"><actuator>sheet</actuator>
      <fluid>air</fluid>
      <sail><mast>0 0 0</mast><boom_block>0</boom_block><deck_block>0.5</deck_block>
        <foil><area>1</area><coefficients><flat_plate/></coefficients></foil></sail>
    </plugin>)"));
  expect_mentions(
      load_error("sail.sdf", sail),
      {"sail.sdf:" + std::to_string(line_of(sail, "<boom_block>")), "got 0", "mast-to-boom-block"});
  const std::string keel = world_sdf(simple_model(R"(
    <plugin filename="leeway-foil" name="leeway::Foil"><actuator>keel</actuator>
      <foil><area>1</area><coefficients><flat_plate/></coefficients></foil>
    </plugin>)"));
  expect_mentions(load_error("keel.sdf", keel), {"keel.sdf:", "<actuator>", "<foil>"});
  const std::string wing = world_sdf(simple_model(R"(
    <plugin filename="leeway-foil" name="leeway::Foil">
      <foil><area>1</area><coefficients><wing><aspect_ratio>2</aspect_ratio>
        <stall_angle>2</stall_angle></wing></coefficients></foil>
    </plugin>)"));
  expect_mentions(
      load_error("wing.sdf", wing),
      {"wing.sdf:" + std::to_string(line_of(wing, "<stall_angle>")), "got 2", "stall angle"});
}

TEST(BadInput, TextLoadsNameTheirSource) {
  Diagnostics d;
  try {
    load_world_string(world_sdf(simple_model(R"(<plugin filename="leeway-hydrodynamics" name="x">
      <frame>ned</frame></plugin>)")),
                      "my_world_text", d);
    FAIL();
  } catch (const LoadError& e) {
    expect_mentions(e.what(), {"my_world_text", "got 'ned', expected flu or frd"});
  }
}

}  // namespace
}  // namespace leeway

namespace leeway {
namespace {

/// A boat whose propeller link turns on a spin joint about x, with `plugin`.
std::string jointed_world(const std::string& plugin) {
  const std::string inertia =
      "<inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz>"
      "</inertia>";
  return testing::world_sdf(R"(<model name="boat">
  <link name="base"><inertial><mass>10</mass>)" +
                            inertia + R"(</inertial></link>
  <link name="prop"><pose>-1 0 0 0 0 0</pose><inertial><mass>0.1</mass>)" +
                            inertia +
                            R"(</inertial></link>
  <joint name="prop_joint" type="revolute"><parent>base</parent><child>prop</child>
    <axis><xyz>1 0 0</xyz></axis></joint>
)" + plugin + "\n</model>");
}

TEST(BadInput, ForeignActuatorPlugins) {
  const std::string gz =
      R"(<plugin filename="gz-sim-thruster-system" name="gz::sim::systems::Thruster">)";
  const std::string unknown_joint =
      jointed_world(gz + "\n<joint_name>propeller</joint_name></plugin>");
  expect_mentions(load_error("joint.sdf", unknown_joint),
                  {"joint.sdf:" + std::to_string(line_of(unknown_joint, "<joint_name>")),
                   "no joint 'propeller'", "'prop_joint'"});
  const std::string range =
      jointed_world(gz +
                    "<joint_name>prop_joint</joint_name><min_thrust_cmd>10</min_thrust_cmd>"
                    "<max_thrust_cmd>5</max_thrust_cmd></plugin>");
  expect_mentions(load_error("range.sdf", range), {"range.sdf:", "10", "5", "min < max"});
  const std::string uuv =
      jointed_world(R"(<plugin name="t" filename="libuuv_thruster_ros_plugin.so">
    <linkName>prop</linkName><jointName>prop_joint</jointName><thrusterID>0</thrusterID>
    <dynamics>
      <type>SecondOrder</type></dynamics>
    <conversion><type>Basic</type><rotorConstant>0.1</rotorConstant></conversion></plugin>)");
  expect_mentions(load_error("uuv.sdf", uuv),
                  {"uuv.sdf:" + std::to_string(line_of(uuv, "<type>SecondOrder")),
                   "got 'SecondOrder'", "FirstOrder"});
  // UUV's Bessa dead zone must straddle zero: its description's range names the element
  // (propulsion/thrust_curve_parameters.h; the kernel's check, propulsion/actuator_checks.h,
  // stays behind it for models built in code).
  const std::string bessa =
      jointed_world(R"(<plugin name="t" filename="libuuv_thruster_ros_plugin.so">
    <linkName>prop</linkName><jointName>prop_joint</jointName><thrusterID>0</thrusterID>
    <dynamics><type>ZeroOrder</type></dynamics>
    <conversion><type>Bessa</type><rotorConstantL>0.001</rotorConstantL>
      <rotorConstantR>0.001</rotorConstantR><deltaL>5</deltaL><deltaR>10</deltaR></conversion>
    </plugin>)");
  expect_mentions(load_error("bessa.sdf", bessa),
                  {"bessa.sdf:" + std::to_string(line_of(bessa, "<deltaL>5")),
                   "got 5, expected delta_L, the dead zone's end astern", "<= 0"});
  const std::string vrx =
      jointed_world(R"(<plugin name="v" filename="libusv_gazebo_thrust_plugin.so">
    <thruster><linkName>prop</linkName><cmdTopic>left_thrust_cmd</cmdTopic>
      <mappingType>2</mappingType></thruster></plugin>)");
  expect_mentions(load_error("vrx.sdf", vrx),
                  {"vrx.sdf:" + std::to_string(line_of(vrx, "<mappingType>")), "got 2",
                   "0 (linear) or 1 (logistic)"});
  // A hinge across the foil's span would turn it out of its own plane.
  const std::string hinge = jointed_world(
      R"(<plugin filename="gz-sim-joint-position-controller-system" name="j">
        <joint_name>prop_joint</joint_name><use_velocity_commands>true</use_velocity_commands>
      </plugin>
      <plugin filename="gz-sim-lift-drag-system" name="gz::sim::systems::LiftDrag">
        <link_name>prop</link_name><forward>1 0 0</forward><upward>0 0 1</upward></plugin>)");
  expect_mentions(load_error("hinge.sdf", hinge),
                  {"hinge.sdf:" + std::to_string(line_of(hinge, "lift-drag-system")),
                   "joint 'prop_joint'", "span"});
  const std::string typo = jointed_world(
      R"(<plugin filename="gz-sim-lift-drag-system" name="gz::sim::systems::LiftDrag">
        <link_name>prop</link_name><lift_slope>4</lift_slope></plugin>)");
  expect_mentions(
      load_error("typo.sdf", typo),
      {"typo.sdf:" + std::to_string(line_of(typo, "<lift_slope>")), "lift_slope", "LiftDrag"});
}

}  // namespace
}  // namespace leeway

namespace leeway {
namespace {

std::string uuv_object_world(const std::string& link_block) {
  return testing::world_sdf(testing::simple_model(
      R"(<plugin name="uuv" filename="libuuv_underwater_object_ros_plugin.so">
      )" +
      link_block + "</plugin>"));
}

TEST(BadInput, UuvUnderwaterObject) {
  const std::string surface = uuv_object_world(R"(<link name="base"><volume>1</volume>
      <metacentric_width>0.1</metacentric_width>
      <hydrodynamic_model><type>sphere</type><radius>1</radius></hydrodynamic_model></link>)");
  expect_mentions(load_error("surface.sdf", surface),
                  {"surface.sdf:" + std::to_string(line_of(surface, "<metacentric_width>")),
                   "surface-vessel", "leeway::Hull"});
  const std::string cylinder = uuv_object_world(R"(<link name="base"><volume>1</volume>
      <hydrodynamic_model>
        <type>cylinder</type><radius>1</radius><axis>i</axis></hydrodynamic_model></link>)");
  expect_mentions(load_error("cylinder.sdf", cylinder),
                  {"cylinder.sdf:", "missing <length>", "bounding box"});
  const std::string axis = uuv_object_world(R"(<link name="base"><volume>1</volume>
      <hydrodynamic_model><type>cylinder</type><radius>1</radius><length>3</length>
        <axis>x</axis></hydrodynamic_model></link>)");
  expect_mentions(load_error("axis.sdf", axis),
                  {"axis.sdf:" + std::to_string(line_of(axis, "<axis>")), "got 'x'", "i, j or k"});
  const std::string spheroid = uuv_object_world(R"(<link name="base"><volume>1</volume>
      <hydrodynamic_model>
        <type>spheroid</type><radius>1</radius></hydrodynamic_model></link>)");
  expect_mentions(load_error("spheroid.sdf", spheroid),
                  {"spheroid.sdf:" + std::to_string(line_of(spheroid, "<type>spheroid")),
                   "still in development", "fossen, sphere or cylinder"});
  const std::string other_link = uuv_object_world(R"(<link name="fin"><volume>1</volume>
      <hydrodynamic_model><type>sphere</type><radius>1</radius></hydrodynamic_model></link>)");
  expect_mentions(load_error("link.sdf", other_link),
                  {"link.sdf:" + std::to_string(line_of(other_link, "<link name=\"fin\"")), "'fin'",
                   "not a link of model"});
  const std::string no_volume = uuv_object_world(R"(<link name="base">
      <hydrodynamic_model><type>sphere</type><radius>1</radius></hydrodynamic_model></link>)");
  expect_mentions(load_error("volume.sdf", no_volume), {"volume.sdf:", "missing <volume>"});
}

}  // namespace
}  // namespace leeway

namespace leeway {
namespace {

// What libsdformat reports as "Unable to read file" alone is said with the line and the reason.
TEST(BadInput, FilesThatAreNotXmlSayWhatIsWrong) {
  expect_mentions(load_error("empty.sdf", ""),
                  {"empty.sdf: nothing to read: 0 bytes;", "expected an <sdf version"});
  expect_mentions(load_error("blank.sdf", "  \n\n"),
                  {"blank.sdf: nothing to read: 4 bytes of white space"});
  std::string binary = "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\">\n";
  binary += std::string(
      "\x7f"
      "ELF\x02\x01\x01\0\0\0",
      10);
  expect_mentions(load_error("binary.sdf", binary),
                  {"binary.sdf:3: a NUL byte at byte 49: a binary file"});
  const std::string whole = world_sdf(simple_model(""));
  const std::string cut = whole.substr(0, whole.find("</inertial>"));
  expect_mentions(load_error("cut.sdf", cut),
                  {"cut.sdf:" + std::to_string(line_of(cut, "<inertia>")) +
                   ": <inertial>: the text "
                   "ends at line " +
                   std::to_string(line_of(cut, "<inertia>")) +
                   " with 5 elements still open (the innermost <inertial>, opened at line " +
                   std::to_string(line_of(cut, "<inertial>")) +
                   "): cut short? expected every element closed, through </sdf>"});
  std::string deep = "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\"><world name=\"w\">\n";
  for (int i = 0; i < 200000; ++i)
    deep += "<a>";
  expect_mentions(load_error("deep.sdf", deep), {"deep.sdf:3", "nested more than 100 deep"});
  expect_mentions(
      load_error("mismatched.sdf", world_sdf("<model name=\"m\"><link name=\"l\"></model>")),
      {"mismatched.sdf:",
       "<link>: a closing tag that does not close <link>, the element open there",
       "XML_ERROR_MISMATCHED_ELEMENT"});
  expect_mentions(load_error("attribute.sdf", world_sdf("<model name=m></model>")),
                  {"attribute.sdf:", "an attribute of <model> that is not name=\"value\""});
}

TEST(BadInput, AnIncludedFileThatIsNotXmlIsNamed) {
  std::filesystem::create_directories(std::filesystem::temp_directory_path() / "leeway_tests" /
                                      "cut_model");
  const std::string model = write_temp(
      "cut_model/model.sdf",
      "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\">\n<model name=\"c\">\n<link name=\"l\">\n");
  expect_mentions(
      load_error("includes_cut.sdf",
                 world_sdf("<include><uri>" + std::filesystem::path(model).parent_path().string() +
                           "</uri></include>")),
      {model + ":4: <link>: the text ends at line 4 with 3 elements still open"});
}

TEST(BadInput, ClientLimits) {
  const std::string plugin =
      R"(<plugin filename="leeway-client-limits" name="leeway::ClientLimits">)";
  expect_mentions(load_error("limits_model.sdf", world_sdf(simple_model(""), plugin + R"(
      <model name="boat"><max_force>1</max_force><max_torque>1</max_torque></model></plugin>)")),
                  {"limits_model.sdf:", "no model named 'boat' in the world"});
  expect_mentions(load_error("limits_twice.sdf", world_sdf(simple_model(""), plugin + R"(
      <model name="m"><max_force>1</max_force><max_torque>1</max_torque></model>
      <model name="m"><max_force>2</max_force><max_torque>2</max_torque></model></plugin>)")),
                  {"limits_twice.sdf:", "a second <model name=\"m\">"});
  expect_mentions(load_error("limits_torque.sdf", world_sdf(simple_model(""), plugin + R"(
      <model name="m"><max_force>1</max_force></model></plugin>)")),
                  {"limits_torque.sdf:", "missing <max_torque>"});
  expect_mentions(load_error("limits_g.sdf", world_sdf(simple_model(""), plugin + R"(
      <wrench_g>0</wrench_g></plugin>)")),
                  {"limits_g.sdf:", "got 0", "wrench"});
  expect_mentions(
      load_error("limits_two.sdf",
                 world_sdf(simple_model(""), plugin + "</plugin>" + plugin + "</plugin>")),
      {"limits_two.sdf:", "a second ClientLimits (the first is at "});
}

}  // namespace
}  // namespace leeway
