#include "leeway/app/command_option.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace leeway {
namespace {

std::string actuators_of(const Model& model, const std::string& model_name) {
  std::vector<std::string> names;
  for (const ActuatorModel& a : model.actuators)
    if (a.model_name == model_name) names.push_back(a.name);
  return names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

std::vector<std::optional<double>> parse_commands(const Model& model,
                                                  const std::vector<std::string>& options) {
  std::vector<std::optional<double>> commands(model.actuators.size());
  for (const std::string& option : options) {
    const std::size_t slash = option.find('/'), equals = option.find('=');
    if (slash == std::string::npos || equals == std::string::npos || slash > equals || slash == 0 ||
        equals == slash + 1) {
      throw std::runtime_error(
          fmt::format("--command '{}': expected MODEL/ACTUATOR=VALUE", option));
    }
    const std::string model_name = option.substr(0, slash);
    const std::string actuator = option.substr(slash + 1, equals - slash - 1);
    const std::string text = option.substr(equals + 1);
    // A model fixed to the world has no body of its own, but its moving joints may have
    // actuators (ApplyJointForce on an arm on a pedestal).
    const auto has_actuators = [&](const std::string& name) {
      return std::ranges::any_of(model.actuators,
                                 [&](const ActuatorModel& a) { return a.model_name == name; });
    };
    if (model.body_index(model_name) < 0 && !has_actuators(model_name)) {
      std::vector<std::string> models;
      for (const BodyModel& b : model.bodies)
        models.push_back(b.model_name);
      for (const ActuatorModel& a : model.actuators) {
        if (model.body_index(a.model_name) < 0 &&
            std::ranges::find(models, a.model_name) == models.end()) {
          models.push_back(a.model_name);
        }
      }
      throw std::runtime_error(
          fmt::format("--command '{}': the world has no model '{}'; its "
                      "models: {}",
                      option, model_name, fmt::join(models, ", ")));
    }
    const int index = model.actuator_index(model_name, actuator);
    if (index < 0) {
      throw std::runtime_error(
          fmt::format("--command '{}': model '{}' has no actuator '{}'; its "
                      "actuators: {}",
                      option, model_name, actuator, actuators_of(model, model_name)));
    }
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(value)) {
      throw std::runtime_error(
          fmt::format("--command '{}': got '{}', expected a finite number "
                      "in {}",
                      option, text,
                      model.actuators[index].unit.empty() ? "the actuator's unit"
                                                          : model.actuators[index].unit));
    }
    auto& slot = commands[static_cast<std::size_t>(index)];
    if (slot) {
      throw std::runtime_error(
          fmt::format("--command '{}': actuator '{}' is already commanded ({}); expected one "
                      "command per actuator",
                      option, model.actuators[index].full_name(), *slot));
    }
    slot = value;
  }
  return commands;
}

}  // namespace leeway
