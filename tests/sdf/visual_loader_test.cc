// A model's <visual>s (sdf/visual_loader.h) reach the Model posed in its body frame (a static
// model's in W), with the geometry, colour and opacity the SDF gives; what cannot be drawn is
// said and left out, and a colour out of range is an error at its line.
#include "leeway/sdf/visual_loader.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "leeway/sdf/load_world.h"
#include "sdf/sdf_test_util.h"
#include "temp_file.h"

namespace leeway {
namespace {

using testing::expect_mentions;
using testing::line_of;
using testing::world_sdf;

/// A boat whose canonical link sits 1 m above its model frame, with a second link 2 m ahead;
/// and a static pier. `boat_visuals` go on the second link.
std::string boat_world(const std::string& boat_visuals) {
  constexpr const char* kInertial = R"(<inertial><mass>10</mass><inertia><ixx>1</ixx><iyy>1</iyy>
      <izz>1</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia></inertial>)";
  return world_sdf(std::string(R"(<model name="boat"><pose>5 0 0 0 0 0</pose>
  <link name="hull"><pose>0 0 1 0 0 0</pose>)") +
                   kInertial + R"(</link>
  <link name="mast"><pose>2 0 0 0 0 0</pose>)" +
                   kInertial + boat_visuals + R"(</link>
  <joint name="fixed" type="fixed"><parent>hull</parent><child>mast</child></joint>
</model>
<model name="pier"><static>true</static><pose>0 10 0 0 0 1.5707963267948966</pose>
  <link name="deck"><visual name="planks"><pose>1 0 0 0 0 0</pose>
    <geometry><plane><normal>0 0 1</normal><size>4 2</size></plane></geometry>
  </visual></link>
</model>)");
}

TEST(VisualLoader, VisualsArePosedInTheirBodyFrameWithTheirColours) {
  const std::string obj =
      testing::write_temp("visual_flag.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
  const std::string path = testing::write_temp("visuals.sdf", boat_world(R"(
    <visual name="box"><pose>0 0 0.5 0 0 0</pose><transparency>0.25</transparency>
      <geometry><box><size>1 2 3</size></box></geometry>
      <material><ambient>0 0 1 1</ambient><diffuse>1 0.5 0 1</diffuse></material></visual>
    <visual name="flag"><geometry><mesh><uri>visual_flag.obj</uri><scale>2 2 2</scale>
      <submesh><name>flag</name><center>true</center></submesh></mesh></geometry>
      <material><script><uri>file://media/materials/scripts/gazebo.material</uri>
        <name>Gazebo/Orange</name></script></material></visual>
    <visual name="ball"><geometry><sphere><radius>0.2</radius></sphere></geometry></visual>)"));
  Diagnostics d;
  const Model m = load_world_file(path, d);
  ASSERT_EQ(m.visuals.size(), 4u);

  // B is the hull link's frame, 1 m above the model frame; the mast link is 2 m ahead of the
  // model frame, so 2 m ahead of B and 1 m below it.
  const Visual& box = m.visuals[0];
  EXPECT_EQ(box.model_name, "boat");
  EXPECT_EQ(box.name, "mast::box");
  EXPECT_EQ(box.body, 0);
  EXPECT_LT((box.X_BV.translation() - Vec3(2, 0, -0.5)).norm(), 1e-12);
  EXPECT_LT(
      (std::get<Box>(std::get<ConvexShape>(box.geometry)).half_size - Vec3(0.5, 1, 1.5)).norm(),
      1e-12);
  ASSERT_TRUE(box.color);  // <diffuse> over <ambient>
  EXPECT_FLOAT_EQ(box.color->g, 0.5f);
  EXPECT_FLOAT_EQ(box.opacity, 0.75f);

  const Visual& flag = m.visuals[1];
  const auto& mesh = std::get<VisualMesh>(flag.geometry);
  EXPECT_TRUE(std::filesystem::equivalent(mesh.path, obj)) << mesh.path;
  EXPECT_EQ(mesh.scale, Vec3(2, 2, 2));
  EXPECT_EQ(mesh.submesh, "flag");
  EXPECT_TRUE(mesh.center_submesh);
  ASSERT_TRUE(flag.color);  // gz-sim's Gazebo/Orange
  EXPECT_FLOAT_EQ(flag.color->r, 1.0f);
  EXPECT_FLOAT_EQ(flag.color->g, 0.5088f);

  EXPECT_FALSE(m.visuals[2].color);  // grey, whoever draws it

  // The pier's plane, in W: its model turned a quarter about z, so 1 m along the link's x is
  // 1 m along W's y.
  const Visual& planks = m.visuals[3];
  EXPECT_EQ(planks.body, -1);
  EXPECT_LT((planks.X_BV.translation() - Vec3(0, 11, 0)).norm(), 1e-12);
  const auto& plane = std::get<VisualPlane>(planks.geometry);
  EXPECT_EQ(plane.size_x, 4.0);
  EXPECT_EQ(plane.size_y, 2.0);
  EXPECT_TRUE(d.warnings().empty());
}

TEST(VisualLoader, APlaneVisualFacesItsNormal) {
  const Model m = testing::load(world_sdf(R"(<model name="wall"><static>true</static>
    <link name="l"><visual name="v"><geometry><plane><normal>1 0 0</normal><size>3 3</size>
    </plane></geometry></visual></link></model>)"));
  ASSERT_EQ(m.visuals.size(), 1u);
  EXPECT_LT((m.visuals[0].X_BV.linear() * Vec3::UnitZ() - Vec3::UnitX()).norm(), 1e-12);
}

TEST(VisualLoader, TheWorldsOwnWaterIsLeftToLeewaysSea) {
  // VRX's coast_waves and UUV Simulator's ocean_box, in short; the buoy beside them is drawn.
  Diagnostics d;
  const Model m = load_world_string(world_sdf(R"(<model name="waves"><static>true</static>
    <link name="link"><visual name="wave_visual"><geometry><box><size>1 1 1</size></box></geometry>
      <plugin filename="libWaveVisual.so" name="vrx::WaveVisual"/></visual></link></model>
  <model name="ocean_box"><static>true</static><link name="link"><visual name="surface">
    <geometry><plane><size>100 100</size></plane></geometry><material><script>
    <uri>file://Media/materials/scripts/water.material</uri><name>UUVSimulator/StaticWater</name>
    </script></material></visual></link></model>
  <model name="buoy"><static>true</static><link name="link"><visual name="v">
    <geometry><sphere><radius>0.5</radius></sphere></geometry></visual></link></model>)"),
                                    "water.sdf", d);
  ASSERT_EQ(m.visuals.size(), 1u);
  EXPECT_EQ(m.visuals[0].model_name, "buoy");
  EXPECT_TRUE(d.warnings().empty());
}

TEST(VisualLoader, AFuelModelsFileUriIsFoundInItsOwnFolder) {
  // A Fuel model, cached as antenna/1/, names its mesh file://antenna/meshes/antenna.obj.
  namespace fs = std::filesystem;
  const fs::path folder = fs::temp_directory_path() / "leeway_tests" / "fuelish" / "antenna" / "1";
  fs::create_directories(folder / "meshes");
  std::ofstream(folder / "meshes" / "antenna.obj") << "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
  std::ofstream(folder / "world.sdf") << world_sdf(R"(<model name="antenna"><static>true</static>
    <link name="l"><visual name="v"><geometry><mesh><uri>file://antenna/meshes/antenna.obj</uri>
    </mesh></geometry></visual></link></model>)");
  Diagnostics d;
  const Model m = load_world_file((folder / "world.sdf").string(), d);
  ASSERT_EQ(m.visuals.size(), 1u);
  EXPECT_TRUE(fs::equivalent(std::get<VisualMesh>(m.visuals[0].geometry).path,
                             folder / "meshes" / "antenna.obj"));
}

TEST(VisualLoader, AnOgreScriptsMaterialGivesItsColour) {
  // As VRX's Fuel buoys name theirs (gz-sim's MaterialParser reads them): a script file by
  // model:// or beside the SDF, or a folder of scripts; a name in none of them is said once.
  namespace fs = std::filesystem;
  const fs::path folder = fs::temp_directory_path() / "leeway_tests" / "ogre_scripts";
  fs::remove_all(folder);
  fs::create_directories(folder / "scripts");
  std::ofstream(folder / "scripts" / "buoy.material")
      << "material buoy/Red\n{\n  technique\n  {\n    pass\n    {\n"
         "      ambient 0.7921 0.0039 0.0274\n      diffuse 0.7921 0.0039 0.0274\n    }\n  }\n}\n";
  std::ofstream(folder / "scripts" / "more.material")
      << "material buoy/Green : buoy/Red { technique { pass { diffuse 0 0.5 0 } } }\n";
  const std::string text = world_sdf(R"(<model name="buoys"><static>true</static><link name="l">
    <visual name="red"><geometry><sphere><radius>1</radius></sphere></geometry>
      <material><script><uri>scripts/buoy.material</uri><name>buoy/Red</name></script>
      </material></visual>
    <visual name="green"><geometry><sphere><radius>1</radius></sphere></geometry>
      <material><script><uri>file://media/materials/scripts/gazebo.material</uri>
        <uri>scripts</uri><name>buoy/Green</name></script></material></visual>
    <visual name="blue"><geometry><sphere><radius>1</radius></sphere></geometry>
      <material><script><uri>scripts</uri><name>buoy/Blue</name></script></material></visual>
    </link></model>)");
  std::ofstream(folder / "buoys.sdf") << text;
  Diagnostics d;
  const Model m = load_world_file((folder / "buoys.sdf").string(), d);
  ASSERT_EQ(m.visuals.size(), 3u);
  ASSERT_TRUE(m.visuals[0].color);
  EXPECT_FLOAT_EQ(m.visuals[0].color->r, 0.7921f);
  EXPECT_FLOAT_EQ(m.visuals[0].color->g, 0.0039f);
  EXPECT_FLOAT_EQ(m.visuals[0].color->b, 0.0274f);
  ASSERT_TRUE(m.visuals[1].color);
  EXPECT_FLOAT_EQ(m.visuals[1].color->g, 0.5f);
  EXPECT_FALSE(m.visuals[2].color);
  // gz-sim's own media, which Leeway does not have, and buoy/Blue, found in no script.
  ASSERT_EQ(d.warnings().size(), 2u);
  expect_mentions(d.warnings()[0].str(),
                  {"buoys.sdf:" + std::to_string(line_of(text, "gazebo.material")),
                   "material script is not read", "media/materials/scripts/gazebo.material"});
  expect_mentions(d.warnings()[1].str(), {"buoys.sdf:", "material 'buoy/Blue' has no colour in",
                                          (folder / "scripts").string()});
  fs::remove_all(folder);
}

TEST(VisualLoader, ATextureComesFromThePbrAlbedoMapElseTheScript) {
  // UUV Simulator's ArUco markers name their image in a script's texture_unit (found in the
  // textures folder beside the scripts); VRX's WAM-V in <pbr><metal><albedo_map>, which comes
  // before a script's; with a <diffuse> the script is not read, as before textures.
  namespace fs = std::filesystem;
  const fs::path folder = fs::temp_directory_path() / "leeway_tests" / "texture_routes";
  fs::remove_all(folder);
  fs::create_directories(folder / "materials" / "scripts");
  fs::create_directories(folder / "materials" / "textures");
  for (const char* image : {"aruco_1.png", "hull.png"})
    std::ofstream(folder / "materials" / "textures" / image) << "";  // never decoded here
  std::ofstream(folder / "materials" / "scripts" / "tags.material")
      << "material Aruco/Tag1\n{ technique { pass {\n  diffuse 1 1 1 1\n"
         "  texture_unit\n  {\n    texture aruco_1.png\n    filtering bilinear\n  }\n} } }\n";
  const std::string text = world_sdf(R"(<model name="tags"><static>true</static><link name="l">
    <visual name="script"><geometry><box><size>0.14 0.14 0.001</size></box></geometry>
      <material><script><uri>materials/scripts</uri><name>Aruco/Tag1</name></script>
      </material></visual>
    <visual name="albedo"><geometry><box><size>1 1 1</size></box></geometry>
      <material><script><uri>materials/scripts</uri><name>Aruco/Tag1</name></script>
      <pbr><metal><albedo_map>materials/textures/hull.png</albedo_map></metal></pbr>
      </material></visual>
    <visual name="diffuse"><geometry><box><size>1 1 1</size></box></geometry>
      <material><diffuse>0 1 0 1</diffuse>
        <script><uri>materials/scripts</uri><name>Aruco/Tag1</name></script></material>
    </visual>
    <visual name="lost"><geometry><box><size>1 1 1</size></box></geometry>
      <material><pbr><metal><albedo_map>model://nowhere/a.png</albedo_map></metal></pbr>
      </material></visual>
    </link></model>)");
  std::ofstream(folder / "tags.sdf") << text;
  Diagnostics d;
  const Model m = load_world_file((folder / "tags.sdf").string(), d);
  ASSERT_EQ(m.visuals.size(), 4u);
  EXPECT_EQ(m.visuals[0].texture, (folder / "materials" / "textures" / "aruco_1.png").string());
  ASSERT_TRUE(m.visuals[0].color);
  EXPECT_FLOAT_EQ(m.visuals[0].color->g, 1.0f);
  EXPECT_EQ(m.visuals[1].texture, (folder / "materials" / "textures" / "hull.png").string());
  EXPECT_EQ(m.visuals[1].texture_where.line, line_of(text, "hull.png"));
  EXPECT_TRUE(m.visuals[2].texture.empty());
  EXPECT_TRUE(m.visuals[3].texture.empty());
  ASSERT_EQ(d.warnings().size(), 1u);
  expect_mentions(d.warnings()[0].str(),
                  {"tags.sdf:" + std::to_string(line_of(text, "model://nowhere/a.png")),
                   "albedo map is not drawn", "model://nowhere/a.png"});
  fs::remove_all(folder);
}

TEST(VisualLoader, AMeshFoundNowhereIsSaidAndLeftOut) {
  const std::string text = boat_world(R"(
    <visual name="hull_mesh"><geometry><mesh><uri>model://nowhere/hull.dae</uri></mesh>
    </geometry></visual>)");
  const std::string path = testing::write_temp("visual_missing.sdf", text);
  Diagnostics d;
  const Model m = load_world_file(path, d);
  EXPECT_EQ(m.visuals.size(), 1u);  // the pier's plane
  ASSERT_EQ(d.warnings().size(), 1u);
  const std::string w = d.warnings()[0].str();
  expect_mentions(w, {"visual_missing.sdf:" + std::to_string(line_of(text, "model://nowhere")),
                      "boat::mast::hull_mesh", "is not drawn", "model://nowhere/hull.dae"});
}

TEST(VisualLoader, AColourOutOfRangeIsAnErrorAtItsLine) {
  const std::string text = boat_world(R"(
    <visual name="v"><geometry><sphere><radius>1</radius></sphere></geometry>
      <material><diffuse>1.5 0 0 1</diffuse></material></visual>)");
  const std::string e = testing::load_error("visual_colour.sdf", text);
  // libsdformat refuses it first, at its line.
  expect_mentions(e,
                  {"visual_colour.sdf:" + std::to_string(line_of(text, "<diffuse>")), "<diffuse>"});
}

}  // namespace
}  // namespace leeway
