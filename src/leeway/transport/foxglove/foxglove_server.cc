#include "leeway/transport/foxglove/foxglove_server.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "leeway/transport/foxglove/control_message.h"
#include "leeway/transport/gz/gz_names.h"

namespace leeway {

using nlohmann::json;

FoxgloveServer::FoxgloveServer(Simulation& sim, CommandInbox& inbox, ViewOptions view,
                               const FoxgloveServerOptions& options, const ServedPlans* plans)
    : sim_(sim),
      inbox_(inbox),
      own_plans_(plans ? nullptr
                       : std::make_unique<ServedPlans>(make_served_plans(sim.scenario()))),
      plans_(plans ? *plans : *own_plans_),
      channels_(sim, std::move(view), &plans_.publications) {
  const Model& model = sim.model();
  control_topic_ = world_topic_prefix(model.world_name) + "/control";
  for (const Subscription& s : plans_.inputs.rows) {
    if (s.what == Input::kActuatorCommand && s.view.carried())
      actuator_topics_[s.view.topic] = s.targets;
  }
  std::vector<FoxgloveWebSocket::Channel> channels;
  for (const ViewChannel& c : channels_.channels())
    channels.push_back({c.topic, c.schema_name, c.schema, c.latched});
  socket_.emplace(std::move(channels),
                  std::map<std::string, std::string>{{"world", model.world_name},
                                                     {"seed", std::to_string(model.seed)},
                                                     {"dt", fmt::format("{}", model.dt)}},
                  options, [this](const std::string& topic, std::string_view text) {
                    return client_message(topic, text);
                  });
}

void FoxgloveServer::on_step(const Simulation& sim) {
  channels_.step(sim, *this);
  if (sim.state().step_count % channels_.frame_interval() == 0)
    socket_->time(static_cast<std::uint64_t>(std::llround(sim.state().t * 1e9)));
}

void FoxgloveServer::on_refused_step(const Simulation& sim, const std::string& error) {
  socket_->status_to_all(
      2, fmt::format("t = {:.3f} s: a step was refused: {}. The run is paused: a reset of the "
                     "world ({{\"reset\": {{\"all\": true}}}} on {}) starts it again",
                     sim.state().t, error, control_topic_));
}

std::string FoxgloveServer::client_message(const std::string& topic, std::string_view text) {
  if (topic == control_topic_ || topic == "/control") {
    const auto parsed = parse_control_message(text);
    if (const auto* refused = std::get_if<std::string>(&parsed)) return *refused;
    const ControlMessage& control = std::get<ControlMessage>(parsed);
    if (control.rate_factor) sim_.set_rate_factor(*control.rate_factor);
    return control.rate_only ? std::string() : apply_world_control(sim_, control.request);
  }
  const json message = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!message.is_object()) return "not a JSON object";
  const auto finite_number = [](const json& x) {
    return x.is_number() && std::isfinite(x.get<double>());
  };
  try {
    if (topic == "/leeway/command") {
      const std::string name = message.at("actuator").get<std::string>();
      const std::size_t slash = name.find('/');
      const int i = slash == std::string::npos ? -1
                                               : sim_.model().actuator_index(
                                                     name.substr(0, slash), name.substr(slash + 1));
      if (i < 0) return fmt::format("no actuator '{}' (MODEL/ACTUATOR)", name);
      if (!finite_number(message.at("value"))) return "value must be a finite number";
      inbox_.offer(static_cast<std::size_t>(i), topic, message["value"].get<double>());
      return {};
    }
    if (const auto it = actuator_topics_.find(topic); it != actuator_topics_.end()) {
      if (!finite_number(message.at("data"))) return "data must be a finite number";
      for (std::size_t i : it->second)
        inbox_.offer(i, topic, message["data"].get<double>());
      return {};
    }
    return fmt::format(
        "no such topic: this server takes {}, /leeway/command and the actuators' topics",
        control_topic_);
  } catch (const json::exception& e) {
    return fmt::format("malformed: {}", e.what());
  }
}

}  // namespace leeway
