#include "leeway/formats/netcdf_grid.h"

#include <gtest/gtest.h>
#include <netcdf.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "formats/nc_writer.h"
#include "leeway/core/error.h"
#include "temp_file.h"
#include "test_util.h"

namespace leeway {
namespace {

using testing::error_of;

/// The current of an ocean model on (time, depth, lat, lon): depth positive down, latitude
/// stored north to south, time in hours, u packed as scaled shorts, one land cell.
/// u = 0.1 + 0.5 (lon - 10) + 0.01 h;  v = -0.2 + 2 (lat - 54) - 0.02 depth;  w = 0.
struct OceanFile {
  std::vector<double> lon = {10.0, 10.01, 10.03}, lat = {54.02, 54.01, 54.0}, depth = {0.0, 5.0},
                      hours = {0.0, 6.0};
  static double u(double lon, double h) { return 0.1 + 0.5 * (lon - 10.0) + 0.01 * h; }
  static double v(double lat, double depth) { return -0.2 + 2.0 * (lat - 54.0) - 0.02 * depth; }

  std::string write(const std::string& name, const std::string& lat_units = "degrees_north") {
    testing::NcWriter w(name);
    w.dim("time", 2);
    w.dim("depth", 2);
    w.dim("lat", 3);
    w.dim("lon", 3);
    const int t = w.var("time", NC_DOUBLE, {"time"}, {{"units", "hours since 2024-03-01 00:00"}});
    const int d = w.var("depth", NC_DOUBLE, {"depth"}, {{"positive", "down"}, {"units", "m"}});
    const int la = w.var("lat", NC_DOUBLE, {"lat"}, {{"units", lat_units}});
    const int lo = w.var("lon", NC_DOUBLE, {"lon"}, {{"units", "degrees_east"}});
    const std::vector<std::string> dims = {"time", "depth", "lat", "lon"};
    const int uu = w.var("uo", NC_SHORT, dims, {{"standard_name", "eastward_sea_water_velocity"}},
                         {{"scale_factor", 0.001}, {"add_offset", 0.0}, {"_FillValue", -32767}});
    const int vv = w.var("vo", NC_DOUBLE, dims, {{"standard_name", "northward_sea_water_velocity"}},
                         {{"_FillValue", 1e20}});
    w.put(t, hours);
    w.put(d, depth);
    w.put(la, lat);
    w.put(lo, lon);
    std::vector<double> us, vs;
    for (double h : hours)
      for (double z : depth)
        for (double y : lat)
          for (double x : lon) {
            const bool land = x == lon[2] && y == lat[0] && z == depth[1];
            us.push_back(land ? -32767 : std::round(u(x, h) / 0.001));
            vs.push_back(land ? 1e20 : v(y, z));
          }
    w.put(uu, us);
    w.put(vv, vs);
    return w.close();
  }
};

TEST(NetcdfGrid, OceanModelCurrentReadsWithItsAxesTurnedIncreasing) {
  OceanFile file;
  const NetcdfField nc = read_netcdf_field(file.write("ocean.nc"), {});
  EXPECT_TRUE(nc.lon_lat);
  EXPECT_EQ(nc.missing_cells, 2u);  // the land cell, at both times
  const RegularGrid& g = nc.grid;
  EXPECT_EQ(g.x, file.lon);
  EXPECT_EQ(g.y, (std::vector<double>{54.0, 54.01, 54.02}));
  EXPECT_EQ(g.z, (std::vector<double>{-5.0, 0.0}));
  EXPECT_EQ(g.t, (std::vector<double>{0.0, 6.0 * 3600.0}));
  for (std::size_t it = 0; it < 2; ++it)
    for (std::size_t iz = 0; iz < 2; ++iz)
      for (std::size_t iy = 0; iy < 3; ++iy)
        for (std::size_t ix = 0; ix < 3; ++ix) {
          const Vec3 value = g.values[g.index(ix, iy, iz, it)];
          if (ix == 2 && iy == 2 && iz == 0) {
            EXPECT_EQ(value, Vec3::Zero());  // land
            continue;
          }
          // u was packed to 1 mm/s.
          EXPECT_NEAR(value.x(), OceanFile::u(g.x[ix], g.t[it] / 3600.0), 5e-4);
          EXPECT_NEAR(value.y(), OceanFile::v(g.y[iy], -g.z[iz]), 1e-15);
          EXPECT_EQ(value.z(), 0.0);
        }
}

TEST(NetcdfGrid, ProjectedWindGridInKilometres) {
  testing::NcWriter w("wind.nc");
  w.dim("y", 2);
  w.dim("x", 2);
  const int x =
      w.var("x", NC_DOUBLE, {"x"}, {{"standard_name", "projection_x_coordinate"}, {"units", "km"}});
  const int y =
      w.var("y", NC_DOUBLE, {"y"}, {{"standard_name", "projection_y_coordinate"}, {"units", "km"}});
  const int u = w.var("u10", NC_FLOAT, {"y", "x"});
  const int v = w.var("v10", NC_FLOAT, {"y", "x"});
  w.put(x, {0.0, 2.0});
  w.put(y, {0.0, 1.0});
  w.put(u, {1, 2, 3, 4});
  w.put(v, {-1, -1, -1, -1});
  const NetcdfField nc = read_netcdf_field(w.close(), {NetcdfVectorNames::Kind::kWind, "", "", ""});
  EXPECT_FALSE(nc.lon_lat);
  EXPECT_EQ(nc.grid.x, (std::vector<double>{0.0, 2000.0}));
  EXPECT_EQ(nc.grid.t, (std::vector<double>{0.0}));
  EXPECT_EQ(nc.grid.values[nc.grid.index(1, 1, 0, 0)], Vec3(4, -1, 0));
}

TEST(NetcdfGrid, GebcoStyleBathymetry) {
  testing::NcWriter w("gebco.nc");
  w.dim("lat", 2);
  w.dim("lon", 3);
  const int la = w.var("lat", NC_DOUBLE, {"lat"}, {{"units", "degrees_north"}});
  const int lo = w.var("lon", NC_DOUBLE, {"lon"}, {{"units", "degrees_east"}});
  const int z =
      w.var("elevation", NC_SHORT, {"lat", "lon"}, {{"units", "m"}}, {{"_FillValue", -32768}});
  w.put(la, {-34.0, -33.99});
  w.put(lo, {151.0, 151.01, 151.02});
  w.put(z, {-40, -30, -20, -10, -32768, 5});
  const NetcdfBathymetry nc = read_netcdf_bathymetry(w.close(), "", std::nullopt);
  EXPECT_TRUE(nc.lon_lat);
  EXPECT_FALSE(nc.values_were_depths);
  EXPECT_EQ(nc.missing_cells, 1u);
  EXPECT_EQ(nc.bathymetry.seabed_z[0], -40.0);
  EXPECT_TRUE(std::isnan(nc.bathymetry.seabed_z[4]));

  testing::NcWriter d("depths.nc");
  d.dim("y", 2);
  d.dim("x", 2);
  const int x = d.var("x", NC_DOUBLE, {"x"}, {{"units", "m"}});
  const int y = d.var("y", NC_DOUBLE, {"y"}, {{"units", "m"}});
  const int h =
      d.var("depth", NC_DOUBLE, {"y", "x"}, {{"standard_name", "sea_floor_depth_below_geoid"}});
  d.put(x, {0, 10});
  d.put(y, {0, 10});
  d.put(h, {12, 14, 16, 18});
  const NetcdfBathymetry depths = read_netcdf_bathymetry(d.close(), "", std::nullopt);
  EXPECT_TRUE(depths.values_were_depths);
  EXPECT_NEAR(water_depth(depths.bathymetry, 0.0, 5.0, 5.0), 15.0, 1e-12);
}

TEST(NetcdfGrid, BadFilesSayWhatIsWrong) {
  const std::string not_netcdf = testing::write_temp("not.nc", "hello");
  EXPECT_NE(error_of([&] { read_netcdf_field(not_netcdf, {}); }).find("cannot open as NetCDF"),
            std::string::npos);

  {  // no northward component
    testing::NcWriter w("no_v.nc");
    w.dim("x", 2);
    w.dim("y", 1);
    w.var("x", NC_DOUBLE, {"x"});
    w.var("y", NC_DOUBLE, {"y"});
    w.var("u", NC_DOUBLE, {"y", "x"});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] { read_netcdf_field(path, {}); }).find("no north component"),
              std::string::npos);
    EXPECT_NE(error_of([&] {
                read_netcdf_field(path, {{}, "u", "speed", ""});
              }).find("variable speed>: no such variable"),
              std::string::npos);
  }
  {  // non-monotonic axis, NaN that is not the fill value, wrong dimension order
    testing::NcWriter w("bad_axes.nc");
    w.dim("x", 3);
    w.dim("y", 2);
    const int x = w.var("x", NC_DOUBLE, {"x"});
    const int y = w.var("y", NC_DOUBLE, {"y"});
    const int u = w.var("u", NC_DOUBLE, {"y", "x"});
    const int v = w.var("v", NC_DOUBLE, {"x", "y"});
    w.put(x, {0, 2, 1});
    w.put(y, {0, 1});
    w.put(u, {0, 0, 0, 0, NAN, 0});
    w.put(v, {0, 0, 0, 0, 0, 0});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] { read_netcdf_field(path, {}); })
                  .find("variable x>: the coordinates "
                        "are not strictly monotonic"),
              std::string::npos);
  }
  {
    testing::NcWriter w("bad_values.nc");
    w.dim("x", 2);
    w.dim("y", 2);
    const int x = w.var("x", NC_DOUBLE, {"x"});
    const int y = w.var("y", NC_DOUBLE, {"y"});
    const int u = w.var("u", NC_DOUBLE, {"y", "x"});
    const int v = w.var("v", NC_DOUBLE, {"x", "y"});
    w.put(x, {0, 1});
    w.put(y, {0, 1});
    w.put(u, {0, 0, NAN, 0});
    w.put(v, {0, 0, 0, 0});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] {
                read_netcdf_field(path, {});
              }).find("variable u>: value nan at (y=1, x=0) is not finite"),
              std::string::npos);
    EXPECT_NE(error_of([&] {
                read_netcdf_field(path, {{}, "v", "u", ""});
              }).find("not in the CF order"),
              std::string::npos);
  }
  {
    testing::NcWriter w("bad_time.nc");
    w.dim("time", 2);
    w.dim("y", 1);
    w.dim("x", 1);
    w.var("time", NC_DOUBLE, {"time"}, {{"units", "fortnights since 2000-01-01"}});
    w.var("x", NC_DOUBLE, {"x"});
    w.var("y", NC_DOUBLE, {"y"});
    w.var("u", NC_DOUBLE, {"time", "y", "x"});
    w.var("v", NC_DOUBLE, {"time", "y", "x"});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] { read_netcdf_field(path, {}); }).find("time unit 'fortnights'"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace leeway
