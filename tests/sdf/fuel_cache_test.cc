// Models found as gz-sim finds them (sdf/resource_paths.h): Gazebo Fuel URLs from a local Fuel
// cache laid out as gz-fuel-tools writes it (version folders, lowercased owner and name, the
// cache-root variables in order), an include nested in an included model (which libsdformat 12
// would drop with a console line), and models spawned into a world as VRX's launch spawns its
// WAM-V.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "leeway/sdf/resource_paths.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

namespace fs = std::filesystem;
using sdfio::parse_fuel_url;
using testing::expect_mentions;
using testing::ScopedModelPaths;
using testing::world_sdf;

const std::string kUrl = "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Marker%20Buoy";

TEST(FuelUrl, IsTakenApartAsGzFuelToolsDoes) {
  const auto url = parse_fuel_url(kUrl);
  ASSERT_TRUE(url);
  EXPECT_EQ(url->host, "fuel.gazebosim.org");
  EXPECT_EQ(url->owner, "openrobotics");  // lowercased, as the cache stores it
  EXPECT_EQ(url->name, "marker buoy");
  EXPECT_EQ(url->version, 0);  // none: the highest cached
  EXPECT_EQ(url->file, "");
  const auto file = parse_fuel_url(
      "https://fuel.gazebosim.org:8080/1.0/openrobotics/models/post/4/files/meshes/post.dae");
  ASSERT_TRUE(file);
  EXPECT_EQ(file->host, "fuel.gazebosim.org%3A8080");
  EXPECT_EQ(file->version, 4);
  EXPECT_EQ(file->file, "meshes/post.dae");
  EXPECT_EQ(parse_fuel_url("https://fuel.gazebosim.org/1.0/openrobotics/models/post/tip")->version,
            0);
  EXPECT_FALSE(parse_fuel_url("model://post"));
  EXPECT_FALSE(parse_fuel_url("https://example.com/post.sdf"));
  EXPECT_FALSE(parse_fuel_url("https://fuel.gazebosim.org/1.0/openrobotics/worlds"));
}

/// A one-link model of `mass` kg, so a test can tell which copy was loaded.
void write_model(const fs::path& folder, double mass, const std::string& extra = "") {
  fs::create_directories(folder);
  std::ofstream(folder / "model.config")
      << "<?xml version=\"1.0\"?><model><name>m</name><sdf version=\"1.9\">model.sdf</sdf>"
         "</model>\n";
  std::ofstream(folder / "model.sdf") << "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\">\n"
                                      << "<model name=\"buoy\">\n"
                                      << "  <link name=\"base\"><inertial><mass>" << mass
                                      << "</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz>"
                                         "</inertia></inertial></link>\n"
                                      << extra << "</model>\n</sdf>\n";
}

class FuelCache : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / "leeway_tests" /
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(root_);
    const fs::path buoy =
        root_ / "cache" / "fuel.gazebosim.org" / "openrobotics" / "models" / "marker buoy";
    write_model(buoy / "1", 1.0);
    write_model(buoy / "3", 3.0);
    write_model(buoy / "12", 12.0);
    fs::create_directories(buoy / "20");  // no model.config: not a version gz-fuel-tools counts
    write_model(buoy / "tip", 99.0);      // parses as version 0: never chosen
  }
  double mass_of(const std::string& uri) {
    Diagnostics d;
    const std::string world = testing::write_temp(
        "fuel_world.sdf", world_sdf("<include><uri>" + uri + "</uri></include>"));
    const Model m = load_world_file(world, d);
    EXPECT_EQ(m.bodies.size(), 1u);
    return m.bodies.empty() ? 0.0 : m.bodies[0].mass;
  }
  fs::path root_;
};

TEST_F(FuelCache, AUrlTakesTheVersionItNamesOrTheHighestCached) {
  const ScopedModelPaths paths({{"GZ_FUEL_CACHE_PATH", (root_ / "cache").string()}});
  EXPECT_EQ(mass_of(kUrl), 12.0);  // 12 > 3 > 1 as integers; 20 has no model.config
  EXPECT_EQ(mass_of(kUrl + "/tip"), 12.0);
  EXPECT_EQ(mass_of(kUrl + "/3"), 3.0);
  EXPECT_EQ(mass_of("https://fuel.gazebosim.org/1.0/openrobotics/models/marker buoy/1"), 1.0);
}

TEST_F(FuelCache, EachCacheRootIsSearchedInGzFuelToolsOrder) {
  const fs::path other = root_ / "other";
  write_model(other / "fuel.gazebosim.org" / "openrobotics" / "models" / "marker buoy" / "1", 5.0);
  {  // GZ_FUEL_CACHE_PATH before IGN_FUEL_CACHE_PATH
    const ScopedModelPaths paths({{"GZ_FUEL_CACHE_PATH", other.string()},
                                  {"IGN_FUEL_CACHE_PATH", (root_ / "cache").string()}});
    EXPECT_EQ(mass_of(kUrl), 5.0);
  }
  {
    const ScopedModelPaths paths({{"IGN_FUEL_CACHE_PATH", (root_ / "cache").string()}});
    EXPECT_EQ(mass_of(kUrl), 12.0);
  }
  // The defaults: ~/.gz/fuel (Garden and later), then ~/.ignition/fuel (Fortress).
  fs::create_directories(root_ / "home" / ".ignition");
  fs::rename(root_ / "cache", root_ / "home" / ".ignition" / "fuel");
  {
    const ScopedModelPaths paths({{"HOME", (root_ / "home").string()}});
    EXPECT_EQ(mass_of(kUrl), 12.0);
  }
  fs::create_directories(root_ / "home" / ".gz");
  fs::rename(other, root_ / "home" / ".gz" / "fuel");
  {
    const ScopedModelPaths paths({{"HOME", (root_ / "home").string()}});
    EXPECT_EQ(mass_of(kUrl), 5.0);
  }
}

TEST_F(FuelCache, ACachedModelsSiblingIncludeIsFoundWithAWarning) {
  // VRX's ground_station, from the cache, includes model://tent, which only the cache holds.
  const fs::path models = root_ / "cache" / "fuel.gazebosim.org" / "openrobotics" / "models";
  write_model(models / "tent" / "2", 7.0);
  write_model(models / "station" / "1", 2.0,
              "<include><uri>model://tent</uri><name>tent</name></include>\n");
  const ScopedModelPaths paths({{"GZ_FUEL_CACHE_PATH", (root_ / "cache").string()}});
  Diagnostics d;
  const std::string world = testing::write_temp(
      "station_world.sdf",
      world_sdf("<include><uri>https://fuel.gazebosim.org/1.0/openrobotics/models/station</uri>"
                "</include>"));
  // It loads (a tent found nowhere is an error, as the next test shows); the tent is a nested
  // model, which the station's body leaves out with a warning of its own.
  EXPECT_NO_THROW(load_world_file(world, d));
  ASSERT_GE(d.warnings().size(), 1u);
  expect_mentions(d.warnings()[0].str(), {"model://tent", "Fuel cache", "gz-sim would not"});
}

TEST_F(FuelCache, AMissingIncludeInsideAnIncludedModelIsAnErrorNotADrop) {
  // libsdformat 12 prints this one to the console and loads the station without its tent.
  const fs::path station =
      root_ / "cache" / "fuel.gazebosim.org" / "openrobotics" / "models" / "station" / "1";
  write_model(station, 2.0, "<include>\n<uri>model://tent</uri></include>\n");
  const ScopedModelPaths paths({{"GZ_FUEL_CACHE_PATH", (root_ / "cache").string()}});
  const std::string message = testing::load_error(
      "station_world.sdf",
      world_sdf("<include><uri>https://fuel.gazebosim.org/1.0/openrobotics/models/station</uri>"
                "</include>"));
  expect_mentions(message, {(station / "model.sdf").string() + ":6", "no model folder 'tent'",
                            "model://tent", (root_ / "cache").string()});
}

TEST_F(FuelCache, AFileUriIsAPathOrSearchedOnTheResourcePathsAsGzSimDoes) {
  write_model(root_ / "models" / "wing", 4.0);
  const ScopedModelPaths paths({{"GZ_SIM_RESOURCE_PATH", (root_ / "models").string()}});
  EXPECT_EQ(mass_of("file://wing"), 4.0);
  EXPECT_EQ(mass_of("file://" + (root_ / "models" / "wing").string()), 4.0);
  // Missing, it is the error even when a plugin names a link of it (gz-sim's lift-drag rig).
  const std::string message = testing::load_error(
      "rig.sdf", world_sdf(testing::simple_model(
                     "<include><uri>file://nowhere</uri></include>"
                     "<plugin filename=\"gz-sim-lift-drag-system\" "
                     "name=\"gz::sim::systems::LiftDrag\"><link_name>nowhere::base_link"
                     "</link_name><area>1</area></plugin>",
                     "rig")));
  expect_mentions(message, {"file://nowhere", (root_ / "models").string()});
}

TEST_F(FuelCache, AModelSpawnedIntoAWorldIsPlacedAndNamedAsAsked) {
  const ScopedModelPaths paths({{"GZ_FUEL_CACHE_PATH", (root_ / "cache").string()}});
  const std::string world =
      testing::write_temp("spawn_world.sdf", world_sdf(testing::simple_model("", "dock")));
  Diagnostics d;
  const Spawn buoy{kUrl + "/3", "marker", {-532.0, 162.0, 0.5, 0.0, 0.0, 1.0}};
  const Model m = load_world_file(world, d, 0, {buoy});
  ASSERT_EQ(m.bodies.size(), 2u);
  const BodyModel& b = m.bodies[1];  // after the world's own
  EXPECT_EQ(b.model_name, "marker");
  EXPECT_EQ(b.mass, 3.0);
  EXPECT_LT((b.p_WB0 - Vec3(-532.0, 162.0, 0.5)).norm(), 1e-12);
  EXPECT_NEAR(b.q_WB0.angularDistance(Quat(Eigen::AngleAxisd(1.0, Vec3::UnitZ()))), 0.0, 1e-12);

  for (const auto& [spawn, expected] : std::vector<std::pair<Spawn, std::string>>{
           {{kUrl, "dock", {}}, "already holds a model named 'dock'"},
           {{"model://nowhere", "x", {}}, "no model folder 'nowhere'"}}) {
    try {
      load_world_file(world, d, 0, {spawn});
      ADD_FAILURE() << spawn.uri << " spawned";
    } catch (const LoadError& e) {
      expect_mentions(e.what(), {"--spawn", expected});
    }
  }
}

}  // namespace
}  // namespace leeway
