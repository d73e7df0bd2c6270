#include "leeway/sdf/gz/environment_preload.h"

#include <fmt/format.h>

#include <numbers>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

EnvironmentData load_environment_preload(const sdf::ElementPtr& plugin,
                                         const std::optional<Geodetic>& origin) {
  reject_unknown_children(plugin, {"data", "dimensions"}, "<data>, <dimensions>");
  EnvironmentData out;
  out.where = location_of(plugin);
  out.path = resolve_file(required_child(plugin, "data", "the CSV table of environmental data"));
  const sdf::ElementPtr dims = optional_child(plugin, "dimensions");
  if (!dims) return out;
  reject_unknown_children(dims, {"time", "space"}, "<time>, <space>");
  if (const sdf::ElementPtr time = optional_child(dims, "time")) out.columns.t = text_of(time);
  const sdf::ElementPtr space = optional_child(dims, "space");
  if (!space) return out;
  reject_unknown_children(space, {"x", "y", "z"}, "<x>, <y>, <z>");
  for (auto [name, column] : {std::pair{"x", &out.columns.x}, std::pair{"y", &out.columns.y},
                              std::pair{"z", &out.columns.z}}) {
    if (const sdf::ElementPtr e = optional_child(space, name)) *column = text_of(e);
  }
  const std::string reference =
      space->HasAttribute("reference") ? space->GetAttribute("reference")->GetAsString() : "";
  if (reference == "spherical") {
    if (!origin) {
      throw LoadError(location_of(space),
                      "a table in spherical coordinates, and the world has no "
                      "<spherical_coordinates> (gz-sim would look nothing up in it); expected "
                      "the geodetic position of the world origin");
    }
    out.spherical_origin = origin;
    const std::string units =
        space->HasAttribute("units") ? space->GetAttribute("units")->GetAsString() : "radians";
    if (units != "radians" && units != "degrees") {
      throw LoadError(
          location_of(space),
          fmt::format("units '{}'; expected radians (gz-sim's default) or degrees", units));
    }
    out.degrees = units == "degrees";
  } else if (!reference.empty() && reference != "global") {
    throw LoadError(location_of(space),
                    fmt::format("space reference '{}': Leeway reads tables in the world frame "
                                "or in spherical coordinates; expected reference=\"global\" "
                                "or \"spherical\"",
                                reference));
  }
  return out;
}

std::shared_ptr<const VectorField> environment_vector_field(
    const EnvironmentData& data, const std::array<std::string, 3>& components,
    const SourceLocation& where, Diagnostics& diagnostics) {
  CsvFieldColumns columns = data.columns;
  // Leeway's lon/lat placement reads longitude as the file's x; gz-sim's tables put latitude in x.
  if (data.spherical_origin) std::swap(columns.x, columns.y);
  columns.u = components[0];
  columns.v = components[1];
  columns.w = components[2];
  columns.require_w = true;
  VectorField field;
  const auto error = [&](const std::string& what) {
    return LoadError(where, fmt::format("the EnvironmentPreload table (at {}:{}): {}",
                                        data.where.file, data.where.line, what));
  };
  try {
    field.data = read_csv_field(data.path, columns);
  } catch (const LoadError& e) {
    throw error(e.what());
  }
  if (!data.spherical_origin) return std::make_shared<const VectorField>(std::move(field));

  auto& grid = std::get<RegularGrid>(field.data);
  if (!data.degrees) {
    for (std::vector<double>* axis : {&grid.x, &grid.y}) {
      for (double& angle : *axis)
        angle *= 180.0 / std::numbers::pi;
    }
  }
  GeoPlacement geo;
  try {
    geo = geo_placement(*data.spherical_origin, FieldCrs{FieldCrs::Kind::kLonLat, {}},
                        horizontal_corners(field));
  } catch (const std::invalid_argument& e) {
    throw error(fmt::format("its extent is not a valid position: {}", e.what()));
  }
  if (geo.max_error_m > 1.0) {
    diagnostics.warn(data.where, fmt::format("the table spans a large area: Leeway's flat map of "
                                             "it is off by up to {:.1f} m at its corners",
                                             geo.max_error_m));
  }
  field.placement = geo.placement;
  field.placement.z_offset_W = -data.spherical_origin->altitude_m;  // altitude = origin's + z
  return std::make_shared<const VectorField>(std::move(field));
}

}  // namespace leeway::sdfio
