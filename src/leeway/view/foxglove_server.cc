#include "leeway/view/foxglove_server.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "leeway/interfaces/gz_topics.h"
#include "leeway/interfaces/world_control.h"
#include "leeway/view/json_schemas.h"

namespace leeway {

using nlohmann::json;

FoxgloveServer::FoxgloveServer(Simulation& sim, CommandInbox& inbox, ViewOptions view,
                               const FoxgloveServerOptions& options)
    : sim_(sim), inbox_(inbox), channels_(sim, view) {
  const Model& model = sim.model();
  frame_interval_ = steps_between(view.frame_rate_hz, model.dt);
  control_topic_ = world_topic_prefix(model.world_name) + "/control";
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    const std::string& topic = model.actuators[i].topic;
    if (!topic.empty()) actuator_topics_[topic[0] == '/' ? topic : "/" + topic] = i;
  }
  std::vector<FoxgloveWebSocket::Channel> channels;
  for (const ViewChannel& c : channels_.channels())
    channels.push_back(
        {c.topic, c.schema_name, std::string(json_schema(c.schema_name)), c.latched});
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
  if (sim.state().step_count % frame_interval_ == 0)
    socket_->time(static_cast<std::uint64_t>(std::llround(sim.state().t * 1e9)));
}

std::string FoxgloveServer::client_message(const std::string& topic, std::string_view text) {
  const json message = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!message.is_object()) return "not a JSON object";
  const auto finite_number = [](const json& x) {
    return x.is_number() && std::isfinite(x.get<double>());
  };
  try {
    if (topic == control_topic_ || topic == "/control") {
      if (message.contains("rate_factor") &&
          (!finite_number(message["rate_factor"]) ||
           !sim_.set_rate_factor(message["rate_factor"].get<double>())))
        return "rate_factor must be a finite number >= 0 (0: as fast as possible)";
      // A rate change alone leaves the world's pause as it is.
      if (message.size() == 1 && message.contains("rate_factor")) return {};
      WorldControlRequest request;
      request.pause = message.value("pause", false);
      request.step = message.value("step", false);
      request.multi_step = message.value("multi_step", 0u);
      if (message.contains("reset")) {
        const json& reset = message["reset"];
        request.reset_all = reset.value("all", false);
        request.reset_time_only = reset.value("time_only", false);
        request.reset_model_only = reset.value("model_only", false);
      }
      request.seed = message.value("seed", 0u);
      if (message.contains("run_to_sim_time")) {
        const json& t = message["run_to_sim_time"];
        request.run_to_sim_time =
            static_cast<double>(t.value("sec", 0)) + 1e-9 * static_cast<double>(t.value("nsec", 0));
      }
      return apply_world_control(sim_, request);
    }
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
      inbox_.offer(it->second, topic, message["data"].get<double>());
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
