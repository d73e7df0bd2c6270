#include "py_simulation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "leeway/propulsion/actuator.h"
#include "leeway/sdf/default_world.h"
#include "leeway/transport/command_inbox.h"
#include "leeway/transport/gz/gz_server.h"
#include "leeway/transport/ros2/dds_server.h"

namespace leeway::python {
namespace {

Scenario load(const WorldSource& s, Diagnostics& diagnostics) {
  if (!s.path.empty()) return load_scenario_file(s.path, diagnostics, s.seed, s.spawns);
  if (!s.spawns.empty()) {
    throw LoadError({s.text.empty() ? std::string(kDefaultWorldName) : s.name, 0, "spawns"},
                    "only a world loaded from a file resolves URIs; expected a world file to "
                    "spawn into");
  }
  if (!s.text.empty()) return load_scenario_string(s.text, s.name, diagnostics, s.seed);
  return load_scenario_string(std::string(default_world_sdf()), std::string(kDefaultWorldName),
                              diagnostics, s.seed);
}

std::vector<std::string> warning_texts(const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.warnings())
    out.push_back(d.str());
  return out;
}

/// What `find(model, name)` gives for "MODEL/NAME"; -1 for text without a slash.
template <typename Find>
int scoped_index(const std::string& scoped, const Find& find) {
  const std::size_t slash = scoped.find('/');
  return slash == std::string::npos ? -1 : find(scoped.substr(0, slash), scoped.substr(slash + 1));
}

template <typename Names>
std::string listed(const Names& names) {
  return names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

std::vector<std::string> body_names(const Model& model) {
  std::vector<std::string> out;
  for (const BodyModel& b : model.bodies)
    out.push_back(b.model_name);
  return out;
}

std::vector<std::string> actuator_names(const Model& model) {
  std::vector<std::string> out;
  for (const ActuatorModel& a : model.actuators)
    out.push_back(a.full_name());
  return out;
}

std::vector<std::string> sensor_names(const Model& model) {
  std::vector<std::string> out;
  for (const SensorModel& x : model.sensors)
    out.push_back(x.full_name());
  return out;
}

PySimulation::PySimulation(const WorldSource& source) {
  Diagnostics diagnostics;
  Scenario scenario = load(source, diagnostics);
  if (!source.controllers) scenario.controllers.clear();
  sim_ = std::make_unique<Simulation>(std::move(scenario));
  warnings_ = warning_texts(diagnostics);
}

PySimulation::PySimulation(Scenario scenario, std::vector<std::string> warnings)
    : sim_(std::make_unique<Simulation>(std::move(scenario))), warnings_(std::move(warnings)) {}

PySimulation::~PySimulation() {
  stop_serving();
}

void PySimulation::step(std::uint64_t n) {
  for (std::uint64_t k = 0; k < n; ++k) {
    const StepResult r =
        served_run_ ? sim_->step(inputs_, served_run_->inbox()) : sim_->step(inputs_);
    if (!r.ok) throw StepRefused(r.error, sim_->state().t);
  }
}

void PySimulation::serve(const ServeOptions& options) {
  stop_serving();
  served_run_ = std::make_unique<ServedRun>(*sim_, options);
  served_ = options;
}

void PySimulation::stop_serving() {
  served_run_.reset();
  served_.reset();
}

std::vector<std::string> PySimulation::gz_topics() const {
  return served_run_ && served_run_->gz() ? served_run_->gz()->topics()
                                          : std::vector<std::string>{};
}

std::vector<std::string> PySimulation::dds_topics() const {
  return served_run_ && served_run_->dds() ? served_run_->dds()->topics()
                                           : std::vector<std::string>{};
}

int PySimulation::actuator(const std::string& name) const {
  const int i = scoped_index(name, [&](const std::string& m, const std::string& a) {
    return model().actuator_index(m, a);
  });
  if (i >= 0) return i;
  throw std::out_of_range(
      fmt::format("no actuator '{}' in world '{}': expected MODEL/ACTUATOR, one of {}", name,
                  model().world_name, listed(actuator_names(model()))));
}

int PySimulation::body(const std::string& model_name) const {
  const int i = model().body_index(model_name);
  if (i >= 0) return i;
  throw std::out_of_range(fmt::format("no moving model '{}' in world '{}': expected one of {}",
                                      model_name, model().world_name, listed(body_names(model()))));
}

int PySimulation::sensor(const std::string& name) const {
  const int i = scoped_index(
      name, [&](const std::string& m, const std::string& n) { return model().sensor_index(m, n); });
  if (i >= 0) return i;
  throw std::out_of_range(
      fmt::format("no sensor '{}' in world '{}': expected MODEL/SENSOR, one of {}", name,
                  model().world_name, listed(sensor_names(model()))));
}

std::string PySimulation::set_command(int index, double value) {
  const ActuatorModel& a = model().actuators.at(static_cast<std::size_t>(index));
  const CheckedCommand c = check_command(a, value);
  if (c.rejected) throw std::invalid_argument(c.problem);
  inputs_.commands.resize(model().actuators.size());
  inputs_.commands[static_cast<std::size_t>(index)] = value;
  return c.problem;
}

void PySimulation::clear_command(int index) {
  if (index < 0) {
    inputs_.commands.clear();
  } else if (!inputs_.commands.empty()) {
    inputs_.commands.at(static_cast<std::size_t>(index)).reset();
  }
}

std::vector<double> PySimulation::held_commands() const {
  std::vector<double> out(model().actuators.size(), std::numeric_limits<double>::quiet_NaN());
  for (std::size_t i = 0; i < inputs_.commands.size(); ++i) {
    if (inputs_.commands[i]) out[i] = *inputs_.commands[i];
  }
  return out;
}

void PySimulation::set_wrench(int index, const Vec6& F_Bo_B) {
  if (!F_Bo_B.allFinite()) {
    throw std::invalid_argument(fmt::format(
        "the wrench on '{}' is not finite: [{}]",
        model().bodies.at(static_cast<std::size_t>(index)).model_name, fmt::join(F_Bo_B, ", ")));
  }
  inputs_.F_ext_Bo_B.resize(model().bodies.size(), Vec6::Zero());
  inputs_.F_ext_Bo_B.at(static_cast<std::size_t>(index)) = F_Bo_B;
}

void PySimulation::replace_environment(
    const std::vector<std::pair<EnvironmentPart, std::string>>& parts) {
  const Model& model = sim_->model();
  std::string elements, what;
  for (const auto& [part, text] : parts) {
    elements += text;
    what +=
        std::string(what.empty() ? "" : ", ") + (part == EnvironmentPart::kWaves  ? "set_sea_state"
                                                 : part == EnvironmentPart::kWind ? "set_wind"
                                                                                  : "set_current");
  }
  // An empty world with the same gravity and calm level, whose environment is these elements:
  // the loader checks them and draws the sea as it would in the world itself.
  const std::string world = fmt::format(
      "<sdf version=\"1.9\"><world name=\"{}\"><gravity>{} {} {}</gravity>"
      "<plugin filename=\"leeway-environment\" name=\"leeway::Environment\">"
      "<surface_level>{}</surface_level>{}</plugin></world></sdf>",
      model.world_name, model.gravity_W.x(), model.gravity_W.y(), model.gravity_W.z(),
      model.environment.surface_level, elements);
  Diagnostics diagnostics;
  const Model parsed = load_world_string(world, fmt::format("<{}>", what), diagnostics, model.seed);
  Scenario edited = sim_->scenario();
  Environment& env = edited.model.environment;
  for (const auto& [part, text] : parts) {
    switch (part) {
      case EnvironmentPart::kWaves:
        env.waves = parsed.environment.waves;
        env.random_sea = parsed.environment.random_sea;
        break;
      case EnvironmentPart::kWind:
        env.wind = parsed.environment.wind;
        break;
      case EnvironmentPart::kCurrent:
        env.current = parsed.environment.current;
        break;
    }
  }
  // Served, the servers move to the new world with it.
  const std::optional<ServeOptions> served = served_;
  stop_serving();
  const bool draws = draws_images();
  sim_ = std::make_unique<Simulation>(std::move(edited));
  sim_->draw_images(draws);
  if (served) serve(*served);
  for (const Diagnostic& d : diagnostics.warnings())
    warnings_.push_back(d.str());
}

}  // namespace leeway::python
