#include "leeway/transport/foxglove/control_message.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "leeway/sim/rate_factor.h"

namespace leeway {

std::variant<ControlMessage, std::string> parse_control_message(std::string_view text) {
  using nlohmann::json;
  const json message = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!message.is_object()) return std::string("not a JSON object");
  ControlMessage out;
  try {
    if (message.contains("rate_factor")) {
      const json& rate = message["rate_factor"];
      if (!rate.is_number())
        return fmt::format("rate_factor is {}: expected a number", rate.dump());
      if (std::string error = rate_factor_error(rate.get<double>()); !error.empty()) return error;
      out.rate_factor = rate.get<double>();
      out.rate_only = message.size() == 1;
      if (out.rate_only) return out;
    }
    WorldControlRequest& request = out.request;
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
  } catch (const json::exception& e) {
    return fmt::format("malformed: {}", e.what());
  }
  return out;
}

}  // namespace leeway
