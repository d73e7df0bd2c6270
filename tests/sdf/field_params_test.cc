// Field files in a world: formats, geo-reference, the coverage check and bad input.
#include "leeway/sdf/leeway/fields.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "formats/nc_writer.h"
#include "formats/ras_writer.h"
#include "leeway/core/geo.h"
#include "sdf/sdf_test_util.h"

namespace leeway {
namespace {

using testing::world_sdf;

// Porto Alegre, USVSim's river, UTM zone 22 south.
const Geodetic kOrigin{-30.03, -51.23, 0.0};
const UtmZone kZone{22, false};

std::string spherical_coordinates(const std::string& heading = "0") {
  return fmt::format(R"(<spherical_coordinates><surface_model>EARTH_WGS84</surface_model>
    <latitude_deg>{}</latitude_deg><longitude_deg>{}</longitude_deg><elevation>0</elevation>
    <heading_deg>{}</heading_deg></spherical_coordinates>)",
                     kOrigin.latitude_deg, kOrigin.longitude_deg, heading);
}

Model load_file_world(const std::string& name, const std::string& world_extra,
                      const std::string& plugin_inner, Diagnostics& d) {
  const std::string path = testing::write_temp(
      name, world_sdf("", world_extra + testing::environment_plugin(plugin_inner)));
  return load_world_file(path, d);
}

/// A 2 km UTM grid around the world origin: u = 0.3 + 0.001 (E - E0), v = 0.2 (grid axes).
std::string write_utm_csv(const std::string& name) {
  const Eigen::Vector2d o = geodetic_to_utm(kZone, kOrigin);
  std::string text = "x,y,u,v\n";
  for (double dn : {-1000.0, 1000.0})
    for (double de : {-1000.0, 1000.0})
      text += fmt::format("{:.3f},{:.3f},{},0.2\n", o.x() + de, o.y() + dn, 0.3 + 0.001 * de);
  return testing::write_temp(name, text);
}

TEST(FieldParams, UtmCsvFieldIsPlacedByTheWorldsSphericalCoordinates) {
  write_utm_csv("utm_current.csv");
  Diagnostics d;
  const Model m = load_file_world(
      "utm_world.sdf", spherical_coordinates(),
      "<current_field><file>utm_current.csv</file><crs>utm 22S</crs></current_field>", d);
  ASSERT_TRUE(m.origin.has_value());
  const EnvironmentState s = initial_environment_state(m.environment, 0);
  const Eigen::Vector2d o = geodetic_to_utm(kZone, kOrigin);
  // Where the exact conversion puts a W point in the grid, and the grid's east in W there.
  for (const Vec3& p_W : {Vec3(0, 0, 0), Vec3(600, -300, -2), Vec3(-900, 850, 0)}) {
    const Eigen::Vector2d en = geodetic_to_utm(kZone, W_to_geodetic(kOrigin, p_W));
    const Eigen::Vector2d east_W =
        (geodetic_to_W(kOrigin, utm_to_geodetic(kZone, en.x() + 1.0, en.y())) -
         geodetic_to_W(kOrigin, utm_to_geodetic(kZone, en.x() - 1.0, en.y())))
            .head<2>()
            .normalized();
    const Eigen::Vector2d north_W(-east_W.y(), east_W.x());
    const double u = 0.3 + 0.001 * (en.x() - o.x());
    const Eigen::Vector2d expected = u * east_W + 0.2 * north_W;
    // Placement within millimetres (1e-6 m/s at this gradient); the rotation is taken at the
    // grid centre, 1e-6 rad from the local one here.
    EXPECT_LT((current_velocity(m.environment, s, p_W, 0.0).head<2>() - expected).norm(), 2e-6)
        << p_W.transpose();
  }
}

std::string load_error(const std::string& name, const std::string& world_extra,
                       const std::string& plugin_inner) {
  try {
    Diagnostics d;
    load_file_world(name, world_extra, plugin_inner, d);
  } catch (const LoadError& e) {
    return e.what();
  }
  return "loaded";
}

TEST(FieldParams, AGeoReferenceThatMissesTheWorldIsAnError) {
  write_utm_csv("utm_current2.csv");
  // Zone 21 puts the same numbers 600 km west.
  const std::string e =
      load_error("wrong_zone.sdf", spherical_coordinates(),
                 "<current_field><file>utm_current2.csv</file><crs>utm 21S</crs></current_field>");
  EXPECT_NE(e.find("holds neither the world origin nor any model's start"), std::string::npos) << e;
  EXPECT_NE(e.find("wrong_zone.sdf"), std::string::npos) << e;
  EXPECT_NE(load_error("no_origin.sdf", "",
                       "<current_field><file>utm_current2.csv</file><crs>utm 22S</crs>"
                       "</current_field>")
                .find("the world has no <spherical_coordinates>"),
            std::string::npos);
  const std::string heading = load_error("heading.sdf", spherical_coordinates("30"), "");
  EXPECT_NE(heading.find("heading_deg is 30"), std::string::npos) << heading;
}

TEST(FieldParams, NetcdfLonLatCurrentIsDetectedAndLandIsReported) {
  testing::NcWriter w("bay.nc");
  w.dim("lat", 2);
  w.dim("lon", 2);
  const int la = w.var("lat", NC_DOUBLE, {"lat"}, {{"units", "degrees_north"}});
  const int lo = w.var("lon", NC_DOUBLE, {"lon"}, {{"units", "degrees_east"}});
  const int u = w.var("u", NC_DOUBLE, {"lat", "lon"}, {}, {{"_FillValue", -999}});
  const int v = w.var("v", NC_DOUBLE, {"lat", "lon"}, {}, {{"_FillValue", -999}});
  w.put(la, {-30.05, -30.0});
  w.put(lo, {-51.25, -51.2});
  w.put(u, {0.4, 0.4, 0.4, -999});
  w.put(v, {0.0, 0.0, 0.0, -999});
  w.close();
  Diagnostics d;
  const Model m = load_file_world("bay_world.sdf", spherical_coordinates(),
                                  "<current_field><file>bay.nc</file></current_field>", d);
  ASSERT_EQ(d.warnings().size(), 1u);
  EXPECT_NE(d.warnings()[0].message.find("1 cells of"), std::string::npos);
  const EnvironmentState s = initial_environment_state(m.environment, 0);
  // Near the south-west corner, 2% of the cell from it along both axes: 0.4 m/s east, less the
  // land corner's bilinear weight 0.02^2 (east: local east is within 1e-4 rad of W's).
  const Vec3 p_W = geodetic_to_W(kOrigin, {-30.049, -51.249, 0.0});
  EXPECT_LT((current_velocity(m.environment, s, p_W, 0.0) - Vec3(0.4 * (1 - 0.0004), 0, 0)).norm(),
            5e-5);
}

TEST(FieldParams, HecRasRiverWithLocalOffsetAndStartTime) {
  testing::River().write("reach.p02.hdf");
  Diagnostics d;
  const Model m = load_file_world("river_world.sdf", "", R"(<current_field>
      <file>reach.p02.hdf</file><area>Reach</area><offset>-1000 -2000 0</offset>
      <start_time>43200</start_time><outside>zero</outside></current_field>)",
                                  d);
  const EnvironmentState s = initial_environment_state(m.environment, 0);
  // Simulation t = 0 is half a day into the plan.
  EXPECT_LT((current_velocity(m.environment, s, Vec3(5, 5, -1), 0.0) -
             testing::River::velocity(1005, 2005, 0.5))
                .norm(),
            1e-6);
  EXPECT_EQ(current_velocity(m.environment, s, Vec3(50, 5, -1), 0.0), Vec3::Zero());
}

TEST(FieldParams, BadInput) {
  write_utm_csv("bad_input.csv");
  const struct {
    std::string inner, expect;
  } cases[] = {
      {"<current_field><file>bad_input.csv</file><crs>utm 61N</crs></current_field>",
       "expected 1 to 60 then N or S"},
      {"<current_field><file>bad_input.csv</file><crs>mercator</crs></current_field>",
       "expected local, lonlat or utm <zone>"},
      {"<current_field><file>bad_input.csv</file><crs>utm 22S</crs><offset>1 0 0</offset>"
       "</current_field>",
       "expected no <offset>"},
      {"<current_field><file>bad_input.csv</file><variables>u v</variables></current_field>",
       "<variables> is read by the netcdf format only; this file is csv"},
      {"<current_field><file>bad_input.csv</file><area>A</area></current_field>",
       "<area> is read by the hecras format only"},
      {"<current_field><file>bad_input.csv</file><format>grib</format></current_field>",
       "got 'grib', expected csv, netcdf, hecras"},
      {"<current_field><file>nowhere.csv</file></current_field>", "no such file"},
      {"<bathymetry><file>bad_input.csv</file></bathymetry>",
       "cannot tell the format from the extension '.csv'"},
  };
  for (const auto& c : cases) {
    const std::string e = load_error("bad_field.sdf", spherical_coordinates(), c.inner);
    EXPECT_NE(e.find(c.expect), std::string::npos) << c.inner << "\n" << e;
    EXPECT_NE(e.find("bad_field.sdf"), std::string::npos) << e;
  }
}

}  // namespace
}  // namespace leeway
