#include "leeway/formats/esri_ascii.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "leeway/core/error.h"
#include "temp_file.h"

namespace leeway {
namespace {

std::string write_grid(const std::string& name, const std::string& text) {
  return testing::write_temp(name, text);
}

TEST(EsriAscii, PlaneSeabedIsExactAndNorthIsTheFirstRow) {
  // Seabed z = -10 - 0.1 x + 0.05 y on cell centres x = 5, 15, 25 and y = 5, 15 (corner 0, 0,
  // cells of 10 m). Rows are written north (y = 15) first.
  auto z = [](double x, double y) { return -10.0 - 0.1 * x + 0.05 * y; };
  std::string text =
      "ncols 3\nNROWS 2\nxllcorner 0\nyllcorner 0\ncellsize 10\nnodata_value -9999\n";
  for (double y : {15.0, 5.0}) {
    for (double x : {5.0, 15.0, 25.0})
      text += std::to_string(z(x, y)) + " ";
    text += "\n";
  }
  const Bathymetry b = read_esri_ascii(write_grid("plane.asc", text), false);
  for (double x : {5.0, 12.0, 24.0}) {
    for (double y : {5.0, 9.5, 15.0})
      EXPECT_NEAR(water_depth(b, 0.0, x, y), -z(x, y), 1e-9);
  }
  EXPECT_NEAR(water_depth(b, 1.5, 12.0, 9.5), 1.5 - z(12.0, 9.5), 1e-9);  // a raised surface
  EXPECT_NEAR(water_depth(b, 0.0, 100.0, 9.5), -z(25.0, 9.5), 1e-9);      // held beyond
}

TEST(EsriAscii, DepthsAndLand) {
  const std::string text =
      "ncols 2\nnrows 2\nxllcenter 0\nyllcenter 0\ncellsize 1\nNODATA_value -1\n-1 4\n2 4\n";
  const Bathymetry b = read_esri_ascii(write_grid("depths.asc", text), true);
  EXPECT_NEAR(water_depth(b, 0.0, 1.0, 0.0), 4.0, 1e-12);  // south-east cell: depth 4 m
  EXPECT_NEAR(water_depth(b, 0.0, 0.0, 0.0), 2.0, 1e-12);
  EXPECT_EQ(water_depth(b, 0.0, 0.0, 1.0), 0.0);  // the north-west cell is land
  EXPECT_EQ(water_depth(b, 0.0, 0.5, 0.5), 0.0);  // next to land
}

TEST(EsriAscii, BadFiles) {
  const struct {
    std::string text, expect;
  } cases[] = {
      {"ncols 2\nnrows 1\nxllcorner 0\nyllcorner 0\n1 2\n", "'cellsize' missing"},
      {"ncols 2\nnrows 1\ncellsize 1\n1 2\n", "xllcorner"},
      {"ncols 2\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2\n3\n", "3 values, expected"},
      {"ncols 2\nnrows 1\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 x\n", ":6: got 'x'"},
      {"ncols 1\nnrows 1\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2\n", "more than"},
  };
  for (const auto& c : cases) {
    try {
      read_esri_ascii(write_grid("bad.asc", c.text), false);
      ADD_FAILURE() << c.text;
    } catch (const LoadError& e) {
      EXPECT_NE(std::string(e.what()).find(c.expect), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("bad.asc"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace leeway
