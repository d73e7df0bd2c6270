#include "leeway/formats/esri_ascii.h"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "leeway/core/error.h"
#include "leeway/core/text.h"

namespace leeway {
namespace {

double number(const std::string& token, const std::string& path, int line, const char* what) {
  double v = 0.0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
  if (ec != std::errc() || end != token.data() + token.size() || !std::isfinite(v)) {
    throw LoadError({path, line, ""}, fmt::format("got '{}', expected {}", token, what));
  }
  return v;
}

}  // namespace

Bathymetry read_esri_ascii(const std::string& path, bool values_are_depths) {
  std::ifstream in(path);
  if (!in) throw LoadError({path, 0, ""}, "cannot read the grid file");
  std::map<std::string, double> header;
  std::string line;
  int number_of_line = 0;
  std::streampos data_start = in.tellg();
  while (std::getline(in, line)) {
    ++number_of_line;
    std::istringstream ss(line);
    std::string key, value;
    ss >> key >> value;
    key = ascii_lowercase(key);
    if (key.empty() || !std::isalpha(static_cast<unsigned char>(key[0]))) break;
    header[key] = number(value, path, number_of_line, ("a number for " + key).c_str());
    data_start = in.tellg();
  }
  for (const char* key : {"ncols", "nrows", "cellsize"}) {
    if (!header.contains(key) || header[key] <= 0) {
      throw LoadError({path, 0, ""}, fmt::format("header key '{}' missing or not positive", key));
    }
  }
  const bool corner = header.contains("xllcorner");
  if (!(corner ? header.contains("yllcorner")
               : header.contains("xllcenter") && header.contains("yllcenter"))) {
    throw LoadError({path, 0, ""},
                    "expected xllcorner/yllcorner or xllcenter/yllcenter in the header");
  }
  const auto nx = static_cast<std::size_t>(header["ncols"]),
             ny = static_cast<std::size_t>(header["nrows"]);
  const double c = header["cellsize"];
  const double x0 = corner ? header["xllcorner"] + 0.5 * c : header["xllcenter"];
  const double y0 = corner ? header["yllcorner"] + 0.5 * c : header["yllcenter"];
  const bool has_nodata = header.contains("nodata_value");

  Bathymetry b;
  for (std::size_t i = 0; i < nx; ++i)
    b.x.push_back(x0 + c * static_cast<double>(i));
  for (std::size_t i = 0; i < ny; ++i)
    b.y.push_back(y0 + c * static_cast<double>(i));
  b.seabed_z.assign(nx * ny, NAN);
  in.clear();
  in.seekg(data_start);
  int file_line = number_of_line;
  std::size_t count = 0;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string token;
    while (ss >> token) {
      if (count >= nx * ny) {
        throw LoadError({path, file_line, ""},
                        fmt::format("more than nrows x ncols = {} values", nx * ny));
      }
      const double v = number(token, path, file_line, "a number");
      const std::size_t row_from_north = count / nx, ix = count % nx;
      const std::size_t iy = ny - 1 - row_from_north;
      if (!(has_nodata && v == header["nodata_value"])) {
        b.seabed_z[iy * nx + ix] = values_are_depths ? -v : v;
      }
      ++count;
    }
    ++file_line;
  }
  if (count != nx * ny) {
    throw LoadError({path, 0, ""}, fmt::format("{} values, expected nrows x ncols = {} x {} = {}",
                                               count, ny, nx, nx * ny));
  }
  return b;
}

}  // namespace leeway
