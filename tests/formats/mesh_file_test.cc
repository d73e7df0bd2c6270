// Mesh files read as Gazebo reads them (formats/mesh_file.h): a Collada file's unit scales it and
// its up axis does not turn it; a file's materials keep their colours, part by part, for drawing.
#include "leeway/formats/mesh_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "mesh_files.h"
#include "temp_file.h"

namespace leeway {
namespace {

/// A Collada file holding one triangle, (0 0 0) (1 0 0) (0 0 2), in units of `meter` metres.
std::string collada(const char* up_axis, const char* meter) {
  return std::string(R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit meter=")") +
         meter + R"(" name="unit"/><up_axis>)" + up_axis + R"(</up_axis></asset>
  <library_geometries>
    <geometry id="tri" name="tri"><mesh>
      <source id="tri-pos"><float_array id="tri-pos-array" count="9">0 0 0 1 0 0 0 0 2</float_array>
        <technique_common><accessor source="#tri-pos-array" count="3" stride="3">
          <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
        </accessor></technique_common></source>
      <vertices id="tri-vtx"><input semantic="POSITION" source="#tri-pos"/></vertices>
      <triangles count="1"><input semantic="VERTEX" source="#tri-vtx" offset="0"/><p>0 1 2</p></triangles>
    </mesh></geometry>
  </library_geometries>
  <library_visual_scenes><visual_scene id="scene"><node id="n">
    <instance_geometry url="#tri"/></node></visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
)";
}

TEST(MeshFile, AColladaFileIsScaledByItsUnitAndNotTurnedByItsUpAxis) {
  // As Gazebo draws it: the triangle stands in the file's xz plane, 1 m tall at 0.5 m a unit,
  // whichever axis the file says is up (assimp alone would lay a Z_UP file on its side).
  for (const char* up : {"Z_UP", "Y_UP"}) {
    const MeshFile mesh =
        read_mesh_file(testing::write_temp(std::string("tri_") + up + ".dae", collada(up, "0.5")));
    ASSERT_EQ(mesh.vertices.size(), 3u) << up;
    EXPECT_LT((mesh.vertices[1] - Vec3(0.5, 0, 0)).norm(), 1e-6) << up;
    EXPECT_LT((mesh.vertices[2] - Vec3(0, 0, 1)).norm(), 1e-6) << up;
  }
}

TEST(MeshFile, PartsKeepEachMaterialsColour) {
  VisualMesh mesh;
  mesh.path = testing::write_two_part_obj("parts");
  mesh.scale = Vec3(2, 1, 1);
  const std::vector<MeshPart> parts = read_mesh_parts(mesh);
  ASSERT_EQ(parts.size(), 2u);
  const MeshPart& red = parts[0].faces.size() == 1 ? parts[0] : parts[1];
  const MeshPart& blue = &red == &parts[0] ? parts[1] : parts[0];
  EXPECT_EQ(red.faces.size(), 1u);
  EXPECT_EQ(blue.faces.size(), 2u);
  EXPECT_FLOAT_EQ(red.color.r, 1.0f);
  EXPECT_FLOAT_EQ(red.color.b, 0.0f);
  EXPECT_FLOAT_EQ(red.color.a, 0.5f);
  EXPECT_FLOAT_EQ(blue.color.b, 1.0f);
  EXPECT_FLOAT_EQ(blue.color.a, 1.0f);
  // Scaled along x: the plate spans x in [4, 6].
  double x_max = 0;
  for (const Vec3& v : blue.vertices)
    x_max = std::max(x_max, v.x());
  EXPECT_DOUBLE_EQ(x_max, 6.0);
}

TEST(MeshFile, ASubmeshIsTakenAloneAndCentredWhenAsked) {
  VisualMesh mesh;
  mesh.path = testing::write_two_part_obj("parts");
  mesh.submesh = "plate";
  mesh.center_submesh = true;
  const std::vector<MeshPart> parts = read_mesh_parts(mesh);
  ASSERT_EQ(parts.size(), 1u);
  Eigen::AlignedBox3d box;
  for (const Vec3& v : parts[0].vertices)
    box.extend(v);
  EXPECT_LT(box.center().norm(), 1e-9);
  EXPECT_LT((box.sizes() - Vec3(1, 1, 0)).norm(), 1e-9);

  mesh.submesh = "mast";
  try {
    read_mesh_parts(mesh);
    ADD_FAILURE() << "a submesh the file lacks was taken";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("no mesh called 'mast'"), std::string::npos) << what;
    EXPECT_NE(what.find("plate"), std::string::npos) << what;
  }
}

TEST(MeshFile, APartKeepsItsMaterialsTextureAndEachVertexsCoordinatesWithVDownwards) {
  // An OBJ's `vt` has v upwards (OpenGL's); Leeway's texture coordinates have it downwards, as
  // gz-common's. map_Kd is resolved against the OBJ's folder.
  testing::write_temp("textured.mtl",
                      "newmtl painted\nKd 1 1 1\nmap_Kd pictures/hull.png\n"
                      "newmtl plain\nKd 0 0 1\n");
  const std::string path = testing::write_temp("textured.obj", R"(mtllib textured.mtl
o face
v 0 0 0
v 1 0 0
v 1 1 0
vt 0 0
vt 1 0
vt 1 0.25
usemtl painted
f 1/1 2/2 3/3
o other
v 2 0 0
v 3 0 0
v 3 1 0
usemtl plain
f 4 5 6
)");
  VisualMesh mesh;
  mesh.path = path;
  const std::vector<MeshPart> parts = read_mesh_parts(mesh);
  ASSERT_EQ(parts.size(), 2u);
  const MeshPart& painted = parts[0].texture.empty() ? parts[1] : parts[0];
  const MeshPart& plain = parts[0].texture.empty() ? parts[0] : parts[1];
  EXPECT_EQ(painted.texture,
            (std::filesystem::path(path).parent_path() / "pictures" / "hull.png").string());
  EXPECT_TRUE(plain.texture.empty());
  ASSERT_EQ(painted.uv.size(), painted.vertices.size());
  for (std::size_t i = 0; i < painted.vertices.size(); ++i) {
    // The file's (x, y) were its coordinates but for the third vertex's v of 0.25.
    const Vec3& p = painted.vertices[i];
    const double v_up = p.y() == 1.0 ? 0.25 : p.y();
    EXPECT_FLOAT_EQ(painted.uv[i][0], static_cast<float>(p.x())) << i;
    EXPECT_FLOAT_EQ(painted.uv[i][1], static_cast<float>(1.0 - v_up)) << i;
  }
  // A mesh without coordinates has (0, 0) at every vertex.
  ASSERT_EQ(plain.uv.size(), plain.vertices.size());
  for (const TexCoord& uv : plain.uv) {
    EXPECT_EQ(uv[0], 0.0f);
    EXPECT_EQ(uv[1], 0.0f);
  }
}

}  // namespace
}  // namespace leeway
