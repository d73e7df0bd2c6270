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

/// read_mesh_file's error for `path`, or "" if it read.
std::string mesh_error(const std::string& path) {
  try {
    read_mesh_file(path);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(MeshFile, APlyWhoseHeaderClaimsMoreThanTheFileHoldsIsRefusedBeforeItIsRead) {
  // 1e9 vertices of 12 bytes in a file of some 200 bytes: assimp would reserve 11.8 GB.
  const std::string header =
      "ply\nformat binary_little_endian 1.0\nelement vertex 1000000000\nproperty float x\n"
      "property float y\nproperty float z\nelement face 1\nproperty list uchar int "
      "vertex_indices\nend_header\n";
  const std::string message = mesh_error(testing::write_temp("liar.ply", header + "abcd"));
  EXPECT_NE(message.find("1000000000 vertex, 1 face"), std::string::npos) << message;
  EXPECT_NE(message.find("at least 12000000001 bytes"), std::string::npos)
      << message;  // + 1 for the face's count
  EXPECT_NE(message.find("holds 4 after its header"), std::string::npos) << message;
  // In ASCII, two characters a property at least: 3 vertices of 3 and a face need 22.
  const std::string ascii =
      "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
      "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n";
  EXPECT_NE(mesh_error(testing::write_temp("cut.ply", ascii + "0 0 0\n1 0 0\n"))
                .find("at least 20 bytes"),
            std::string::npos);
  // The same header with its body whole reads: one triangle.
  const std::string whole =
      testing::write_temp("whole.ply", ascii + "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
  EXPECT_EQ(mesh_error(whole), "");
  EXPECT_EQ(read_mesh_file(whole).faces.size(), 1u);
  // A folder is not a mesh.
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / "leeway_tests" / "a_folder.stl";
  std::filesystem::create_directories(folder);
  EXPECT_NE(mesh_error(folder.string()).find("it is a folder"), std::string::npos);
}

}  // namespace
}  // namespace leeway
