// OGRE material scripts' colours (formats/ogre_material.h): VRX's buoy script as its Fuel model
// ships it, the forms the grammar allows, and scripts that cannot be read, named at their line.
#include "leeway/formats/ogre_material.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace leeway {
namespace {

void expect_color(const OgreMaterials& m, const std::string& name, Rgba expected) {
  const auto it = m.colors.find(name);
  ASSERT_NE(it, m.colors.end()) << name;
  EXPECT_EQ(it->second.r, expected.r) << name;
  EXPECT_EQ(it->second.g, expected.g) << name;
  EXPECT_EQ(it->second.b, expected.b) << name;
  EXPECT_EQ(it->second.a, expected.a) << name;
}

TEST(OgreMaterial, VrxsBuoyScriptGivesItsDiffuseColour) {
  // mb_marker_buoy_red/materials/scripts/mb_marker_buoy.material, byte for byte but the name.
  const char* script = R"(material mb_marker_buoy/Red
{
  technique
  {
    pass ambient
    {
      ambient 0.7921 0.0039 0.0274
      diffuse 0.7921 0.0039 0.0274
      specular 0.7921 0.0039 0.0274 1 1
    }
  }
}
)";
  OgreMaterials m;
  parse_ogre_materials(script, "mb_marker_buoy.material", m);
  EXPECT_TRUE(m.problems.empty());
  ASSERT_EQ(m.colors.size(), 1u);
  expect_color(m, "mb_marker_buoy/Red", {0.7921f, 0.0039f, 0.0274f, 1.0f});
}

TEST(OgreMaterial, TakesTheFirstDiffuseElseAmbientElseTheParents) {
  const char* script = R"(// several materials, braces on their keywords' lines
material "Base/Orange" {
  technique { pass { ambient 1 0.5 0 0.8 } }
}
material Child : Base/Orange { technique { pass { specular 1 1 1 1 20 } } }
material Two { technique {
  pass { diffuse 0 0 1   // the first pass's
  }
  pass { diffuse 1 0 0 }
} }
material Mesh { technique { pass { diffuse vertexcolour ambient 0.2 0.3 0.4 } } }
)";
  OgreMaterials m;
  parse_ogre_materials(script, "x.material", m);
  EXPECT_TRUE(m.problems.empty()) << m.problems.front();
  expect_color(m, "Base/Orange", {1.0f, 0.5f, 0.0f, 0.8f});
  expect_color(m, "Child", {1.0f, 0.5f, 0.0f, 0.8f});
  expect_color(m, "Two", {0.0f, 0.0f, 1.0f, 1.0f});
  expect_color(m, "Mesh", {0.2f, 0.3f, 0.4f, 1.0f});
}

TEST(OgreMaterial, WhatCannotBeReadIsNamedAtItsLine) {
  OgreMaterials m;
  parse_ogre_materials(
      "material A\n{\n  technique { pass {\n    diffuse 1.5 0 0\n} } }\n"
      "material B { pass { diffuse 0.1 0.2 } }\n"
      "material C { diffuse 0.5 0.5 0.5\n",
      "bad.material", m);
  EXPECT_TRUE(m.colors.empty());
  ASSERT_EQ(m.problems.size(), 3u);
  EXPECT_EQ(m.problems[0].rfind("bad.material:4: material 'A'", 0), 0u) << m.problems[0];
  EXPECT_NE(m.problems[0].find("in [0, 1]"), std::string::npos);
  EXPECT_EQ(m.problems[1].rfind("bad.material:6: material 'B': diffuse of 2 numbers", 0), 0u)
      << m.problems[1];
  EXPECT_EQ(m.problems[2], "bad.material:7: material 'C': its block is not closed");
}

TEST(OgreMaterial, AFolderIsEveryScriptInIt) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(::testing::TempDir()) / "ogre_material_folder";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "a.material") << "material A { technique { pass { diffuse 1 0 0 } } }\n";
  std::ofstream(dir / "b.material") << "material B : A { }\n";
  std::ofstream(dir / "notes.txt") << "material C { diffuse 0 1 0 }\n";
  const OgreMaterials m = read_ogre_materials(dir.string());
  EXPECT_TRUE(m.problems.empty());
  expect_color(m, "A", {1.0f, 0.0f, 0.0f, 1.0f});
  expect_color(m, "B", {1.0f, 0.0f, 0.0f, 1.0f});  // its parent, read from the file before
  EXPECT_EQ(m.colors.count("C"), 0u);
  const OgreMaterials missing = read_ogre_materials((dir / "none.material").string());
  ASSERT_EQ(missing.problems.size(), 1u);
  EXPECT_NE(missing.problems[0].find("none.material: cannot be read"), std::string::npos);
  fs::remove_all(dir);
}

TEST(OgreMaterial, ATexturesImageIsFoundBesideTheScriptElseInTheTexturesFolder) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::temp_directory_path() / "leeway_tests" / "ogre_textures";
  fs::remove_all(folder);
  fs::create_directories(folder / "scripts");
  fs::create_directories(folder / "textures");
  std::ofstream(folder / "textures" / "boat.png") << "";
  std::ofstream(folder / "scripts" / "here.png") << "";
  const std::string file = (folder / "scripts" / "boat.material").string();
  OgreMaterials m;
  parse_ogre_materials(R"(material Boat { technique { pass {
    texture_unit { texture boat.png }
    texture_unit { texture second.png }
  } } }
material Boat/Child : Boat { technique { pass { diffuse 1 0 0 } } }
material Here { technique { pass { texture_unit { texture here.png } } } }
material Tag { technique { pass { texture_unit { texture ../textures/fiducials/tag.png } } } }
material Plain { technique { pass { cubic_texture sky.jpg combinedUVW } } }
)",
                       file, m);
  EXPECT_TRUE(m.problems.empty());
  EXPECT_EQ(m.textures.at("Boat"), (folder / "textures" / "boat.png").string());
  EXPECT_EQ(m.textures.at("Boat/Child"), (folder / "textures" / "boat.png").string());
  EXPECT_EQ(m.textures.at("Here"), (folder / "scripts" / "here.png").string());
  // Found nowhere: beside the script, where its reader will say it is missing.
  EXPECT_EQ(m.textures.at("Tag"), (folder / "textures" / "fiducials" / "tag.png").string());
  EXPECT_EQ(m.textures.count("Plain"), 0u);
  expect_color(m, "Boat/Child", {1.0f, 0.0f, 0.0f, 1.0f});
  fs::remove_all(folder);
}

}  // namespace
}  // namespace leeway
