#include "leeway/sdf/leeway/fields.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "leeway/core/text.h"
#include "leeway/formats/esri_ascii.h"
#include "leeway/formats/field_csv.h"
#include "leeway/formats/hecras_hdf5.h"
#include "leeway/formats/netcdf_grid.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

std::string lower_extension(const std::string& path) {
  return ascii_lowercase(std::filesystem::path(path).extension().string());
}

/// <format>, or the one the file's extension implies among `formats` (extension -> format).
std::string read_format(const sdf::ElementPtr& e, const std::string& path,
                        const std::vector<std::pair<std::string, std::string>>& formats) {
  std::string accepted;
  for (const auto& [ext, format] : formats) {
    if (accepted.find(format) == std::string::npos)
      accepted += (accepted.empty() ? "" : ", ") + format;
  }
  if (const auto f = optional_child(e, "format")) {
    const std::string format = text_of(f);
    for (const auto& entry : formats)
      if (entry.second == format) return format;
    throw LoadError(location_of(f), fmt::format("got '{}', expected {}", format, accepted));
  }
  const std::string ext = lower_extension(path);
  for (const auto& [known, format] : formats)
    if (ext == known) return format;
  throw LoadError(location_of(required_child(e, "file", "")),
                  fmt::format("cannot tell the format from the extension '{}': give <format> ({})",
                              ext, accepted));
}

/// The file's coordinate system: nullopt for local metres.
std::optional<FieldCrs> read_crs(const sdf::ElementPtr& e, bool file_in_degrees) {
  const sdf::ElementPtr c = optional_child(e, "crs");
  if (!c) {
    if (file_in_degrees) return FieldCrs{FieldCrs::Kind::kLonLat, {}};
    return std::nullopt;
  }
  std::istringstream words(text_of(c));
  std::string kind, zone;
  words >> kind >> zone;
  std::optional<FieldCrs> crs;
  if (kind == "local" && zone.empty()) {
    crs = std::nullopt;
  } else if (kind == "lonlat" && zone.empty()) {
    crs = FieldCrs{FieldCrs::Kind::kLonLat, {}};
  } else if (kind == "utm" && zone.size() >= 2) {
    const char hemisphere = static_cast<char>(::toupper(zone.back()));
    int number = 0;
    try {
      std::size_t used = 0;
      number = std::stoi(zone.substr(0, zone.size() - 1), &used);
      if (used != zone.size() - 1) number = 0;
    } catch (const std::exception&) {
      number = 0;
    }
    if (number < 1 || number > 60 || (hemisphere != 'N' && hemisphere != 'S')) {
      throw LoadError(location_of(c),
                      fmt::format("got UTM zone '{}', expected 1 to 60 then N or S, as 32N", zone));
    }
    crs = FieldCrs{FieldCrs::Kind::kUtm, {number, hemisphere == 'N'}};
  } else {
    throw LoadError(location_of(c), fmt::format("got '{}', expected local, lonlat or utm <zone> "
                                                "(as utm 32N)",
                                                text_of(c)));
  }
  if (file_in_degrees && (!crs || crs->kind != FieldCrs::Kind::kLonLat)) {
    throw LoadError(location_of(c), "the file's horizontal axes are in degrees; expected lonlat");
  }
  return crs;
}

/// Places a file's coordinates in W; records the extent of a geo-referenced one for the
/// world's coverage check.
FieldPlacement read_placement(const sdf::ElementPtr& e, bool file_in_degrees,
                              const std::vector<Eigen::Vector2d>& corners_F,
                              const FieldContext& context) {
  const std::optional<FieldCrs> crs = read_crs(e, file_in_degrees);
  if (!crs) {
    const sdf::ElementPtr offset = optional_child(e, "offset");
    return local_placement(offset ? read_vec3(offset, "x y z in metres") : Vec3::Zero());
  }
  if (const sdf::ElementPtr offset = optional_child(e, "offset")) {
    throw LoadError(location_of(offset),
                    "a geo-referenced file is placed by the world's "
                    "<spherical_coordinates>; expected no <offset>");
  }
  if (!context.origin) {
    throw LoadError(location_of(e),
                    "the file is geo-referenced (UTM or lon/lat) but the world "
                    "has no <spherical_coordinates>; expected the geodetic "
                    "position of the world origin");
  }
  GeoPlacement geo;
  try {
    geo = geo_placement(*context.origin, *crs, corners_F);
  } catch (const std::invalid_argument& error) {
    throw LoadError(location_of(e),
                    fmt::format("the file's extent is not a valid position: {}", error.what()));
  }
  if (geo.max_error_m > 1.0) {
    context.diagnostics.warn(
        location_of(e),
        fmt::format("the file spans a large area: Leeway's flat map of it is off by up to {:.1f} "
                    "m at its corners",
                    geo.max_error_m));
  }
  Eigen::AlignedBox2d extent;
  for (const auto& c : corners_F)
    extent.extend(field_to_W(geo.placement, Vec3(c.x(), c.y(), 0.0)).head<2>());
  context.coverage.push_back({location_of(e), extent});
  return geo.placement;
}

/// The child `name`, which only the format `owner` reads; an error with any other format.
sdf::ElementPtr format_option(const sdf::ElementPtr& e, const char* name, const std::string& format,
                              const char* owner) {
  const sdf::ElementPtr child = optional_child(e, name);
  if (child && format != owner) {
    throw LoadError(location_of(child), fmt::format("<{}> is read by the {} format only; this "
                                                    "file is {}",
                                                    name, owner, format));
  }
  return child;
}

OutsidePolicy read_outside(const sdf::ElementPtr& e) {
  const sdf::ElementPtr o = optional_child(e, "outside");
  const std::string outside = o ? text_of(o) : "hold";
  if (outside == "hold") return OutsidePolicy::kHold;
  if (outside == "fade") return OutsidePolicy::kFade;
  if (outside == "zero") return OutsidePolicy::kZero;
  throw LoadError(location_of(o), fmt::format("got '{}', expected hold, fade or zero", outside));
}

}  // namespace

VectorField load_field(const sdf::ElementPtr& e, FieldKind kind, const FieldContext& context) {
  reject_unknown_children(e,
                          {"file", "format", "crs", "offset", "start_time", "outside",
                           "fade_distance", "variables", "area"},
                          "<file>, <format>, <crs>, <offset>, <start_time>, <outside>, "
                          "<fade_distance>, <variables> and <area>");
  const std::string path = resolve_file(required_child(e, "file", "the path of the field file"));
  const std::string format = read_format(e, path,
                                         {{".csv", "csv"},
                                          {".nc", "netcdf"},
                                          {".nc4", "netcdf"},
                                          {".cdf", "netcdf"},
                                          {".hdf", "hecras"},
                                          {".h5", "hecras"},
                                          {".hdf5", "hecras"}});
  const sdf::ElementPtr variables = format_option(e, "variables", format, "netcdf");
  const sdf::ElementPtr area = format_option(e, "area", format, "hecras");

  VectorField f;
  bool in_degrees = false;
  if (format == "csv") {
    f.data = read_csv_field(path);
  } else if (format == "netcdf") {
    NetcdfVectorNames names;
    names.kind = kind == FieldKind::kWind ? NetcdfVectorNames::Kind::kWind
                                          : NetcdfVectorNames::Kind::kCurrent;
    if (variables) {
      std::istringstream words(text_of(variables));
      words >> names.u >> names.v >> names.w;
      std::string extra;
      if (names.v.empty() || (words >> extra)) {
        throw LoadError(location_of(variables),
                        fmt::format("got '{}', expected two or three variable names (east, "
                                    "north[, up])",
                                    text_of(variables)));
      }
    }
    NetcdfField nc = read_netcdf_field(path, names);
    if (nc.missing_cells > 0) {
      context.diagnostics.warn(
          location_of(e), fmt::format("{} cells of '{}' hold the fill value (land): read as zero",
                                      nc.missing_cells, path));
    }
    in_degrees = nc.lon_lat;
    f.data = std::move(nc.grid);
  } else {
    f.data = read_hecras_field(path, area ? text_of(area) : "").series;
  }
  f.placement = read_placement(e, in_degrees, horizontal_corners(f), context);
  const auto& times = std::holds_alternative<RegularGrid>(f.data) ? std::get<RegularGrid>(f.data).t
                                                                  : std::get<MeshSeries>(f.data).t;
  f.start_time = optional_child(e, "start_time")
                     ? read_number(optional_child(e, "start_time"), "a time in s")
                     : times.front();
  f.outside = read_outside(e);
  if (optional_child(e, "fade_distance")) {
    f.fade_distance =
        read_number_at_least(optional_child(e, "fade_distance"), 0.0, true, "a distance in m");
  }
  return f;
}

Bathymetry load_bathymetry(const sdf::ElementPtr& e, const FieldContext& context) {
  reject_unknown_children(e, {"file", "format", "crs", "offset", "values", "variable"},
                          "<file>, <format>, <crs>, <offset>, <values> and <variable>");
  const std::string path = resolve_file(required_child(e, "file", "an ESRI ASCII or NetCDF grid"));
  const std::string format =
      read_format(e, path, {{".asc", "esri"}, {".nc", "netcdf"}, {".nc4", "netcdf"}});
  std::optional<bool> depths;
  if (const sdf::ElementPtr v = optional_child(e, "values")) {
    const std::string values = text_of(v);
    if (values != "elevation" && values != "depth") {
      throw LoadError(location_of(v), fmt::format("got '{}', expected elevation or depth", values));
    }
    depths = values == "depth";
  }
  const sdf::ElementPtr variable = format_option(e, "variable", format, "netcdf");
  Bathymetry b;
  bool in_degrees = false;
  if (format == "esri") {
    b = read_esri_ascii(path, depths.value_or(false));
  } else {
    NetcdfBathymetry nc = read_netcdf_bathymetry(path, variable ? text_of(variable) : "", depths);
    b = std::move(nc.bathymetry);
    in_degrees = nc.lon_lat;
  }
  const std::vector<Eigen::Vector2d> corners = {{b.x.front(), b.y.front()},
                                                {b.x.back(), b.y.front()},
                                                {b.x.back(), b.y.back()},
                                                {b.x.front(), b.y.back()}};
  b.placement = read_placement(e, in_degrees, corners, context);
  return b;
}

}  // namespace leeway::sdfio
