// Where a world's models come from: model:// URIs and bare names through the five path variables, a
// URDF with UUV Simulator's <gazebo> extensions through libsdformat (it must give the same
// vehicle, to 1e-9, as the SDF it mirrors), and clear errors for what cannot load: a Fuel URL
// (no network at run time), a model folder that is nowhere, a lone model given as a world, and
// a mistake in an <include>'s plugin placed in the file that holds it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <variant>

#include "leeway/sdf/read_budget.h"
#include "leeway/sdf/world_files.h"
#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::line_of;
using testing::load_error;
using testing::ScopedModelPaths;
using testing::write_temp;

const std::string kSource = LEEWAY_SOURCE_DIR;

/// A RexROV world at 20 m depth around `include_uri`, as a file in the tests' temporary folder.
std::string rexrov_world(const std::string& file_name, const std::string& include_uri) {
  return write_temp(file_name, R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="w">
    <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
    <gravity>0 0 -9.81</gravity>
    <plugin filename="leeway-environment" name="leeway::Environment">
      <fluid_density>1028</fluid_density>
    </plugin>
    <include><uri>)" + include_uri +
                                   R"(</uri><pose>0 0 -20 0 0 0.3</pose></include>
  </world>
</sdf>
)");
}

Model load_file(const std::string& path) {
  Diagnostics d;
  return load_world_file(path, d);
}

TEST(ModelSources, EachResourcePathVariableResolvesModelUrisAndBareNames) {
  // gz-sim also takes a bare folder name (VRX writes <uri>coast_waves</uri>).
  for (const char* uri : {"model://rexrov", "rexrov"}) {
    const std::string world = rexrov_world("resource_path.sdf", uri);
    for (const char* variable : {"LEEWAY_RESOURCE_PATH", "GZ_SIM_RESOURCE_PATH",
                                 "IGN_GAZEBO_RESOURCE_PATH", "SDF_PATH", "GAZEBO_MODEL_PATH"}) {
      const ScopedModelPaths scope({{variable, "/nonexistent:" + kSource + "/models"}});
      const Model m = load_file(world);
      ASSERT_EQ(m.bodies.size(), 1u) << variable << " " << uri;
      EXPECT_EQ(m.bodies[0].thrusters.size(), 8u) << variable << " " << uri;
    }
  }
}

TEST(ModelSources, UrdfWithUuvGazeboExtensionsIsTheSameVehicleAsItsSdf) {
  const ScopedModelPaths scope(
      {{"LEEWAY_RESOURCE_PATH", kSource + "/models:" + kSource + "/tests/data/urdf"}});
  const Model sdf = load_file(rexrov_world("rexrov_sdf.sdf", "model://rexrov"));
  const Model urdf = load_file(rexrov_world("rexrov_urdf.sdf", "model://rexrov_urdf"));
  ASSERT_EQ(urdf.bodies.size(), 1u);
  const BodyModel& a = sdf.bodies[0];
  const BodyModel& b = urdf.bodies[0];
  EXPECT_NEAR((a.M_RB - b.M_RB).norm(), 0.0, 1e-9 * a.M_RB.norm());
  EXPECT_NEAR((a.M_A - b.M_A).norm(), 0.0, 1e-9 * a.M_A.norm());
  const auto& ra = std::get<SubmergedRestoring>(a.restoring);
  const auto& rb = std::get<SubmergedRestoring>(b.restoring);
  EXPECT_NEAR((ra.f_buoyancy_W - rb.f_buoyancy_W).norm(), 0.0, 1e-9);
  EXPECT_NEAR((ra.p_BoBcb - rb.p_BoBcb).norm(), 0.0, 1e-12);
  ASSERT_EQ(b.thrusters.size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_NEAR((a.thrusters[i].p_BoP_B - b.thrusters[i].p_BoP_B).norm(), 0.0, 1e-9) << i;
    EXPECT_NEAR((a.thrusters[i].axis_B - b.thrusters[i].axis_B).norm(), 0.0, 1e-9) << i;
  }
  // Driven alike for 20 s (a turn, a climb and the Munk moment at work), they move alike.
  Inputs in;
  in.commands = {300.0, -300.0, 800.0, 800.0, 1200.0, 400.0, -900.0, -700.0};
  State sa = make_initial_state(sdf);
  State sb = make_initial_state(urdf);
  for (int k = 0; k < 2000; ++k) {
    ASSERT_TRUE(step(sdf, sa, in).ok);
    ASSERT_TRUE(step(urdf, sb, in).ok);
  }
  EXPECT_GT((sa.bodies[0].p_WB - a.p_WB0).norm(), 1.0);  // it did go somewhere
  EXPECT_NEAR((sa.bodies[0].p_WB - sb.bodies[0].p_WB).norm(), 0.0, 1e-9);
  EXPECT_NEAR((sa.bodies[0].V_WB_B - sb.bodies[0].V_WB_B).norm(), 0.0, 1e-9);
}

TEST(ModelSources, AFuelUrlSaysToDownloadTheModelAndWhereToPutIt) {
  const ScopedModelPaths scope(
      {{"LEEWAY_RESOURCE_PATH", "/opt/my_models"}, {"GZ_FUEL_CACHE_PATH", "/opt/my_fuel"}});
  const std::string url = "https://fuel.gazebosim.org/1.0/openrobotics/models/wam-v";
  const std::string text = R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="w">
    <include><uri>)" + url +
                           R"(</uri></include>
  </world>
</sdf>
)";
  const std::string message = load_error("fuel.sdf", text);
  expect_mentions(message, {"fuel.sdf:" + std::to_string(line_of(text, url)), url, "Fuel cache",
                            "never downloads", "gz fuel download -u " + url, "/opt/my_fuel",
                            "GZ_FUEL_CACHE_PATH"});
}

TEST(ModelSources, AMissingModelFolderNamesItAndWhereItWasSought) {
  const ScopedModelPaths scope({{"GZ_SIM_RESOURCE_PATH", "/opt/gz_models"}});
  const std::string text = R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="w">
    <include><uri>model://wamv_classic</uri></include>
  </world>
</sdf>
)";
  const std::string message = load_error("missing_model.sdf", text);
  expect_mentions(message, {"missing_model.sdf:" + std::to_string(line_of(text, "model://")),
                            "no model folder 'wamv_classic'", "/opt/gz_models", "model.config"});
}

TEST(ModelSources, AFileMissingFromAModelsFolderIsNamedAndTheFolderSaidFound) {
  // UUV Simulator's herkules_ship_wreck, as the corpus holds it: model.config and model.sdf, but
  // not the mesh its collision names. A sensor's rays meet the collision, so the world is
  // refused; the error names the file and the folder found, and its place once.
  std::filesystem::create_directories(std::filesystem::temp_directory_path() / "leeway_tests" /
                                      "shipless" / "wreck");
  write_temp("shipless/wreck/model.config",
             "<?xml version=\"1.0\"?>\n<model><name>wreck</name><sdf version=\"1.9\">model.sdf"
             "</sdf></model>\n");
  const std::string model_text = R"(<?xml version="1.0"?>
<sdf version="1.9">
  <model name="wreck"><static>true</static>
    <link name="link">
      <collision name="hull"><geometry><mesh>
        <uri>model://wreck/meshes/herkules.dae</uri></mesh></geometry></collision>
    </link>
  </model>
</sdf>
)";
  const std::string model_sdf = write_temp("shipless/wreck/model.sdf", model_text);
  const std::string folder =
      (std::filesystem::temp_directory_path() / "leeway_tests" / "shipless").string();
  const ScopedModelPaths scope({{"GAZEBO_MODEL_PATH", folder}});
  const std::string message = load_error("shipless.sdf", R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="w">
    <include><uri>model://wreck</uri></include>
    <model name="post"><static>true</static><pose>0 0 5 0 0 0</pose>
      <link name="link">
        <sensor name="scanner" type="gpu_lidar"><update_rate>5</update_rate>
          <lidar><scan><horizontal><samples>4</samples></horizontal></scan>
            <range><min>0.2</min><max>50</max></range></lidar></sensor>
      </link>
    </model>
  </world>
</sdf>
)");
  const std::string place = model_sdf + ":" + std::to_string(line_of(model_text, "<uri>")) + ":";
  expect_mentions(message, {place, "no file 'meshes/herkules.dae' in the folder '" + folder +
                                       "/wreck' of model 'wreck' (the model's folder was found; "
                                       "it does not hold the file)"});
  EXPECT_EQ(message.find(place), message.rfind(place)) << "the place twice: " << message;
  EXPECT_EQ(message.find("GZ_SIM_RESOURCE_PATH"), std::string::npos) << message;
}

TEST(ModelSources, ALoneModelIsNotAWorld) {
  for (const std::string file :
       {"/models/rexrov/model.sdf", "/tests/data/urdf/rexrov_urdf/model.urdf"}) {
    Diagnostics d;
    try {
      load_world_file(kSource + file, d);
      ADD_FAILURE() << file << " loaded as a world";
    } catch (const LoadError& e) {
      expect_mentions(e.what(), {"model 'rexrov', not a world", "<include>"});
    }
  }
}

TEST(ModelSources, AnErrorInAnIncludesPluginIsPlacedInTheIncludingFile) {
  // sdformat moves the plugin into the included model and labels it with the model's file;
  // the message must point at the world, where the mistake is, and at the right line.
  const ScopedModelPaths scope({{"LEEWAY_RESOURCE_PATH", kSource + "/models"}});
  const std::string text = R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="w">
    <include><uri>model://rexrov</uri>
      <plugin filename="leeway-rov-pilot" name="leeway::RovPilot">
        <linear_velocity><kp>10</kp></linear_velocity>
        <angular_velocity><kp>10</kp></angular_velocity>
        <inertia>added</inertia>
      </plugin>
    </include>
  </world>
</sdf>
)";
  expect_mentions(
      load_error("include_plugin.sdf", text),
      {"include_plugin.sdf:" + std::to_string(line_of(text, "<inertia>")), "got 'added'"});
}

TEST(ModelSources, AModelThatIncludesItselfOrAPairThatIncludeEachOtherIsACycleNamed) {
  // libsdformat 12 follows such includes without end (memory grows until the process dies).
  const auto model = [](const std::string& name, const std::string& includes) {
    write_temp("cycles/" + name + "/model.config",
               "<?xml version=\"1.0\"?>\n<model><name>" + name +
                   "</name><sdf version=\"1.9\">model.sdf</sdf></model>\n");
    write_temp("cycles/" + name + "/model.sdf",
               "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\">\n"
               "  <model name=\"" +
                   name +
                   "\">\n"
                   "    <link name=\"l\"/>\n" +
                   includes + "  </model>\n</sdf>\n");
  };
  for (const char* name : {"selfie", "ping", "pong", "leaf", "twice"})
    std::filesystem::create_directories(std::filesystem::temp_directory_path() / "leeway_tests" /
                                        "cycles" / name);
  const std::string folder =
      (std::filesystem::temp_directory_path() / "leeway_tests" / "cycles").string();
  model("selfie", "    <include><uri>model://selfie</uri><name>inner</name></include>\n");
  model("ping", "    <include><uri>model://pong</uri></include>\n");
  model("pong", "    <include><uri>model://ping</uri></include>\n");
  model("leaf", "");
  model("twice",
        "    <include><uri>model://leaf</uri><name>a</name></include>\n"
        "    <include><uri>model://leaf</uri><name>b</name></include>\n");
  const ScopedModelPaths scope({{"GZ_SIM_RESOURCE_PATH", folder}});
  const auto world = [](const std::string& uri) {
    return "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\">\n  <world name=\"w\">\n"
           "    <include><uri>" +
           uri + "</uri></include>\n  </world>\n</sdf>\n";
  };
  expect_mentions(load_error("self_include.sdf", world("model://selfie")),
                  {folder + "/selfie/model.sdf:5: <include>: 'model://selfie' closes a cycle of "
                            "includes",
                   "self_include.sdf (line 4) includes " + folder +
                       "/selfie/model.sdf (line 5) "
                       "includes " +
                       folder + "/selfie/model.sdf"});
  expect_mentions(load_error("mutual_include.sdf", world("model://ping")),
                  {folder + "/pong/model.sdf:5: <include>: 'model://ping' closes a cycle",
                   "/ping/model.sdf (line 5) includes " + folder +
                       "/pong/model.sdf (line 5) "
                       "includes " +
                       folder + "/ping/model.sdf"});
  // Text (a Python load) is followed as a file is: its includes resolve on the same paths.
  try {
    Diagnostics text;
    load_world_string(world("model://ping"), "python text", text);
    ADD_FAILURE() << "a cycle in text loaded";
  } catch (const LoadError& e) {
    expect_mentions(e.what(), {folder +
                               "/pong/model.sdf:5: <include>: 'model://ping' closes a "
                               "cycle of includes: python text (line 4) includes " +
                               folder + "/ping/model.sdf (line 5) includes "});
  }
  // A model included twice by another is no cycle: both copies load, from a file or from text.
  Diagnostics d;
  EXPECT_GE(load_world_string(world("model://twice"), "python text", d).bodies.size(), 1u);
  const std::string twice = write_temp("twice.sdf", world("model://twice"));
  const Model loaded = load_world_file(twice, d);
  EXPECT_GE(loaded.bodies.size(), 1u);
  // The models libsdformat reads, each include counted each time: twice, and leaf two times.
  Diagnostics ignored;
  EXPECT_EQ(
      sdfio::check_world_files(
          twice, sdfio::resource_paths_from_environment(std::filesystem::path(twice).parent_path()),
          ignored),
      3u);
}

// A world too large for the memory left is refused before libsdformat takes it.
TEST(ModelSources, AWorldThatCannotFitInMemoryIsRefusedBeforeItIsRead) {
  try {
    sdfio::check_read_budget("huge.sdf", 10000, 20e9);
    ADD_FAILURE() << "10,000 models in 20 GB";
  } catch (const LoadError& e) {
    expect_mentions(e.what(), {"huge.sdf: 10000 models (includes counted each time) would take "
                               "libsdformat about 23.0 GB to read (2.3 MB each), and this process "
                               "has 20.0 GB left"});
  }
  EXPECT_NO_THROW(sdfio::check_read_budget("small.sdf", 100, 20e9));
  const std::optional<double> room = sdfio::available_memory_bytes();
  ASSERT_TRUE(room);  // Linux's /proc/meminfo
  EXPECT_GT(*room, 1e8);
}

}  // namespace
}  // namespace leeway
