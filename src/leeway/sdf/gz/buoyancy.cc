#include "leeway/sdf/gz/buoyancy.h"

#include <algorithm>

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

GzBuoyancy load_gz_buoyancy(const sdf::ElementPtr& plugin) {
  reject_unknown_children(plugin, {"uniform_fluid_density", "graded_buoyancy", "enable"},
                          "<uniform_fluid_density>, <graded_buoyancy> and <enable>");
  GzBuoyancy b;
  b.where = location_of(plugin);
  if (plugin->HasElement("uniform_fluid_density") && plugin->HasElement("graded_buoyancy")) {
    throw LoadError(location_of(plugin->GetElement("graded_buoyancy")),
                    "both <uniform_fluid_density> and <graded_buoyancy>; expected one");
  }
  for_each_child(plugin, [&](const sdf::ElementPtr& child) {
    const std::string& n = child->GetName();
    if (n == "uniform_fluid_density") {
      b.fluid_density = read_density(child);
    } else if (n == "enable") {
      b.enabled_models.insert(text_of(child));
    } else if (n == "graded_buoyancy") {
      reject_unknown_children(child, {"default_density", "density_change"},
                              "<default_density> and <density_change>");
      b.fluid_density = number_or(child, "default_density", 1000.0, 0.0, true,
                                  "the density below every layer [kg/m^3]");
      for_each_child(child, [&](const sdf::ElementPtr& layer) {
        if (layer->GetName() != "density_change") return;
        reject_unknown_children(layer, {"above_depth", "density"}, "<above_depth> and <density>");
        const double z =
            read_number(required_child(layer, "above_depth", "the layer's height z [m]"),
                        "the layer's height z [m]");
        const double density =
            read_density(required_child(layer, "density", "the layer's density [kg/m^3]"));
        for (const GzBuoyancy::Layer& other : b.layers) {
          if (other.z == z) {
            throw LoadError(location_of(layer),
                            fmt::format("a second layer at above_depth {} m; expected one", z));
          }
        }
        b.layers.push_back({z, density});
      });
      std::sort(b.layers.begin(), b.layers.end(),
                [](const auto& a, const auto& c) { return a.z < c.z; });
    }
  });
  return b;
}

}  // namespace leeway::sdfio
