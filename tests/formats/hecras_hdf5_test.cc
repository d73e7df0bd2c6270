#include "leeway/formats/hecras_hdf5.h"

#include <gtest/gtest.h>
#include <hdf5.h>

#include <functional>
#include <string>
#include <vector>

#include "formats/ras_writer.h"
#include "leeway/core/error.h"
#include "temp_file.h"
#include "test_util.h"

namespace leeway {
namespace {

using testing::error_of;

using testing::kSeries;
using testing::RasWriter;
using testing::River;

TEST(HecRas, NodeVelocitiesAreInterpolatedOverTheCells) {
  const HecRasField ras = read_hecras_field(River().write("reach.p01.hdf"), "");
  EXPECT_EQ(ras.area, "Reach");
  EXPECT_EQ(ras.cells, 6u);
  EXPECT_EQ(ras.series.mesh.triangles.size(), 12u);
  EXPECT_EQ(ras.series.t, (std::vector<double>{0.0, 43200.0}));
  VectorField f;
  f.data = ras.series;
  // Linear in x, y and t: exact inside, up to the float32 storage of the velocities.
  for (const Vec3& p :
       {Vec3(1003.0, 2001.0, 0.0), Vec3(1025.5, 2017.25, -2.0), Vec3(1010.0, 2010.0, 0.0)}) {
    for (double t : {0.0, 10000.0, 43200.0}) {
      EXPECT_LT((sample_field(f, p, t) - River::velocity(p.x(), p.y(), t / 86400.0)).norm(), 1e-6)
          << p.transpose() << " at " << t;
    }
  }
}

TEST(HecRas, UsCustomaryFilesAreConvertedToMetres) {
  const double foot = 0.3048;
  const HecRasField ras = read_hecras_field(River().write("feet.p01.hdf", "Reach", foot), "");
  VectorField f;
  f.data = ras.series;
  const Vec3 p(1005.0 * foot, 2005.0 * foot, 0.0);
  EXPECT_LT((sample_field(f, p, 0.0) - River::velocity(p.x(), p.y(), 0.0)).norm(), 1e-6);
}

/// One triangular cell in area "A", with `times` (days) when given.
void one_cell(RasWriter& w, std::vector<int> cell = {0, 1, 2}, std::vector<double> times = {}) {
  w.doubles("/Geometry/2D Flow Areas/A/FacePoints Coordinate", {3, 2}, {0, 0, 1, 0, 0, 1});
  w.ints("/Geometry/2D Flow Areas/A/Cells FacePoint Indexes", {1, cell.size()}, cell);
  if (!times.empty()) w.doubles(std::string(kSeries) + "/Time", {times.size()}, times);
}

TEST(HecRas, BadFilesSayWhatIsWrong) {
  EXPECT_NE(error_of([] {
              read_hecras_field(testing::write_temp("x.hdf", "text"), "");
            }).find("not an HDF5 file"),
            std::string::npos);
  const std::string reach = River().write("reach2.p01.hdf");
  EXPECT_NE(error_of([&] { read_hecras_field(reach, "Lake"); }).find("no 2-D flow area 'Lake'"),
            std::string::npos);
  {
    RasWriter w("two_areas.hdf");
    w.doubles("/Geometry/2D Flow Areas/A/FacePoints Coordinate", {3, 2}, {0, 0, 1, 0, 0, 1});
    w.doubles("/Geometry/2D Flow Areas/B/FacePoints Coordinate", {3, 2}, {0, 0, 1, 0, 0, 1});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] {
                read_hecras_field(path, "");
              }).find("2 2-D flow areas ('A', 'B'); expected one"),
              std::string::npos);
  }
  {
    RasWriter w("no_node_velocity.hdf");
    one_cell(w, {0, 1, 2}, {0.0, 0.1});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] {
                read_hecras_field(path, "");
              }).find("Node X Vel>: no such dataset; enable the node velocity output"),
              std::string::npos);
  }
  {
    RasWriter w("wrong_shape.hdf");
    one_cell(w, {0, 1, 7});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] {
                read_hecras_field(path, "");
              }).find("cell 0 uses node 7; there are 3 face points"),
              std::string::npos);
  }
  {
    RasWriter w("short_series.hdf");
    one_cell(w, {0, 1, 2}, {0.0, 0.1});
    const std::string results = std::string(kSeries) + "/2D Flow Areas/A";
    w.doubles(results + "/Node X Vel", {2, 2}, {0, 0, 0, 0});
    w.doubles(results + "/Node Y Vel", {2, 3}, {0, 0, 0, 0, 0, 0});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] {
                read_hecras_field(path, "");
              }).find("shape 2 x 2; expected 2 times x 3 nodes"),
              std::string::npos);
  }
  {
    RasWriter w("time_backwards.hdf");
    one_cell(w, {0, 1, 2}, {0.1, 0.0});
    const std::string path = w.close();
    EXPECT_NE(error_of([&] { read_hecras_field(path, ""); }).find("does not increase"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace leeway
