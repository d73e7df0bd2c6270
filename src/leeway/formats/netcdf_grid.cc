#include "leeway/formats/netcdf_grid.h"

#include <fmt/format.h>
#include <netcdf.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/core/text.h"

namespace leeway {
namespace {

/// An open NetCDF file; every call's status becomes a LoadError naming the file.
class NcFile {
 public:
  explicit NcFile(std::string path) : path_(std::move(path)) {
    check(nc_open(path_.c_str(), NC_NOWRITE, &id_), "", "cannot open as NetCDF");
  }
  ~NcFile() { nc_close(id_); }
  NcFile(const NcFile&) = delete;
  NcFile& operator=(const NcFile&) = delete;

  [[noreturn]] void fail(const std::string& variable, const std::string& problem) const {
    throw LoadError({path_, 0, variable.empty() ? "" : "variable " + variable}, problem);
  }
  void check(int status, const std::string& variable, const std::string& doing) const {
    if (status != NC_NOERR) fail(variable, fmt::format("{}: {}", doing, nc_strerror(status)));
  }

  int variable_count() const {
    int n = 0;
    check(nc_inq_nvars(id_, &n), "", "reading the variables");
    return n;
  }
  std::string variable_name(int var) const {
    std::array<char, NC_MAX_NAME + 1> name{};
    check(nc_inq_varname(id_, var, name.data()), "", "reading a variable name");
    return name.data();
  }
  std::optional<int> find_variable(const std::string& name) const {
    int var = 0;
    if (nc_inq_varid(id_, name.c_str(), &var) != NC_NOERR) return std::nullopt;
    return var;
  }
  std::vector<int> dimensions(int var) const {
    int n = 0;
    check(nc_inq_varndims(id_, var, &n), variable_name(var), "reading its dimensions");
    std::vector<int> dims(static_cast<std::size_t>(n));
    check(nc_inq_vardimid(id_, var, dims.data()), variable_name(var), "reading its dimensions");
    return dims;
  }
  std::string dimension_name(int dim) const {
    std::array<char, NC_MAX_NAME + 1> name{};
    check(nc_inq_dimname(id_, dim, name.data()), "", "reading a dimension name");
    return name.data();
  }
  std::size_t dimension_length(int dim) const {
    std::size_t n = 0;
    check(nc_inq_dimlen(id_, dim, &n), "", "reading a dimension length");
    return n;
  }
  /// A text attribute, lower-cased; empty when absent or not text.
  std::string text(int var, const char* attribute) const {
    nc_type type = NC_NAT;
    std::size_t length = 0;
    if (nc_inq_att(id_, var, attribute, &type, &length) != NC_NOERR || type != NC_CHAR) return {};
    std::string s(length, '\0');
    check(nc_get_att_text(id_, var, attribute, s.data()), variable_name(var), attribute);
    while (!s.empty() && s.back() == '\0')
      s.pop_back();
    return ascii_lowercase(s);
  }
  /// The first value of a numeric attribute.
  std::optional<double> number(int var, const char* attribute) const {
    nc_type type = NC_NAT;
    std::size_t length = 0;
    if (nc_inq_att(id_, var, attribute, &type, &length) != NC_NOERR || length == 0 ||
        type == NC_CHAR || type == NC_STRING) {
      return std::nullopt;
    }
    std::vector<double> v(length);
    check(nc_get_att_double(id_, var, attribute, v.data()), variable_name(var), attribute);
    return v.front();
  }
  std::vector<double> values(int var) const {
    std::size_t n = 1;
    for (int d : dimensions(var))
      n *= dimension_length(d);
    std::vector<double> v(n);
    check(nc_get_var_double(id_, var, v.data()), variable_name(var), "reading its values");
    return v;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int id_ = -1;
};

enum class Axis { kX, kY, kZ, kT };

struct CoordinateAxis {
  Axis axis;
  std::string name;
  std::vector<double> values;  ///< as stored, converted to m (horizontal, vertical) or s (time)
  bool degrees = false;        ///< geodetic longitude or latitude
};

/// CF's degrees_east, degree_E and such.
bool degree_units(const std::string& units, const char* direction, const char* suffix) {
  return units.starts_with("degree") &&
         (units.find(direction) != std::string::npos || units.ends_with(suffix));
}

Axis classify(const NcFile& f, int dim, int var) {
  const std::string name = ascii_lowercase(f.dimension_name(dim));
  const std::string axis = f.text(var, "axis");
  const std::string standard = f.text(var, "standard_name");
  const std::string units = f.text(var, "units");
  if (axis == "x") return Axis::kX;
  if (axis == "y") return Axis::kY;
  if (axis == "z") return Axis::kZ;
  if (axis == "t") return Axis::kT;
  if (standard == "longitude" || standard == "projection_x_coordinate" ||
      standard == "grid_longitude" || degree_units(units, "east", "_e")) {
    return Axis::kX;
  }
  if (standard == "latitude" || standard == "projection_y_coordinate" ||
      standard == "grid_latitude" || degree_units(units, "north", "_n")) {
    return Axis::kY;
  }
  if (standard == "depth" || standard == "height" || standard == "altitude" ||
      !f.text(var, "positive").empty()) {
    return Axis::kZ;
  }
  if (standard == "time" || units.find(" since ") != std::string::npos) return Axis::kT;
  for (const char* n : {"x", "lon", "longitude"})
    if (name == n) return Axis::kX;
  for (const char* n : {"y", "lat", "latitude"})
    if (name == n) return Axis::kY;
  for (const char* n : {"z", "depth", "lev", "level", "height", "altitude"})
    if (name == n) return Axis::kZ;
  if (name == "time" || name == "t") return Axis::kT;
  f.fail(name,
         "cannot tell which axis this dimension is: expected an axis attribute (X, Y, Z or "
         "T), a CF standard_name, degree or time units, or a name such as x, lon, y, lat, "
         "depth or time");
}

double time_unit_seconds(const NcFile& f, const std::string& var, const std::string& units) {
  const auto since = units.find(" since ");
  const std::string unit = units.substr(0, since);
  if (since == std::string::npos) {
    f.fail(var, fmt::format("time units '{}': expected '<unit> since <date>'", units));
  }
  for (const char* u : {"seconds", "second", "secs", "sec", "s"})
    if (unit == u) return 1.0;
  for (const char* u : {"minutes", "minute", "mins", "min"})
    if (unit == u) return 60.0;
  for (const char* u : {"hours", "hour", "hrs", "hr", "h"})
    if (unit == u) return 3600.0;
  for (const char* u : {"days", "day", "d"})
    if (unit == u) return 86400.0;
  f.fail(var, fmt::format("time unit '{}': expected seconds, minutes, hours or days", unit));
}

CoordinateAxis read_axis(const NcFile& f, int dim) {
  const std::string name = f.dimension_name(dim);
  const auto var = f.find_variable(name);
  if (!var || f.dimensions(*var).size() != 1) {
    f.fail(name,
           "no 1-D coordinate variable for this dimension; expected one with the "
           "dimension's name");
  }
  CoordinateAxis a{classify(f, dim, *var), name, f.values(*var)};
  for (double v : a.values) {
    if (!std::isfinite(v)) f.fail(name, "a coordinate is not finite");
  }
  const std::string units = f.text(*var, "units");
  const std::string standard = f.text(*var, "standard_name");
  if (a.axis == Axis::kT) {
    const double scale = time_unit_seconds(f, name, units);
    for (double& v : a.values)
      v *= scale;
  } else {
    a.degrees = units.starts_with("degree") || standard == "longitude" || standard == "latitude";
    if (units == "km") {
      for (double& v : a.values)
        v *= 1000.0;
    } else if (!a.degrees && !units.empty() && units != "m" && units != "meter" &&
               units != "meters" && units != "metre" && units != "metres") {
      f.fail(name, fmt::format("units '{}': expected m, km or degrees", units));
    }
    const bool down = f.text(*var, "positive") == "down" ||
                      (f.text(*var, "positive").empty() &&
                       (standard == "depth" || ascii_lowercase(name) == "depth"));
    if (a.axis == Axis::kZ && down) {
      for (double& v : a.values)
        v = -v;
    }
  }
  return a;
}

/// Turns an axis strictly increasing; returns whether it was reversed.
bool make_increasing(const NcFile& f, CoordinateAxis& a) {
  if (a.values.size() < 2) return false;
  const bool reversed = a.values[1] < a.values[0];
  if (reversed) std::reverse(a.values.begin(), a.values.end());
  for (std::size_t i = 1; i < a.values.size(); ++i) {
    if (!(a.values[i] > a.values[i - 1])) {
      f.fail(a.name,
             fmt::format("the coordinates are not strictly monotonic (at index {}: {} "
                         "after {})",
                         reversed ? a.values.size() - 1 - i : i, a.values[i], a.values[i - 1]));
    }
  }
  return reversed;
}

/// A data variable on (time?, z?, y, x), with its axes made increasing.
struct GridVariable {
  std::string name;
  std::vector<CoordinateAxis> axes;  ///< in the variable's dimension order
  std::vector<bool> reversed;
  std::vector<double> values;  ///< unpacked, fill cells NaN, in increasing-axes order
  std::size_t missing = 0;
  bool lon_lat = false;  ///< x and y in degrees
};

GridVariable read_grid_variable(const NcFile& f, int var) {
  GridVariable g;
  g.name = f.variable_name(var);
  const std::vector<int> dims = f.dimensions(var);
  for (int d : dims) {
    g.axes.push_back(read_axis(f, d));
    g.reversed.push_back(make_increasing(f, g.axes.back()));
  }
  // CF order: T, Z, Y, X, each at most once, X and Y required.
  const std::array<Axis, 4> order = {Axis::kT, Axis::kZ, Axis::kY, Axis::kX};
  std::size_t next = 0;
  for (const auto& a : g.axes) {
    while (next < order.size() && order[next] != a.axis)
      ++next;
    if (next == order.size()) {
      std::string got;
      for (const auto& b : g.axes)
        got += (got.empty() ? "" : ", ") + b.name;
      f.fail(g.name, fmt::format("dimensions ({}) are not in the CF order (time, z, y, x) with "
                                 "y and x present",
                                 got));
    }
    ++next;
  }
  if (g.axes.size() < 2 || g.axes[g.axes.size() - 1].axis != Axis::kX ||
      g.axes[g.axes.size() - 2].axis != Axis::kY) {
    f.fail(g.name, "expected the last two dimensions to be y and x");
  }
  g.lon_lat = g.axes.back().degrees;
  if (g.axes[g.axes.size() - 2].degrees != g.lon_lat) {
    f.fail(g.name, "one horizontal axis is in degrees and the other in metres");
  }

  const std::vector<double> raw = f.values(var);
  const auto fill = f.number(var, "_FillValue");
  const auto missing_value = f.number(var, "missing_value");
  const double scale = f.number(var, "scale_factor").value_or(1.0);
  const double offset = f.number(var, "add_offset").value_or(0.0);
  auto is_fill = [&](double v) {
    for (const auto& m : {fill, missing_value}) {
      if (m && (v == *m || (std::isnan(v) && std::isnan(*m)))) return true;
    }
    return false;
  };
  // Reorder into increasing axes: walk the stored index, mirror reversed dimensions.
  g.values.assign(raw.size(), 0.0);
  std::vector<std::size_t> n;
  for (const auto& a : g.axes)
    n.push_back(a.values.size());
  std::vector<std::size_t> idx(n.size(), 0);
  for (std::size_t k = 0; k < raw.size(); ++k) {
    std::size_t target = 0;
    for (std::size_t d = 0; d < n.size(); ++d)
      target = target * n[d] + (g.reversed[d] ? n[d] - 1 - idx[d] : idx[d]);
    const double v = raw[k];
    if (is_fill(v)) {
      g.values[target] = NAN;
      ++g.missing;
    } else if (!std::isfinite(v * scale + offset)) {
      std::string at;
      for (std::size_t d = 0; d < n.size(); ++d)
        at += fmt::format("{}{}={}", d ? ", " : "", g.axes[d].name, idx[d]);
      f.fail(g.name, fmt::format("value {} at ({}) is not finite and not the fill value", v, at));
    } else {
      g.values[target] = v * scale + offset;
    }
    for (std::size_t d = n.size(); d-- > 0;) {
      if (++idx[d] < n[d]) break;
      idx[d] = 0;
    }
  }
  return g;
}

int find_component(const NcFile& f, const std::string& given, std::vector<const char*> standard,
                   std::vector<const char*> names, const char* what, bool required) {
  if (!given.empty()) {
    if (const auto v = f.find_variable(given)) return *v;
    f.fail(given, fmt::format("no such variable (the {} component)", what));
  }
  for (int var = 0; var < f.variable_count(); ++var) {
    const std::string s = f.text(var, "standard_name");
    for (const char* n : standard)
      if (s == n) return var;
  }
  for (const char* n : names) {
    if (const auto v = f.find_variable(n)) return *v;
  }
  if (!required) return -1;
  std::string looked;
  for (const char* n : standard)
    looked += fmt::format("{}'{}'", looked.empty() ? "" : ", ", n);
  f.fail("", fmt::format("no {} component: expected a variable with standard_name {} or named {} "
                         "(or name it in the world)",
                         what, looked, names.front()));
}

}  // namespace

NetcdfField read_netcdf_field(const std::string& path, const NetcdfVectorNames& names) {
  const NcFile f(path);
  const bool wind = names.kind == NetcdfVectorNames::Kind::kWind;
  const int u = find_component(
      f, names.u, {wind ? "eastward_wind" : "eastward_sea_water_velocity"},
      wind ? std::vector<const char*>{"u", "u10"} : std::vector<const char*>{"u", "uo"}, "east",
      true);
  const int v = find_component(
      f, names.v, {wind ? "northward_wind" : "northward_sea_water_velocity"},
      wind ? std::vector<const char*>{"v", "v10"} : std::vector<const char*>{"v", "vo"}, "north",
      true);
  const int w = find_component(
      f, names.w, {wind ? "upward_air_velocity" : "upward_sea_water_velocity"},
      wind ? std::vector<const char*>{"w"} : std::vector<const char*>{"w", "wo"}, "up", false);

  std::vector<GridVariable> components;
  for (int var : {u, v, w}) {
    if (var >= 0) components.push_back(read_grid_variable(f, var));
  }
  for (std::size_t c = 1; c < components.size(); ++c) {
    bool same = components[c].axes.size() == components[0].axes.size();
    for (std::size_t d = 0; same && d < components[0].axes.size(); ++d)
      same = components[c].axes[d].name == components[0].axes[d].name;
    if (!same) {
      f.fail(components[c].name, fmt::format("its dimensions differ from those of '{}'; expected "
                                             "all components on one grid",
                                             components[0].name));
    }
  }
  NetcdfField out;
  RegularGrid& g = out.grid;
  g.z = {0.0};
  g.t = {0.0};
  for (const auto& a : components[0].axes) {
    switch (a.axis) {
      case Axis::kX:
        g.x = a.values;
        break;
      case Axis::kY:
        g.y = a.values;
        break;
      case Axis::kZ:
        g.z = a.values;
        break;
      case Axis::kT:
        g.t = a.values;
        break;
    }
  }
  out.lon_lat = components[0].lon_lat;
  g.values.assign(components[0].values.size(), Vec3::Zero());
  for (std::size_t i = 0; i < g.values.size(); ++i) {
    bool missing = false;
    for (std::size_t c = 0; c < components.size(); ++c) {
      const double value = components[c].values[i];
      missing = missing || std::isnan(value);
      g.values[i][static_cast<Eigen::Index>(c)] = std::isnan(value) ? 0.0 : value;
    }
    if (missing) {
      g.values[i] = Vec3::Zero();
      ++out.missing_cells;
    }
  }
  return out;
}

NetcdfBathymetry read_netcdf_bathymetry(const std::string& path, const std::string& variable,
                                        std::optional<bool> values_are_depths) {
  const NcFile f(path);
  int var = -1;
  if (!variable.empty()) {
    const auto v = f.find_variable(variable);
    if (!v) f.fail(variable, "no such variable");
    var = *v;
  } else {
    std::vector<int> candidates;
    for (int i = 0; i < f.variable_count(); ++i) {
      const auto dims = f.dimensions(i);
      if (dims.size() == 2) candidates.push_back(i);
    }
    if (candidates.size() != 1) {
      f.fail("", fmt::format("{} 2-D variables; expected exactly one, or name the seabed "
                             "variable in the world",
                             candidates.size()));
    }
    var = candidates.front();
  }
  GridVariable g = read_grid_variable(f, var);
  if (g.axes.size() != 2) f.fail(g.name, "expected a 2-D (y, x) grid of the seabed");
  NetcdfBathymetry out;
  out.values_were_depths =
      values_are_depths.value_or(f.text(var, "positive") == "down" ||
                                 f.text(var, "standard_name").find("depth") != std::string::npos);
  out.lon_lat = g.lon_lat;
  out.missing_cells = g.missing;
  Bathymetry& b = out.bathymetry;
  b.y = g.axes[0].values;
  b.x = g.axes[1].values;
  b.seabed_z = std::move(g.values);
  if (out.values_were_depths) {
    for (double& z : b.seabed_z)
      z = -z;
  }
  return out;
}

}  // namespace leeway
