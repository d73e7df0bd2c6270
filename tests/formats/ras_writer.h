// Writing HEC-RAS-shaped HDF5 files for the tests, over the C API.
#pragma once

#include <gtest/gtest.h>
#include <hdf5.h>

#include <string>
#include <vector>

#include "leeway/core/spatial.h"
#include "temp_file.h"

namespace leeway::testing {

inline constexpr const char* kSeries =
    "/Results/Unsteady/Output/Output Blocks/Base Output/Unsteady Time Series";

/// Writes HEC-RAS's result layout with the HDF5 C API.
class RasWriter {
 public:
  explicit RasWriter(const std::string& name) {
    path_ = write_temp(name, "");
    file_ = H5Fcreate(path_.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    const hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
    H5Pset_create_intermediate_group(lcpl, 1);
    lcpl_ = lcpl;
  }
  ~RasWriter() {
    if (file_ >= 0) close();
  }
  void doubles(const std::string& name, const std::vector<hsize_t>& shape,
               const std::vector<double>& v, hid_t stored = H5T_IEEE_F64LE) {
    write(name, shape, stored, H5T_NATIVE_DOUBLE, v.data());
  }
  void ints(const std::string& name, const std::vector<hsize_t>& shape, const std::vector<int>& v) {
    write(name, shape, H5T_STD_I32LE, H5T_NATIVE_INT, v.data());
  }
  void units(const std::string& text) {
    const hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, text.size());
    const hid_t space = H5Screate(H5S_SCALAR);
    const hid_t a = H5Acreate2(file_, "Units System", type, space, H5P_DEFAULT, H5P_DEFAULT);
    H5Awrite(a, type, text.c_str());
    H5Aclose(a);
    H5Sclose(space);
    H5Tclose(type);
  }
  std::string close() {
    H5Pclose(lcpl_);
    H5Fclose(file_);
    file_ = -1;
    return path_;
  }

 private:
  void write(const std::string& name, const std::vector<hsize_t>& shape, hid_t stored, hid_t memory,
             const void* data) {
    const hid_t space = H5Screate_simple(static_cast<int>(shape.size()), shape.data(), nullptr);
    const hid_t d = H5Dcreate2(file_, name.c_str(), stored, space, lcpl_, H5P_DEFAULT, H5P_DEFAULT);
    ASSERT_GE(d, 0) << name;
    H5Dwrite(d, memory, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
    H5Dclose(d);
    H5Sclose(space);
  }
  std::string path_;
  hid_t file_ = -1, lcpl_ = -1;
};

/// A river reach: a 3 x 2 lattice of 10 m cells (face points 4 x 3), cell nodes listed
/// clockwise with -1 padding, one virtual perimeter cell of two nodes; two output times.
/// Node velocity u = 0.5 + 0.01 x + 0.1 t_days, v = -0.02 y.
struct River {
  static Vec3 velocity(double x, double y, double days) {
    return {0.5 + 0.01 * (x - 1000.0) + 0.1 * days, -0.02 * (y - 2000.0), 0.0};
  }
  std::string write(const std::string& name, const std::string& area = "Reach", double foot = 1.0) {
    RasWriter w(name);
    std::vector<double> xy;
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 4; ++i) {
        xy.push_back(1000.0 + 10.0 * i);
        xy.push_back(2000.0 + 10.0 * j);
      }
    const std::string geometry = "/Geometry/2D Flow Areas/" + area;
    w.doubles(geometry + "/FacePoints Coordinate", {12, 2}, xy);
    std::vector<int> cells;
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 3; ++i) {
        const int a = j * 4 + i;
        for (int k : {a, a + 4, a + 5, a + 1, -1, -1})
          cells.push_back(k);
      }
    for (int k : {0, 1, -1, -1, -1, -1})
      cells.push_back(k);  // virtual
    w.ints(geometry + "/Cells FacePoint Indexes", {7, 6}, cells);
    w.doubles(geometry + "/Cells Center Coordinate", {1, 2}, {0, 0});
    const std::vector<double> days = {0.0, 0.5};
    w.doubles(std::string(kSeries) + "/Time", {2}, days);
    std::vector<double> vx, vy;
    for (double d : days)
      for (int k = 0; k < 12; ++k) {
        const Vec3 v = velocity(xy[2 * k] * foot, xy[2 * k + 1] * foot, d) / foot;
        vx.push_back(v.x());
        vy.push_back(v.y());
      }
    const std::string results = std::string(kSeries) + "/2D Flow Areas/" + area;
    w.doubles(results + "/Node X Vel", {2, 12}, vx, H5T_IEEE_F32LE);
    w.doubles(results + "/Node Y Vel", {2, 12}, vy, H5T_IEEE_F32LE);
    if (foot != 1.0) w.units("US Customary");
    return w.close();
  }
};

}  // namespace leeway::testing
