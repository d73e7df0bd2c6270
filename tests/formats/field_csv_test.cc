#include "leeway/formats/field_csv.h"

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <filesystem>
#include <fstream>

#include "leeway/core/error.h"
#include "temp_file.h"
#include "test_util.h"

namespace leeway {
namespace {

using testing::field_of;

std::string write(const std::string& name, const std::string& text) {
  return testing::write_temp(name, text);
}

TEST(FieldCsv, RoundTripsAGridTheTestWrites) {
  // A ParaView-style export: extra column, shuffled rows, columns in another order.
  std::string text = "\"Points:0\",t,u,x,y,v,w\n";
  std::vector<std::string> rows;
  for (double t : {0.0, 60.0})
    for (double y : {0.0, 50.0})
      for (double x : {-10.0, 0.0, 30.0}) {
        rows.push_back(fmt::format("{},{},{},{},{},{},{}\n", x, t, 0.01 * x + 0.001 * t, x, y,
                                   -0.02 * y, 0.0));
      }
  std::swap(rows[0], rows[7]);
  std::swap(rows[3], rows[10]);
  for (const auto& r : rows)
    text += r;
  const RegularGrid g = read_csv_field(write("ok.csv", text));
  EXPECT_EQ(g.x, (std::vector<double>{-10.0, 0.0, 30.0}));
  EXPECT_EQ(g.y, (std::vector<double>{0.0, 50.0}));
  EXPECT_EQ(g.z, (std::vector<double>{0.0}));
  EXPECT_EQ(g.t, (std::vector<double>{0.0, 60.0}));
  const Vec3 v = sample_field(field_of(g), Vec3(15.0, 20.0, -3.0), 30.0);
  EXPECT_NEAR(v.x(), 0.15 + 0.03, 1e-15);
  EXPECT_NEAR(v.y(), -0.4, 1e-15);
}

TEST(FieldCsv, BadFilesNameTheLineAndTheProblem) {
  const struct {
    std::string text, expect;
  } cases[] = {
      {"x,y,u\n0,0,1\n", "no column 'v'"},
      {"x,y,u,v\n0,0,1,2\n1,0,nan,2\n", ":3: column 'u' holds 'nan'"},
      {"x,y,u,v\n0,0,1,2\n1,0,1\n", ":3: 3 values, expected 4"},
      {"x,y,u,v\n0,0,1,2\n1,0,1,2\n0,1,1,2\n", "do not fill a regular grid"},
      {"x,y,u,v\n0,0,1,2\n1,0,1,2\n0,0,1,2\n1,1,1,2\n", "appears twice"},
      {"x,y,u,v\n", "no data rows"},
  };
  for (const auto& c : cases) {
    const std::string path = write("bad.csv", c.text);
    try {
      read_csv_field(path);
      ADD_FAILURE() << c.text;
    } catch (const LoadError& e) {
      EXPECT_NE(std::string(e.what()).find(c.expect), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("bad.csv"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace leeway
