// Writes the river world's two field files (worlds/river_bridge.sdf):
//   river_current.p01.hdf  a HEC-RAS 2-D unsteady result, the layout USVSim imported: a 400 m
//                          reach of a 80 m wide channel on a 4 m mesh, node velocities at two
//                          output times an hour apart while the flow rises
//   river_wind.csv         a gridded wind, as a CFD export: a westerly that speeds up over the
//                          open water and is sheltered behind the bridge deck
// The flow is made up, not solved: a uniform stream with a flattened profile across the channel
// (zero at the banks), the potential flow around each bridge pillar (a cylinder: the stream
// plus its doublet), and a Gaussian wake behind each pillar that widens and fills downstream.
// It has what a current field in a bridge inspection has: speed-up between the pillars, slack
// water in front of them, a wake behind, and time variation. Usage:
//   leeway_river_fields <output folder>
// The files in worlds/river are this program's output; tests/io/river_fields_test.cc checks they
// still are.
#include <hdf5.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

constexpr double kHalfLength = 200.0;  // reach along x [m]
constexpr double kHalfWidth = 40.0;    // channel across y [m]
constexpr double kSpacing = 4.0;       // mesh [m]
constexpr double kPillarRadius = 1.5;  // [m]
constexpr double kPillarY[] = {-8.0, 8.0};
// Where the file's coordinates put the world origin: a made-up projected frame, as real
// HEC-RAS geometry is in a state plane or UTM.
constexpr double kEastingOffset = 1000.0, kNorthingOffset = 5000.0;

/// Surface velocity [m/s] at (x, y) in the world, at t_hours into the plan.
std::complex<double> velocity(double x, double y, double t_hours) {
  const double U = 0.3 + 0.1 * t_hours;  // the flood rises over the hour
  const double across = 1.0 - std::pow(y / kHalfWidth, 4);
  const std::complex<double> z(x, y);
  std::complex<double> w = 1.0;  // complex velocity u - i v, per unit stream speed
  double wake = 1.0;
  for (const double py : kPillarY) {
    const std::complex<double> d = z - std::complex<double>(0.0, py);
    if (std::abs(d) < kPillarRadius) return 0.0;  // inside the pillar
    w -= kPillarRadius * kPillarRadius / (d * d);
    if (x > 0.0) {
      const double width = kPillarRadius + 0.1 * x;
      wake *= 1.0 - 0.5 * (kPillarRadius / width) * std::exp(-std::pow((y - py) / width, 2));
    }
  }
  return std::conj(w) * (U * across * wake);  // u + i v
}

void write(hid_t file, const std::string& name, const std::vector<hsize_t>& shape, hid_t stored,
           hid_t memory, const void* data) {
  const hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
  H5Pset_create_intermediate_group(lcpl, 1);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_obj_track_times(dcpl, 0);  // no timestamps: the same bytes every time
  const hid_t space = H5Screate_simple(static_cast<int>(shape.size()), shape.data(), nullptr);
  const hid_t d = H5Dcreate2(file, name.c_str(), stored, space, lcpl, dcpl, H5P_DEFAULT);
  H5Dwrite(d, memory, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
  H5Dclose(d);
  H5Sclose(space);
  H5Pclose(dcpl);
  H5Pclose(lcpl);
}

bool write_current(const std::string& path) {
  const hid_t fcpl = H5Pcreate(H5P_FILE_CREATE);
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, fcpl, H5P_DEFAULT);
  H5Pclose(fcpl);
  if (file < 0) return false;
  const int nx = static_cast<int>(2 * kHalfLength / kSpacing) + 1;
  const int ny = static_cast<int>(2 * kHalfWidth / kSpacing) + 1;
  std::vector<double> xy;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      xy.push_back(kEastingOffset - kHalfLength + kSpacing * i);
      xy.push_back(kNorthingOffset - kHalfWidth + kSpacing * j);
    }
  // Cells list their face points counter-clockwise, padded with -1 to HEC-RAS's 8 columns.
  std::vector<int> cells;
  for (int j = 0; j + 1 < ny; ++j)
    for (int i = 0; i + 1 < nx; ++i) {
      const int a = j * nx + i;
      for (int k : {a, a + 1, a + 1 + nx, a + nx, -1, -1, -1, -1})
        cells.push_back(k);
    }
  const std::string area = "/Geometry/2D Flow Areas/Reach";
  const auto points = static_cast<hsize_t>(nx * ny);
  write(file, area + "/FacePoints Coordinate", {points, 2}, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE,
        xy.data());
  write(file, area + "/Cells FacePoint Indexes", {cells.size() / 8, 8}, H5T_STD_I32LE,
        H5T_NATIVE_INT, cells.data());
  const std::vector<double> days = {0.0, 1.0 / 24.0};
  const std::string series =
      "/Results/Unsteady/Output/Output Blocks/Base Output/Unsteady Time Series";
  write(file, series + "/Time", {days.size()}, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, days.data());
  std::vector<float> vx, vy;
  for (const double day : days)
    for (hsize_t k = 0; k < points; ++k) {
      const std::complex<double> v = velocity(xy[2 * k] - kEastingOffset,
                                              xy[2 * k + 1] - kNorthingOffset, 24.0 * day);
      vx.push_back(static_cast<float>(v.real()));
      vy.push_back(static_cast<float>(v.imag()));
    }
  const std::string results = series + "/2D Flow Areas/Reach";
  write(file, results + "/Node X Vel", {days.size(), points}, H5T_IEEE_F32LE, H5T_NATIVE_FLOAT,
        vx.data());
  write(file, results + "/Node Y Vel", {days.size(), points}, H5T_IEEE_F32LE, H5T_NATIVE_FLOAT,
        vy.data());
  return H5Fclose(file) >= 0;
}

bool write_wind(const std::string& path) {
  std::ofstream out(path);
  out << "x,y,u,v\n";
  for (int j = -2; j <= 2; ++j)
    for (int i = -4; i <= 4; ++i) {
      const double x = 50.0 * i, y = 50.0 * j;
      // 4 m/s from the west-south-west, a third less in the lee of the deck (x in 0..50 m).
      const double shelter = (x >= 0.0 && x <= 50.0) ? 2.0 / 3.0 : 1.0;
      char row[96];
      std::snprintf(row, sizeof row, "%.1f,%.1f,%.4f,%.4f\n", x, y, 3.8 * shelter,
                    1.2 * shelter);
      out << row;
    }
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output folder>\n", argv[0]);
    return 2;
  }
  const std::string folder = argv[1];
  if (!write_current(folder + "/river_current.p01.hdf") ||
      !write_wind(folder + "/river_wind.csv")) {
    std::fprintf(stderr, "could not write the river fields into %s\n", folder.c_str());
    return 1;
  }
  return 0;
}
