#include "leeway/sdf/leeway/client_limits.h"

#include <fmt/format.h>

#include <algorithm>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

void load_client_limits(const sdf::ElementPtr& plugin, const std::vector<std::string>& model_names,
                        ClientLimits& limits) {
  reject_unknown_children(plugin, {"wrench_g", "model"}, "<wrench_g> and <model>");
  limits.wrench_g = number_or(plugin, "wrench_g", limits.wrench_g, 0.0, true,
                              "the external wrenches' bound in g x the body's mass");
  for_each_child(plugin, [&](const sdf::ElementPtr& model) {
    if (model->GetName() != "model") return;
    reject_unknown_children(model, {"max_force", "max_torque"}, "<max_force> and <max_torque>");
    const std::string name = attribute_of(model, "name");
    if (std::find(model_names.begin(), model_names.end(), name) == model_names.end()) {
      throw LoadError(location_of(model),
                      fmt::format("no model named '{}' in the world; expected the name of one "
                                  "of its {} models",
                                  name, model_names.size()));
    }
    WrenchLimit limit;
    limit.force = required_positive(model, "max_force", "the most external force [N]");
    limit.torque = required_positive(model, "max_torque", "the most external torque [N m]");
    if (!limits.wrench_by_model.emplace(name, limit).second) {
      throw LoadError(location_of(model),
                      fmt::format("a second <model name=\"{}\">; expected one per model", name));
    }
  });
}

}  // namespace leeway::sdfio
