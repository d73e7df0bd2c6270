// Hull plugins in SDF: Leeway's hull mesh (files read through assimp and checked), and VRX's
// Surface strips.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <numbers>

#include "leeway/geometry/mesh_shapes.h"
#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"
#include "test_util.h"

namespace leeway {
namespace {

/// `mesh` as an OBJ file (faces 1-based), with `drop` faces left out and every face flipped if
/// `flip`.
std::string write_obj(const std::string& name, const HullMesh& mesh, std::size_t drop = 0,
                      bool flip = false) {
  std::string text;
  for (const Vec3& v : mesh.p_BoV)
    text += fmt::format("v {:.17g} {:.17g} {:.17g}\n", v.x(), v.y(), v.z());
  for (std::size_t i = drop; i < mesh.faces.size(); ++i) {
    const auto& f = mesh.faces[i];
    text += flip ? fmt::format("f {} {} {}\n", f[0] + 1, f[2] + 1, f[1] + 1)
                 : fmt::format("f {} {} {}\n", f[0] + 1, f[1] + 1, f[2] + 1);
  }
  return testing::write_temp(name, text);
}

/// A world file with a 2 t model whose hull plugin holds `inner`.
std::string hull_world(const std::string& name, const std::string& inner,
                       const std::string& filename = "leeway-hull",
                       const std::string& plugin_name = "leeway::Hull") {
  const std::string model = R"(<model name="barge"><pose>0 0 0.1 0 0 0</pose>
  <link name="base"><inertial><mass>2000</mass>
    <inertia><ixx>800</ixx><iyy>2800</iyy><izz>3300</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz>
    </inertia></inertial></link>
  <plugin filename=")" + filename +
                            R"(" name=")" + plugin_name + R"(">)" + inner + "</plugin></model>";
  return testing::write_temp(name, testing::world_sdf(model, "", "0 0 -9.81"));
}

TEST(HullPlugins, MeshFileLoadsIntoTheBody) {
  write_obj("hull_box.obj", box_mesh(Vec3(4, 2, 1), 2));
  Diagnostics d;
  const Model m = load_world_file(hull_world("hull_ok.sdf", R"(<mesh><uri>hull_box.obj</uri>
      <pose>0 0 0.2 0 0 0</pose></mesh><update_rate>50</update_rate>
      <windage><vrx>0.5 0.5 0.33</vrx></windage>)"),
                                  d);
  const BodyModel& b = m.bodies[0];
  ASSERT_TRUE(b.mesh_hydrostatics);
  EXPECT_NEAR(b.mesh_hydrostatics->mesh.volume, 8.0, 1e-12);
  EXPECT_NEAR(b.mesh_hydrostatics->mesh.p_BoCv.z(), 0.2, 1e-12);
  EXPECT_EQ(b.mesh_hydrostatics->mesh.faces.size(), 48u);
  EXPECT_NEAR(b.mesh_hydrostatics->update_period, 0.02, 1e-15);
  EXPECT_TRUE(std::holds_alternative<VrxWindage>(b.windage));
  // The restoring term is the weight alone; the mesh floats it: 2 t settles 0.244 m deep.
  const auto& weight = std::get<SubmergedRestoring>(b.restoring);
  EXPECT_EQ(weight.f_buoyancy_W, Vec3::Zero());
  EXPECT_NEAR(weight.f_weight_W.z(), -2000 * 9.81, 1e-9);
  EXPECT_TRUE(d.warnings().empty());
}

TEST(HullPlugins, BadMeshesAreClearErrors) {
  const HullMesh box = box_mesh(Vec3(4, 2, 1));
  write_obj("hull_open.obj", box, 1);
  write_obj("hull_flipped.obj", box, 0, true);
  auto error = [](const std::string& world, const std::string& inner) {
    return testing::error_of([&] {
      Diagnostics d;
      load_world_file(hull_world(world, inner), d);
    });
  };
  const std::string open = error("hull_e1.sdf", "<mesh><uri>hull_open.obj</uri></mesh>");
  EXPECT_NE(open.find("hull_open.obj: the mesh is not closed (3 open edges"), std::string::npos)
      << open;
  EXPECT_NE(open.find("hull_e1.sdf:"), std::string::npos) << open;
  const std::string flipped = error("hull_e2.sdf", "<mesh><uri>hull_flipped.obj</uri></mesh>");
  EXPECT_NE(flipped.find("inside out"), std::string::npos) << flipped;
  const std::string missing = error("hull_e3.sdf", "<mesh><uri>no_such_hull.stl</uri></mesh>");
  EXPECT_NE(missing.find("no_such_hull.stl"), std::string::npos) << missing;
  write_obj("hull_fine.obj", box_mesh(Vec3(4, 2, 1), 10));
  const std::string budget = error(
      "hull_e4.sdf", "<mesh><uri>hull_fine.obj</uri></mesh><max_triangles>1000</max_triangles>");
  EXPECT_NE(budget.find("1200 triangles, over the budget of 1000"), std::string::npos) << budget;
  const std::string rate = error("hull_e5.sdf",
                                 "<mesh><uri>hull_fine.obj</uri></mesh><between_updates>lerp"
                                 "</between_updates>");
  EXPECT_NE(rate.find("got 'lerp', expected extrapolate or hold"), std::string::npos) << rate;
}

TEST(HullPlugins, SectionedHullsAreGeneratedAndPlaced) {
  // Two 8 x 16 pontoons beside a 12-triangle box mesh, one surface in B.
  write_obj("hull_box_small.obj", box_mesh(Vec3(1, 1, 1)));
  const std::string pontoon = R"(<length>4</length><half_beam>0.5</half_beam>
      <half_depth>0.5</half_depth><stations>8</stations><bow_rise>0.2</bow_rise>)";
  Diagnostics d;
  const Model m = load_world_file(
      hull_world("hull_sectioned.sdf",
                 "<sectioned_hull><pose>0 1.5 0 0 0 0</pose>" + pontoon + "</sectioned_hull>" +
                     "<mesh><uri>hull_box_small.obj</uri></mesh>" +
                     "<sectioned_hull><pose>0 -1.5 0 0 0 0</pose>" + pontoon + "</sectioned_hull>"),
      d);
  const HullMesh& hull = m.bodies[0].mesh_hydrostatics->mesh;
  SectionedHullShape shape;
  shape.length = 4;
  shape.half_beam = shape.half_depth = 0.5;
  shape.stations = 8;
  shape.bow_rise = 0.2;
  const HullMesh one = sectioned_hull_mesh(shape);
  EXPECT_EQ(hull.faces.size(), 2 * 2 * 8 * 16u + 12u);
  EXPECT_NEAR(hull.volume, 2.0 * one.volume + 1.0, 1e-12);
  EXPECT_NEAR(hull.p_BoCv.y(), 0.0, 1e-12);  // symmetric pair about a centred box
  EXPECT_TRUE(d.warnings().empty());
}

TEST(HullPlugins, BadSectionedHullsAreClearErrors) {
  auto error = [](const std::string& world, const std::string& inner) {
    return testing::error_of([&] {
      Diagnostics d;
      load_world_file(hull_world(world, "<sectioned_hull>" + inner + "</sectioned_hull>"), d);
    });
  };
  const std::string size = "<length>4</length><half_beam>0.5</half_beam>";
  const std::string missing = error("hull_s1.sdf", size);
  EXPECT_NE(missing.find("missing <half_depth>"), std::string::npos) << missing;
  const std::string count =
      error("hull_s2.sdf", size + "<half_depth>0.5</half_depth><stations>2.5</stations>");
  EXPECT_NE(count.find("got 2.5, expected a number of sections: a whole number >= 2"),
            std::string::npos)
      << count;
  const std::string overlap =
      error("hull_s3.sdf", size +
                               "<half_depth>0.5</half_depth><bow_fraction>0.7</bow_fraction>"
                               "<stern_fraction>0.5</stern_fraction>");
  EXPECT_NE(overlap.find("hull_s3.sdf:"), std::string::npos) << overlap;
  EXPECT_NE(overlap.find("overlap"), std::string::npos) << overlap;
  const std::string negative = error("hull_s4.sdf",
                                     "<length>-4</length><half_beam>0.5</half_beam>"
                                     "<half_depth>0.5</half_depth>");
  EXPECT_NE(negative.find("got -4"), std::string::npos) << negative;
}

TEST(HullPlugins, MeshInTheWrongUnitIsWarnedAbout) {
  write_obj("hull_mm.obj", box_mesh(Vec3(4000, 2000, 1000)));  // millimetres
  Diagnostics d;
  load_world_file(hull_world("hull_mm.sdf", "<mesh><uri>hull_mm.obj</uri></mesh>"), d);
  ASSERT_EQ(d.warnings().size(), 1u);
  EXPECT_NE(d.warnings()[0].message.find("another unit"), std::string::npos);
  Diagnostics scaled;
  load_world_file(hull_world("hull_mm2.sdf",
                             "<mesh><uri>hull_mm.obj</uri>"
                             "<scale>0.001 0.001 0.001</scale></mesh>"),
                  scaled);
  EXPECT_TRUE(scaled.warnings().empty());
}

TEST(HullPlugins, VrxSurfaceLoadsItsPointsAndNeedsSome) {
  Diagnostics d;
  const Model m = load_world_file(
      hull_world("vrx_surface.sdf", R"(<link_name>base</link_name><hull_length>4.9</hull_length>
        <hull_radius>0.213</hull_radius><fluid_level>0</fluid_level>
        <points><point>0.6 1.03 0</point><point>-1.4 1.03 0</point></points>
        <wavefield><topic>/vrx/wavefield/parameters</topic></wavefield><strips>3</strips>)",
                 "libSurface.so", "vrx::Surface"),
      d);
  ASSERT_EQ(m.bodies[0].strip_hulls.size(), 1u);
  const StripHull& h = m.bodies[0].strip_hulls[0];
  EXPECT_EQ(h.p_BoP.size(), 6u);
  EXPECT_NEAR(h.strip_length, 4.9 / 2 / 3, 1e-15);
  EXPECT_NEAR(h.fluid_density, 997.7735, 1e-12);
  const std::string none = testing::error_of([] {
    Diagnostics d2;
    load_world_file(hull_world("vrx_surface2.sdf",
                               "<hull_length>4.9</hull_length>"
                               "<hull_radius>0.213</hull_radius>",
                               "libSurface.so", "vrx::Surface"),
                    d2);
  });
  EXPECT_NE(none.find("has no <points><point>"), std::string::npos) << none;
}

/// A 0.21 m round buoy of `mass` whose model holds VRX's PolyhedraBuoyancyDrag with `inner`.
std::string buoy_world(const std::string& name, double mass, const std::string& inner) {
  const std::string model = fmt::format(R"(<model name="buoy"><pose>0 0 0.1 0 0 0</pose>
  <link name="link"><inertial><mass>{}</mass>
    <inertia><ixx>0.3</ixx><iyy>0.3</iyy><izz>0.3</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz>
    </inertia></inertial></link>
  <plugin filename="libPolyhedraBuoyancyDrag.so" name="vrx::PolyhedraBuoyancyDrag">{}</plugin>
  </model>)",
                                        mass, inner);
  return testing::write_temp(name, testing::world_sdf(model, "", "0 0 -9.81"));
}

TEST(HullPlugins, VrxPolyhedraBuoyancyDragFloatsABuoyAtItsDraft) {
  // VRX's round buoy as its worlds write it (fresh water, drag 75 and 2), 40% immersed at rest:
  // a cap of height t with pi t^2 (3 r - t) / 3 = 0.4 V in the plugin's water, not the world's.
  const double r = 0.21, V = 4.0 / 3.0 * std::numbers::pi * r * r * r, mass = 0.4 * V * 1000.0;
  Diagnostics d;
  const Model m =
      load_world_file(buoy_world("vrx_buoy.sdf", mass, R"(<fluid_density>1000</fluid_density>
        <fluid_level>0.0</fluid_level><linear_drag>75.0</linear_drag>
        <angular_drag>2.0</angular_drag>
        <buoyancy name="collision_outer"><link_name>link</link_name><pose>0 0 0 0 0 0</pose>
          <geometry><sphere><radius>0.21</radius></sphere></geometry></buoyancy>
        <wavefield><topic>/vrx/wavefield/parameters</topic></wavefield>)"),
                      d);
  ASSERT_EQ(m.bodies[0].shape_floats.size(), 1u);
  const ShapeFloat& f = m.bodies[0].shape_floats[0];
  EXPECT_EQ(f.shape.kind, ShapeKind::kSphere);
  EXPECT_EQ(f.linear_drag, 75.0);
  EXPECT_EQ(f.angular_drag, 2.0);
  EXPECT_EQ(f.fluid_density, 1000.0);
  EXPECT_NEAR(f.link_mass, mass, 1e-12);
  State s = make_initial_state(m);
  while (s.t < 30.0)
    ASSERT_TRUE(step(m, s).ok);
  double lo = 0.0, hi = 2.0 * r;  // the cap height, by bisection
  for (int i = 0; i < 100; ++i) {
    const double t = 0.5 * (lo + hi);
    (std::numbers::pi * t * t * (3.0 * r - t) / 3.0 > 0.4 * V ? hi : lo) = t;
  }
  EXPECT_NEAR((r - s.bodies[0].p_WB.z()) / lo, 1.0, 1e-3);
}

TEST(HullPlugins, BadPolyhedraBuoyancyDragIsAClearError) {
  auto error = [](const std::string& world, const std::string& inner) {
    return testing::error_of([&] {
      Diagnostics d;
      load_world_file(buoy_world(world, 10.0, inner), d);
    });
  };
  const std::string none = error("vrx_buoy_e1.sdf", "<linear_drag>25</linear_drag>");
  EXPECT_NE(none.find("has no <buoyancy>"), std::string::npos) << none;
  const std::string mesh = error("vrx_buoy_e2.sdf", R"(<buoyancy><link_name>link</link_name>
        <geometry><mesh><uri>buoy.dae</uri></mesh></geometry></buoyancy>)");
  EXPECT_NE(mesh.find("got <mesh>, expected one of <box>, <sphere>"), std::string::npos) << mesh;
  EXPECT_NE(mesh.find("vrx_buoy_e2.sdf:"), std::string::npos) << mesh;
  const std::string link = error("vrx_buoy_e3.sdf", R"(<buoyancy><link_name>hull</link_name>
        <geometry><sphere><radius>0.2</radius></sphere></geometry></buoyancy>)");
  EXPECT_NE(link.find("no link 'hull'"), std::string::npos) << link;
  const std::string radius = error("vrx_buoy_e4.sdf", R"(<buoyancy><link_name>link</link_name>
        <geometry><cylinder><radius>-0.2</radius><length>1</length></cylinder></geometry>
        </buoyancy>)");
  EXPECT_NE(radius.find("got -0.2"), std::string::npos) << radius;
}

TEST(HullPlugins, WindageTablesLoadInFluOrFrdSigns) {
  // The same table written in Leeway's FLU signs and in Fossen's FRD ones (the angle towards
  // starboard, Y and N positive to starboard) must give the same coefficients everywhere.
  const std::string areas =
      "<frontal_area>1.5</frontal_area><lateral_area>4</lateral_area><length>5</length>";
  const std::string flu = areas + R"(<angles>-90 0 90 180</angles>
      <C_X>0.1 -0.8 0.1 0.7</C_X><C_Y>0.9 0 -0.9 0</C_Y><C_K>0.2 0 -0.2 0</C_K>
      <C_N>0.05 0 -0.05 0</C_N>)";
  const std::string frd = areas + R"(<frame>frd</frame><angles>-180 -90 0 90</angles>
      <C_X>0.7 0.1 -0.8 0.1</C_X><C_Y>0 0.9 0 -0.9</C_Y><C_K>0 -0.2 0 0.2</C_K>
      <C_N>0 0.05 0 -0.05</C_N>)";
  auto table = [&](const std::string& world, const std::string& inner) {
    Diagnostics d;
    const Model m =
        load_world_file(hull_world(world, "<windage><table>" + inner + "</table></windage>"), d);
    return std::get<WindageTable>(m.bodies[0].windage);
  };
  const WindageTable a = table("wind_flu.sdf", flu), b = table("wind_frd.sdf", frd);
  EXPECT_EQ(a.height, 4.0 / 5.0);  // the lateral area's mean height by default
  for (double deg = -180.0; deg <= 180.0; deg += 7.5) {
    const double g = deg * std::numbers::pi / 180.0;
    EXPECT_LT((windage_coefficients(a, g) - windage_coefficients(b, g)).norm(), 1e-12) << deg;
  }
  // Halfway from ahead to port: the mean of the two entries.
  EXPECT_NEAR(windage_coefficients(a, std::numbers::pi / 4)[1], -0.45, 1e-12);
  auto error = [&](const std::string& world, const std::string& inner) {
    return testing::error_of([&] { table(world, inner); });
  };
  const std::string count = error("wind_e1.sdf", areas + R"(<angles>0 90</angles>
      <C_X>1 2 3</C_X><C_Y>0 0</C_Y><C_K>0 0</C_K><C_N>0 0</C_N>)");
  EXPECT_NE(count.find("got 3 coefficients, expected 2"), std::string::npos) << count;
  const std::string order = error("wind_e2.sdf", areas + R"(<angles>0 90 90</angles>
      <C_X>1 2 3</C_X><C_Y>0 0 0</C_Y><C_K>0 0 0</C_K><C_N>0 0 0</C_N>)");
  EXPECT_NE(order.find("expected strictly increasing angles"), std::string::npos) << order;
  const std::string span = error("wind_e3.sdf", areas + R"(<angles>0 360</angles>
      <C_X>1 2</C_X><C_Y>0 0</C_Y><C_K>0 0</C_K><C_N>0 0</C_N>)");
  EXPECT_NE(span.find("less than a full circle"), std::string::npos) << span;
}

TEST(HullPlugins, VrxWindObjectsPutWindageOnTheirModel) {
  auto world = [](const std::string& name, const std::string& link, const std::string& hull) {
    const std::string model = R"(<model name="wamv"><link name="wamv/base_link"><inertial>
      <mass>200</mass><inertia><ixx>100</ixx><iyy>300</iyy><izz>300</izz><ixy>0</ixy>
      <ixz>0</ixz><iyz>0</iyz></inertia></inertial></link>)" +
                              hull + "</model>";
    const std::string wind = R"(<plugin filename="libUSVWind.so" name="vrx::USVWind">
      <wind_obj><name>wamv</name><link_name>)" +
                             link + R"(</link_name><coeff_vector>.5 .5 .33</coeff_vector>
      </wind_obj><wind_mean_velocity>9</wind_mean_velocity></plugin>)";
    return testing::write_temp(name, testing::world_sdf(model, wind, "0 0 -9.81"));
  };
  Diagnostics d;
  const Model m = load_world_file(world("vrx_wind.sdf", "wamv/base_link", ""), d);
  const auto& windage = std::get<VrxWindage>(m.bodies[0].windage);
  EXPECT_EQ(windage.C_x, 0.5);
  EXPECT_EQ(windage.C_y, 0.5);
  EXPECT_EQ(windage.C_n, 0.33);
  EXPECT_TRUE(windage.world_axes);  // as VRX's gz plugin applies it
  auto error = [&](const std::string& name, const std::string& link, const std::string& hull) {
    return testing::error_of([&] {
      Diagnostics d2;
      load_world_file(world(name, link, hull), d2);
    });
  };
  const std::string link = error("vrx_wind_e1.sdf", "wamv/engine_link", "");
  EXPECT_NE(link.find("<wind_obj> names link 'wamv/engine_link'"), std::string::npos) << link;
  const std::string twice = error("vrx_wind_e2.sdf", "wamv/base_link",
                                  R"(<plugin filename="leeway-hull" name="leeway::Hull">
      <windage><vrx>1 1 1</vrx></windage></plugin>)");
  EXPECT_NE(twice.find("windage in its hull plugin and in USVWind's <wind_obj>"), std::string::npos)
      << twice;
}

}  // namespace
}  // namespace leeway
