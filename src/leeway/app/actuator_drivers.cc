#include "leeway/app/actuator_drivers.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstddef>
#include <map>

namespace leeway {
namespace {

/// Up to six names, then how many more: a line a terminal can hold.
std::string name_list(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 6;
  if (names.size() <= kShown) return fmt::format("{}", fmt::join(names, ", "));
  return fmt::format("{}, and {} more", fmt::join(names.begin(), names.begin() + kShown, ", "),
                     names.size() - kShown);
}

std::string plural(std::size_t n, const char* word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

}  // namespace

void print_actuator_drivers(const Scenario& scenario,
                            const std::vector<std::optional<double>>& commands, bool served,
                            const std::string& topics_arguments) {
  const Model& model = scenario.model;
  std::vector<char> commanded(model.actuators.size(), 0);
  for (std::size_t i = 0; i < commands.size(); ++i)
    commanded[i] = commands[i].has_value();
  for (const ControllerModel& c : scenario.controllers) {
    std::vector<std::string> names;
    for (const int a : driven_actuators(c)) {
      const auto i = static_cast<std::size_t>(a);
      if (commanded[i]) continue;  // --command's, which wins over the controller's
      commanded[i] = 1;
      names.push_back(model.actuators[i].name);
    }
    if (names.empty()) continue;
    fmt::print("control    the {} of model '{}' drives its {} ({}){}\n", controller_kind(c),
               c.model_name, plural(names.size(), "actuator"), name_list(names),
               served ? fmt::format(": a client's command for one lasts until the {}'s next "
                                    "update; --no-controllers leaves them to clients",
                                    controller_kind(c))
                      : "");
  }
  // Models in the order the world has them, each with the actuators nobody commands.
  std::vector<std::string> models;
  std::map<std::string, std::vector<std::string>> idle;
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    if (commanded[i]) continue;
    const ActuatorModel& a = model.actuators[i];
    auto [it, added] = idle.try_emplace(a.model_name);
    if (added) models.push_back(a.model_name);
    it->second.push_back(a.name);
  }
  for (const std::string& name : models) {
    const std::vector<std::string>& names = idle[name];
    fmt::print(
        "idle       model '{}': nothing commands its {} ({}), which hold their initial "
        "commands\n",
        name, plural(names.size(), "actuator"), name_list(names));
  }
  if (models.empty()) return;
  const std::string world = topics_arguments.empty() ? "" : " " + topics_arguments;
  fmt::print("           to drive them: --command MODEL/ACTUATOR=VALUE holds one for the run;\n");
  fmt::print(
      "           {} takes them on their topics from gz-transport and ROS 2 clients "
      "(`leeway topics{}`);\n",
      served ? "this served run" : "--serve", world);
  fmt::print(
      "           a reference controller in the world drives a vehicle "
      "(docs/sdf-reference.md, \"Reference autonomy\"), or Python steps it "
      "(docs/python.md)\n");
}

}  // namespace leeway
