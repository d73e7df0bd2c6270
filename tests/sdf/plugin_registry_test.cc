// The plugin table (sdf/plugin_registry.h): every row keeps its family's contract, each spelling
// the foreign worlds use finds its row, a plugin with two roles plays both, the first row of a
// family wins, and an unknown plugin is reported once per filename with its place.
#include "leeway/sdf/plugin_registry.h"

#include <gtest/gtest.h>

#include <sdf/Root.hh>
#include <sdf/World.hh>

#include "sdf_test_util.h"

namespace leeway::sdfio {
namespace {

/// The loader type a family's contract gives (plugin_registry.h's table).
std::size_t contract_of(PluginFamily family) {
  using F = PluginFamily;
  switch (family) {
    case F::kWorldSetting:
    case F::kWorldWind:
      return 0;  // WorldSettingLoader
    case F::kTask:
      return 1;
    case F::kHydrodynamics:
      return 2;
    case F::kHull:
      return 3;
    case F::kJointController:
    case F::kActuator:
      return 4;
    case F::kJointEffort:
      return 5;
    case F::kController:
      return 6;
    case F::kDetachableJoint:
      return 7;
    case F::kBattery:
      return 8;
    case F::kSensor:
      return 9;
    case F::kPosePublisher:
      return 10;
  }
  return 99;
}

TEST(PluginRegistry, EveryRowKeepsItsFamilysContractAndCanMatch) {
  for (const PluginKind& row : plugin_registry()) {
    SCOPED_TRACE(std::string(row.pattern.filename_part) + " " +
                 std::string(row.pattern.name_suffix));
    EXPECT_EQ(row.load.index(), contract_of(row.family));
    EXPECT_TRUE(!row.pattern.filename_part.empty() || !row.pattern.name_suffix.empty());
    // Its own stem finds it: no row is shadowed by an earlier row of its family.
    const std::string filename = "lib" + std::string(row.pattern.filename_part) + ".so";
    const PluginKind* first = nullptr;
    for (const PluginKind& other : plugin_registry()) {
      if (other.family == row.family && other.pattern.matches(filename, "")) {
        first = &other;
        break;
      }
    }
    if (!row.pattern.filename_part.empty() && !row.pattern.folded) {
      ASSERT_NE(first, nullptr);
      EXPECT_EQ(first->load, row.load) << "shadowed by " << first->pattern.filename_part;
    }
  }
}

TEST(PluginRegistry, MatchesEverySpellingOfAPlugin) {
  for (const char* filename : {"gz-sim-thruster-system", "ignition-gazebo-thruster-system",
                               "libignition-gazebo6-thruster-system.so"}) {
    EXPECT_TRUE(PluginPattern("thruster-system", "systems::Thruster").matches(filename, "x"));
  }
  EXPECT_TRUE(PluginPattern("thruster-system", "systems::Thruster")
                  .matches("custom.so", "ignition::gazebo::systems::Thruster"));
  EXPECT_FALSE(PluginPattern("thruster-system", "systems::Thruster")
                   .matches("libuuv_thruster_ros_plugin.so", "thruster"));
  // VRX spells its scoring plugins with and without underscores and capitals.
  const PluginPattern station("stationkeepingscoring", "", true);
  EXPECT_TRUE(station.matches("libstationkeeping_scoring_plugin.so", "x"));
  EXPECT_TRUE(station.matches("x", "vrx::StationkeepingScoringPlugin"));
  EXPECT_FALSE(station.matches("libwayfinding_scoring_plugin.so", "x"));
  EXPECT_FALSE(PluginPattern("", "").matches("", ""));
}

/// The world and first model of `text`, classified.
struct Parsed {
  sdf::Root root;
  ClassifiedPlugins world, model;
};

std::unique_ptr<Parsed> parse(const std::string& text) {
  auto p = std::make_unique<Parsed>();
  const sdf::Errors errors = p->root.LoadSdfString(text);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors.front().Message());
  const sdf::World& world = *p->root.WorldByIndex(0);
  p->world = classify_plugins(world.Element(), PluginScope::kWorld);
  p->model = classify_plugins(world.ModelByIndex(0)->Element(), PluginScope::kModel);
  return p;
}

std::vector<PluginFamily> families(const ClassifiedPlugins& c) {
  std::vector<PluginFamily> out;
  for (const PluginUse& use : c.uses) {
    if (use.kind) out.push_back(use.kind->family);
  }
  return out;
}

TEST(PluginRegistry, ClassifiesEachPluginOnceInTheDocumentsOrder) {
  using F = PluginFamily;
  const auto p = parse(testing::world_sdf(testing::simple_model(R"(
    <plugin filename="libusv_gazebo_dynamics_plugin.so" name="usv_dynamics"/>
    <plugin filename="gz-sim-sensors-system" name="gz::sim::systems::Sensors"/>
    <plugin filename="libuuv_thruster_ros_plugin.so" name="t"/>
    <plugin filename="leeway" name="leeway::Thruster"/>
    <plugin filename="libusv_gazebo_wind_plugin.so" name="wind"/>
    <plugin filename="leeway-autopilot" name="leeway::Autopilot"/>)"),
                                          R"(
    <plugin filename="gz-sim-physics-system" name="gz::sim::systems::Physics"/>
    <plugin filename="leeway-environment" name="leeway::Environment"/>
    <plugin filename="libnavigation_scoring_plugin.so" name="navigation_scoring_plugin"/>
    <plugin filename="libwayfinding_scoring_plugin.so" name="wayfinding_scoring_plugin"/>)"));
  // VRX classic's dynamics plugin is both hydrodynamics and a hull; the sensors system is
  // unknown (a use with no row); classic's wind on a model sets the world's wind.
  EXPECT_EQ(families(p->model), (std::vector<F>{F::kHydrodynamics, F::kHull, F::kActuator,
                                                F::kActuator, F::kWorldWind, F::kController}));
  ASSERT_EQ(p->model.uses.size(), 7u);
  EXPECT_EQ(p->model.uses[2].kind, nullptr);
  EXPECT_EQ(p->model.of(F::kActuator).size(), 2u);
  // Both scoring plugins are tasks; the first matching row decides which loader reads each.
  EXPECT_EQ(families(p->world), (std::vector<F>{F::kWorldSetting, F::kTask, F::kTask}));
  const std::vector<PluginUse> tasks = p->world.of(F::kTask);
  EXPECT_NE(tasks[0].kind->load, tasks[1].kind->load);  // refused / scored
  Diagnostics d;
  EXPECT_FALSE(tasks[0].loader<TaskLoader>()(tasks[0].element, Model{}, d));
  ASSERT_EQ(d.warnings().size(), 1u);
  EXPECT_NE(d.warnings()[0].str().find("a VRX task Leeway does not score"), std::string::npos);
  EXPECT_EQ(tasks[1].kind->pattern.filename_part, "wayfindingscoring");
}

TEST(PluginRegistry, AnUnknownPluginIsReportedOncePerFilenameWithItsPlace) {
  const std::string text = testing::world_sdf(
      testing::simple_model(R"(<plugin filename="libmy_sonar.so" name="sonar"/>)", "a") +
          testing::simple_model(R"(<plugin filename="libmy_sonar.so" name="sonar"/>)", "b"),
      R"(<plugin filename="gz-sim-physics-system" name="gz::sim::systems::Physics"/>)");
  Diagnostics d;
  load_world_string(text, "unknown.sdf", d);
  ASSERT_EQ(d.warnings().size(), 2u);
  EXPECT_NE(d.warnings()[0].message.find("world plugin 'gz-sim-physics-system'"),
            std::string::npos);
  EXPECT_NE(d.warnings()[1].message.find("model plugin 'libmy_sonar.so'"), std::string::npos);
  EXPECT_EQ(d.warnings()[1].where.line, testing::line_of(text, "libmy_sonar.so"));
}

}  // namespace
}  // namespace leeway::sdfio
