#include "leeway/transport/topic_table.h"

#include <fmt/format.h>

#include <algorithm>

namespace leeway {
namespace {

std::string hz(double rate) {
  return fmt::format("{:g} Hz", rate);
}

/// When row `p` is sent, on a transport whose state topics go at `state_hz`.
std::string when(const Publication& p, const Scenario& s, double state_hz,
                 const TopicTableRates& r) {
  const double dt = s.model.dt;
  switch (p.cadence) {
    case Cadence::kClock:
      return r.clock_rate_hz > 0.0 ? hz(r.clock_rate_hz) : "every step";
    case Cadence::kState:
      return hz(state_hz);
    case Cadence::kSample: {
      const double rate = s.model.sensors[static_cast<std::size_t>(p.index)].rate_hz;
      const std::string each = rate > 0.0 ? hz(rate) : "every step";
      return p.drawn ? each + ", drawn while listened to" : each;
    }
    case Cadence::kSecond:
      return "1 Hz";
    case Cadence::kOwn:
      return p.interval == 1 ? "every step" : hz(1.0 / (static_cast<double>(p.interval) * dt));
    case Cadence::kStart:
      return "latched";
    case Cadence::kWall:
      return "5 Hz wall clock";
    case Cadence::kEvents:
      return "as it happens";
    case Cadence::kSea:
      return hz(r.sea_rate_hz);
    case Cadence::kReply:
      return "per request";
  }
  return "";
}

std::string line(const std::string& topic, const std::string& type, const std::string& rest) {
  return fmt::format("    {:<56} {:<46} {}\n", topic, type, rest);
}

void publications(std::string& out, const Scenario& s, const ServedPlans& plans,
                  Route Publication::*route, double state_hz, const TopicTableRates& r) {
  out += "  publishes\n";
  for (const Publication& p : plans.publications.rows) {
    const Route& x = p.*route;
    if (!x.carried()) continue;
    if (p.cadence == Cadence::kSea && r.sea_rate_hz <= 0.0) continue;
    const std::string who = owner_of(s, p);
    out += line(x.topic, x.type,
                fmt::format("{}{}{}, {}", output_name(p.what), who.empty() ? "" : " of ", who,
                            when(p, s, state_hz, r)));
  }
}

void inputs(std::string& out, const Scenario& s, const ServedPlans& plans,
            Route Subscription::*route, bool gz) {
  std::string topics, services;
  for (const Subscription& in : plans.inputs.rows) {
    const Route& x = in.*route;
    if (!x.carried()) continue;
    std::string what = input_name(in.what);
    if (in.what == Input::kActuatorCommand) {
      what = "command of ";
      for (std::size_t i : in.targets) {
        const ActuatorModel& a = s.model.actuators[i];
        if (i != in.targets.front()) what += ", ";
        what += fmt::format("{} [{}]", a.full_name(), a.unit.empty() ? "-" : a.unit);
      }
    } else if (in.index >= 0) {
      what += " on " + s.model.bodies[static_cast<std::size_t>(in.index)].model_name;
    }
    (gz && in.gz_service ? services : topics) += line(x.topic, x.type, what);
  }
  if (!topics.empty()) out += "  subscribes\n" + topics;
  if (!services.empty()) out += "  services\n" + services;
}

}  // namespace

std::string topic_table(const Scenario& scenario, const ServedPlans& plans,
                        const TopicTableRates& r) {
  std::string out =
      fmt::format("world {} ({})\n", scenario.model.world_name, scenario.model.source);
  out += "gz-transport (leeway run --serve: ign topic, ign service, ros_gz_bridge)\n";
  publications(out, scenario, plans, &Publication::gz, r.pose_rate_hz, r);
  inputs(out, scenario, plans, &Subscription::gz, true);
  out += "ROS 2 over DDS (leeway run --serve: any rmw; topics without the rt/ prefix)\n";
  publications(out, scenario, plans, &Publication::ros, r.pose_rate_hz, r);
  inputs(out, scenario, plans, &Subscription::ros, false);
  out += "viewer (leeway run --view: Foxglove WebSocket channels; --record run.mcap)\n";
  publications(out, scenario, plans, &Publication::view, r.frame_rate_hz, r);
  inputs(out, scenario, plans, &Subscription::view, false);
  return out;
}

}  // namespace leeway
