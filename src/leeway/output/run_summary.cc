#include "leeway/output/run_summary.h"

#include <fmt/format.h>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "leeway/output/output_file.h"

namespace leeway {
namespace {

template <typename V>
nlohmann::json array_of(const V& v) {
  nlohmann::json a = nlohmann::json::array();
  for (int i = 0; i < v.size(); ++i)
    a.push_back(v[i]);
  return a;
}

}  // namespace

void write_run_summary(const std::string& path, const Simulation& sim, const RunSummary& s) {
  const Model& model = sim.model();
  const State& state = sim.state();
  const std::vector<TaskModel>& task_models = sim.scenario().tasks;
  nlohmann::json j;
  j["world"] = model.world_name;
  j["source"] = model.source;
  j["seed"] = s.seed;
  j["frame"] = s.frame == OutputFrame::kEnuFlu ? "enu" : "ned";
  j["dt"] = model.dt;
  j["duration"] = s.duration;
  j["simulated_time"] = state.t;
  j["steps"] = state.step_count;
  j["wall_time"] = s.wall_time;
  j["real_time_factor"] = s.wall_time > 0.0 ? state.t / s.wall_time : 0.0;
  j["status"] = !s.error.empty() ? "error" : s.stopped ? "stopped" : "ok";
  if (!s.error.empty()) j["error"] = s.error;
  j["warnings"] = s.warnings;
  if (!s.recording_path.empty()) {
    j["recording"] = {{"path", s.recording_path}, {"rows", s.recording_rows}};
  }
  nlohmann::json events = nlohmann::json::object();
  for (std::size_t k = 0; k < sim.data().counts.size(); ++k)
    events[std::string(event_kind_name(static_cast<EventKind>(k)))] = sim.data().counts[k];
  j["events"] = events;
  nlohmann::json bodies = nlohmann::json::array();
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const PoseTwistRow r = to_output_frame(state.bodies[i], s.frame);
    bodies.push_back({{"model", model.bodies[i].model_name},
                      {"link", model.bodies[i].link_name},
                      {"position", array_of(r.position)},
                      {"roll_pitch_yaw", array_of(r.roll_pitch_yaw)},
                      {"twist", array_of(r.twist)}});
  }
  j["bodies"] = bodies;
  nlohmann::json sensors = nlohmann::json::array();
  for (const SensorModel& sensor : model.sensors) {
    sensors.push_back({{"model", sensor.model_name},
                       {"name", sensor.name},
                       {"type", sensor_type_name(sensor)},
                       {"link", sensor.link_name},
                       {"rate_hz", sensor.rate_hz}});
  }
  j["sensors"] = sensors;
  nlohmann::json tasks = nlohmann::json::array();
  for (std::size_t k = 0; k < task_models.size(); ++k) {
    const TaskModel& task = task_models[k];
    const TaskState& ts = sim.task_states()[k];
    nlohmann::json t = {{"name", task.name},
                        {"type", task_kind_name(task.kind)},
                        {"vehicle", task.vehicle_name},
                        {"state", task_phase_name(ts.phase)},
                        {"running_time", static_cast<double>(ts.running_steps) * model.dt},
                        {"remaining_time", std::max(0.0, task.finish_time() - state.t)},
                        {"score", nullptr}};
    if (ts.running_steps > 0) t["score"] = ts.score;
    if (task.kind == TaskKind::kWayfinding) t["waypoint_min_errors"] = ts.min_errors;
    t["num_collisions"] = ts.collisions.size();
    nlohmann::json collisions = nlohmann::json::array();
    for (const TaskCollision& c : ts.collisions)
      collisions.push_back(
          {{"t", c.t},
           {"vehicle_collision", model.shape_name(task.collider, c.contact.shape)},
           {"other_collision", model.shape_name(c.contact.other_collider, c.contact.other_shape)}});
    t["collisions"] = collisions;
    tasks.push_back(t);
  }
  j["tasks"] = tasks;
  nlohmann::json navigation = nlohmann::json::array();
  for (std::size_t k = 0; k < sim.scenario().controllers.size(); ++k) {
    const ControllerModel& c = sim.scenario().controllers[k];
    nlohmann::json n = {{"model", c.model_name}, {"source", c.navigator ? "estimated" : "truth"}};
    if (c.navigator) {
      const NavigationError e =
          navigation_error(*c.navigator, sim.navigation_states()[k],
                           state.bodies[static_cast<std::size_t>(c.body)], state.t);
      n["horizontal_error"] = e.horizontal;
      n["vertical_error"] = e.vertical;
      n["heading_error"] = e.heading;
      n["horizontal_sigma"] = e.horizontal_sigma;
      n["heading_sigma"] = e.heading_sigma;
    }
    navigation.push_back(n);
  }
  j["navigation"] = navigation;
  OutputFile out(path, "the summary");
  out.write(j.dump(2) + "\n");
  out.close();
}

void SummaryWriter::on_end(const Simulation& sim, const RunEnd& end) {
  summary_.wall_time = end.wall_time;
  summary_.error = end.error;
  summary_.stopped = end.stopped && summary_.duration > 0.0;  // a served run's end is its stop
  if (recorder_) summary_.recording_rows = recorder_->rows_written();
  write_run_summary(path_, sim, summary_);
}

}  // namespace leeway
