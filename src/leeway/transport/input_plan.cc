#include "leeway/transport/input_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "leeway/transport/gz/gz_names.h"
#include "leeway/transport/ros2/ros_names.h"

namespace leeway {
namespace {

/// A command topic that something else of its transport already uses.
void check_command_topics(const Scenario& scenario, const PublicationPlan& plan,
                          const InputPlan& inputs, Route Publication::*published,
                          Route Subscription::*taken, const char* transport) {
  std::map<std::string, std::string> used;  // topic: what uses it
  for (const Publication& p : plan.rows) {
    if ((p.*published).carried()) used.try_emplace((p.*published).topic, output_name(p.what));
  }
  for (const Subscription& s : inputs.rows) {
    const Route& r = s.*taken;
    if (!r.carried()) continue;
    const std::string what = s.what == Input::kActuatorCommand
                                 ? "actuator " + scenario.model.actuators[s.targets[0]].full_name()
                                 : input_name(s.what);
    const auto [it, added] = used.try_emplace(r.topic, what);
    if (added || s.what != Input::kActuatorCommand) continue;
    throw LoadError(scenario.wiring.actuators[s.targets[0]].where,
                    fmt::format("{} would take commands on {} topic '{}', which {} uses; "
                                "expected a topic of its own",
                                what, transport, r.topic, it->second));
  }
}

}  // namespace

InputPlan make_input_plan(const Scenario& scenario, const PublicationPlan& plan) {
  const Model& model = scenario.model;
  InputPlan out;
  const auto add = [&](Input what, int index, Route gz, Route ros, Route view) -> Subscription& {
    Subscription& s = out.rows.emplace_back();
    s.what = what;
    s.index = index;
    s.gz = std::move(gz);
    s.ros = std::move(ros);
    s.view = std::move(view);
    return s;
  };
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    const ActuatorModel& a = model.actuators[i];
    const ActuatorWiring& w = scenario.wiring.actuators[i];
    // Where its plugin takes commands in its home simulator (VRX's bridge gives the ROS topic
    // the same name), else Leeway's defaults.
    const std::string gz = command_topic(scenario, i);
    const std::string ros = w.command_topic.empty() ? ros_command_topic(a.model_name, a.name)
                                                    : absolute(w.command_topic);
    const Route ros_route{
        ros, w.stamped ? "uuv_gazebo_ros_plugins_msgs/msg/FloatStamped" : "std_msgs/msg/Float64"};
    const auto shared = std::find_if(out.rows.begin(), out.rows.end(),
                                     [&](const Subscription& s) { return s.gz.topic == gz; });
    if (shared == out.rows.end()) {
      add(Input::kActuatorCommand, -1, {gz, "ignition.msgs.Double"}, ros_route,
          {gz, "JSON {\"data\": number}"})
          .targets = {i};
    } else if (shared->ros.topic == ros_route.topic && shared->ros.type == ros_route.type) {
      shared->targets.push_back(i);  // as gz-sim's plugins share a topic
    } else {
      throw LoadError(
          w.where,
          fmt::format("actuator {} would take commands on '{}' as actuator {} does, "
                      "but on ROS 2 {} '{}' where it takes {} '{}'; expected the same "
                      "topics and types, or a topic of its own",
                      a.full_name(), gz, model.actuators[shared->targets[0]].full_name(),
                      ros_route.type, ros_route.topic, shared->ros.type, shared->ros.topic));
    }
  }
  add(Input::kNamedCommand, -1, {}, {}, {"/leeway/command", R"(JSON {"actuator", "value"})"});
  std::map<std::string, std::vector<std::size_t>> pingers;
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    const std::string& topic = scenario.wiring.sensors[i].pinger_topic;
    if (!topic.empty()) pingers[topic].push_back(i);
  }
  for (auto& [topic, receivers] : pingers) {
    add(Input::kPingerPosition, -1, {topic, "ignition.msgs.Vector3d"},
        {topic, "geometry_msgs/msg/Vector3"}, {})
        .targets = std::move(receivers);
  }
  const std::string world = world_topic_prefix(model.world_name);
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    const std::string prefix = model_topic_prefix(model.bodies[b].model_name) + "/wrench";
    const int body = static_cast<int>(b);
    add(Input::kWrench, body, {prefix, "ignition.msgs.Wrench"}, {}, {});
    add(Input::kPersistentWrench, body, {prefix + "/persistent", "ignition.msgs.Wrench"}, {}, {});
    add(Input::kClearWrench, body, {prefix + "/clear", "ignition.msgs.Empty"}, {}, {});
  }
  add(Input::kWrench, -1, {}, {world + "/wrench", "ros_gz_interfaces/msg/EntityWrench"}, {});
  add(Input::kPersistentWrench, -1, {},
      {world + "/wrench/persistent", "ros_gz_interfaces/msg/EntityWrench"}, {});
  add(Input::kClearWrench, -1, {}, {world + "/wrench/clear", "ros_gz_interfaces/msg/Entity"}, {});
  add(Input::kWorldControl, -1,
      {world + "/control", "ignition.msgs.WorldControl -> ignition.msgs.Boolean"},
      {world + "/control", "ros_gz_interfaces/msg/WorldControl"},
      {world + "/control", "JSON WorldControl"})
      .gz_service = true;
  add(Input::kWorldControl, -1, {}, {}, {"/control", "JSON WorldControl"});
  add(Input::kLockstep, -1, {world + "/lockstep", "ignition.msgs.Param -> ignition.msgs.Clock"},
      {world + "/lockstep", "ros_gz_interfaces/msg/ParamVec"}, {})
      .gz_service = true;
  check_command_topics(scenario, plan, out, &Publication::gz, &Subscription::gz, "gz-transport");
  check_command_topics(scenario, plan, out, &Publication::ros, &Subscription::ros, "ROS 2");
  return out;
}

std::string command_topic(const Scenario& scenario, std::size_t i) {
  const ActuatorModel& a = scenario.model.actuators[i];
  const std::string& given = scenario.wiring.actuators[i].command_topic;
  return given.empty() ? default_command_topic(a.model_name, a.name) : absolute(given);
}

const char* input_name(Input what) {
  switch (what) {
    case Input::kActuatorCommand:
      return "actuator_command";
    case Input::kNamedCommand:
      return "named_command";
    case Input::kPingerPosition:
      return "pinger_position";
    case Input::kWrench:
      return "wrench";
    case Input::kPersistentWrench:
      return "persistent_wrench";
    case Input::kClearWrench:
      return "clear_wrench";
    case Input::kWorldControl:
      return "world_control";
    case Input::kLockstep:
      return "lockstep";
  }
  return "";
}

}  // namespace leeway
