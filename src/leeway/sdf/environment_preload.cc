#include "leeway/sdf/environment_preload.h"

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

EnvironmentData load_environment_preload(const sdf::ElementPtr& plugin) {
  reject_unknown_children(plugin, {"data", "dimensions"}, "<data>, <dimensions>");
  EnvironmentData out;
  out.where = location_of(plugin);
  out.path = resolve_file(required_child(plugin, "data", "the CSV table of environmental data"));
  if (const sdf::ElementPtr dims = optional_child(plugin, "dimensions")) {
    reject_unknown_children(dims, {"time", "space"}, "<time>, <space>");
    if (const sdf::ElementPtr time = optional_child(dims, "time")) out.columns.t = text_of(time);
    if (const sdf::ElementPtr space = optional_child(dims, "space")) {
      reject_unknown_children(space, {"x", "y", "z"}, "<x>, <y>, <z>");
      if (space->HasAttribute("reference")) {
        const std::string reference = space->GetAttribute("reference")->GetAsString();
        if (reference != "global") {
          throw LoadError(location_of(space),
                          fmt::format("space reference '{}': Leeway reads tables in the world "
                                      "frame only; expected reference=\"global\"",
                                      reference));
        }
      }
      for (auto [name, column] : {std::pair{"x", &out.columns.x}, std::pair{"y", &out.columns.y},
                                  std::pair{"z", &out.columns.z}}) {
        if (const sdf::ElementPtr e = optional_child(space, name)) *column = text_of(e);
      }
    }
  }
  return out;
}

std::shared_ptr<const VectorField> environment_vector_field(
    const EnvironmentData& data, const std::array<std::string, 3>& components,
    const SourceLocation& where) {
  CsvFieldColumns columns = data.columns;
  columns.u = components[0];
  columns.v = components[1];
  columns.w = components[2];
  columns.require_w = true;
  VectorField field;
  try {
    field.data = read_csv_field(data.path, columns);
  } catch (const LoadError& e) {
    throw LoadError(where, fmt::format("the EnvironmentPreload table (at {}:{}): {}",
                                       data.where.file, data.where.line, e.what()));
  }
  return std::make_shared<const VectorField>(std::move(field));
}

}  // namespace leeway::sdfio
