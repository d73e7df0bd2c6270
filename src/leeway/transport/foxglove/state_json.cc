#include "leeway/transport/foxglove/state_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "leeway/env/wave_field.h"
#include "leeway/transport/contact_reports.h"
#include "leeway/transport/foxglove/json_text.h"
#include "leeway/transport/ros2/ros_names.h"

namespace leeway {
namespace {

namespace jt = json_text;

/// One transform of foxglove.FrameTransforms.
void transform(std::string& out, double t, std::string_view parent, std::string_view child,
               const Vec3& p, const Quat& q) {
  out += R"({"timestamp":)";
  jt::time(out, t);
  jt::key(out, "parent_frame_id");
  jt::string(out, parent);
  jt::key(out, "child_frame_id");
  jt::string(out, child);
  jt::key(out, "translation");
  jt::vec3(out, p);
  jt::key(out, "rotation");
  jt::quat(out, q);
  out += '}';
}

}  // namespace

void body_frames_json(std::string& out, const Simulation& sim) {
  const Model& model = sim.model();
  const State& state = sim.state();
  const double t = state.t;
  out = R"({"transforms":[)";
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    if (i > 0) out += ',';
    transform(out, t, "world", ros_body_frame(model, static_cast<int>(i)), state.bodies[i].p_WB,
              state.bodies[i].q_WB);
  }
  out += "]}";
}

void static_frames_json(std::string& out, const Model& model, double t) {
  out = R"({"transforms":[)";
  bool first = true;
  const auto add = [&](const std::string& parent, const std::string& child, const Pose& X) {
    if (!first) out += ',';
    first = false;
    transform(out, t, parent, child, X.p, X.q);
  };
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& b = model.bodies[i];
    const std::string parent = ros_body_frame(model, static_cast<int>(i));
    for (const BodyModel::LinkFrame& link : b.links) {
      if (link.name != b.link_name) add(parent, ros_body_frame(b.model_name, link.name), link.X_BL);
    }
  }
  for (const SensorModel& s : model.sensors) {
    add(ros_body_frame(model, s.body), ros_sensor_frame(s), s.X_BS);
    if (std::holds_alternative<CameraModel>(s.kind))
      add(ros_sensor_frame(s), optical_frame(s), Pose(Vec3::Zero(), kQ_SO));
    if (std::holds_alternative<SonarModel>(s.kind))
      add(ros_sensor_frame(s), acoustic_frame(s), Pose(Vec3::Zero(), kQ_SA));
  }
  out += "]}";
}

void odometry_json(std::string& out, const Simulation& sim, std::size_t b) {
  const Model& model = sim.model();
  const State& state = sim.state();
  const double t = state.t;
  out = R"({"timestamp":)";
  jt::time(out, t);
  out += R"(,"frame_id":"world","body_frame_id":)";
  jt::string(out, ros_body_frame(model, static_cast<int>(b)));
  jt::key(out, "pose");
  jt::pose(out, state.bodies[b].p_WB, state.bodies[b].q_WB);
  jt::key(out, "linear_velocity");
  jt::vec3(out, state.bodies[b].V_WB_B.head<3>());
  jt::key(out, "angular_velocity");
  jt::vec3(out, state.bodies[b].V_WB_B.tail<3>());
  out += '}';
}

void pose_json(std::string& out, const Simulation& sim, std::size_t b) {
  const State& state = sim.state();
  const double t = state.t;
  out = R"({"timestamp":)";
  jt::time(out, t);
  out += R"(,"frame_id":"world","pose":)";
  jt::pose(out, state.bodies[b].p_WB, state.bodies[b].q_WB);
  out += '}';
}

void environment_json(std::string& out, const Simulation& sim, std::size_t b) {
  const Model& model = sim.model();
  const State& state = sim.state();
  const StepData& data = sim.data();
  const double t = state.t;
  const Environment& env = model.environment;
  const Vec3& p = state.bodies[b].p_WB;
  out = R"({"timestamp":)";
  jt::time(out, t);
  jt::key(out, "model");
  jt::string(out, model.bodies[b].model_name);
  jt::key(out, "wind");
  jt::vec3(out, wind_velocity(env, state.environment, p, t));
  jt::key(out, "current");
  jt::vec3(out, current_velocity(env, state.environment, p, t));
  jt::key(out, "wave_elevation");
  jt::number(out, surface_height(env, p.x(), p.y(), t));
  jt::key(out, "apparent_wind");
  jt::vec3(out, data.bodies[b].v_air_B);
  jt::key(out, "water_speed");
  jt::number(out, data.bodies[b].V_WrB_B.head<3>().norm());
  out += '}';
}

void actuators_json(std::string& out, const Simulation& sim, std::size_t b) {
  const Model& model = sim.model();
  const State& state = sim.state();
  const StepData& data = sim.data();
  const double t = state.t;
  out = R"({"timestamp":)";
  jt::time(out, t);
  jt::key(out, "model");
  jt::string(out, model.actuators[b].model_name);
  out += R"(,"actuators":[)";
  for (std::size_t i = b;
       i < model.actuators.size() && model.actuators[i].model_name == model.actuators[b].model_name;
       ++i) {
    if (i > b) out += ',';
    out += R"({"name":)";
    jt::string(out, model.actuators[i].name);
    jt::key(out, "unit");
    jt::string(out, model.actuators[i].unit);
    jt::key(out, "command");
    jt::number(out, data.actuator_commands[i]);
    jt::key(out, "state");
    jt::number(out, state.actuators[i]);
    jt::key(out, "thrust");
    jt::number(out, data.actuator_loads[i].thrust);
    jt::key(out, "lift");
    jt::number(out, data.actuator_loads[i].lift);
    out += '}';
  }
  out += "]}";
}

void task_json(std::string& out, const Simulation& sim, std::size_t b) {
  const double t = sim.state().t;
  const TaskModel& task = sim.scenario().tasks[b];
  const TaskState& s = sim.task_states()[b];
  const double bounds[] = {0.0, task.ready_time(), task.running_time(), task.finish_time()};
  const auto phase = static_cast<std::size_t>(s.phase);
  const double begin = bounds[std::min<std::size_t>(phase, 3)];
  out = R"({"timestamp":)";
  jt::time(out, t);
  jt::key(out, "name");
  jt::string(out, task.name);
  jt::key(out, "kind");
  jt::string(out, task_kind_name(task.kind));
  jt::key(out, "vehicle");
  jt::string(out, task.vehicle_name);
  jt::key(out, "phase");
  jt::string(out, task_phase_name(s.phase));
  jt::key(out, "elapsed");
  jt::number(out, t - begin);
  jt::key(out, "remaining");
  jt::number(out, phase < 3 ? bounds[phase + 1] - t : 0.0);
  if (s.running_steps > 0) {  // left out before there is one
    jt::key(out, "score");
    jt::number(out, s.score);
  }
  fmt::format_to(std::back_inserter(out), R"(,"collisions":{},"min_errors":[)",
                 s.collisions.size());
  for (std::size_t i = 0; i < s.min_errors.size(); ++i) {
    if (i > 0) out += ',';
    jt::number(out, s.min_errors[i]);
  }
  out += "]}";
}

void waves_json(std::string& out, const Model& model, double t) {
  const WaveField& w = *model.environment.waves;
  out = R"({"timestamp":)";
  jt::time(out, t);
  out += R"(,"frame_id":"world","z_level":)";
  jt::number(out, w.z_level);
  if (std::isfinite(w.depth)) {  // left out in deep water (JSON has no infinity)
    jt::key(out, "depth");
    jt::number(out, w.depth);
  }
  jt::key(out, "ramp_time");
  jt::number(out, w.ramp_time);
  const auto list = [&](const char* name, const std::vector<double>& v) {
    jt::key(out, name);
    out += '[';
    for (std::size_t i = 0; i < w.count; ++i) {
      if (i > 0) out += ',';
      jt::number(out, v[i]);
    }
    out += ']';
  };
  list("amplitude", w.amplitude);
  list("kx", w.kx);
  list("ky", w.ky);
  list("omega", w.omega);
  list("phase", w.phase);
  list("qa_dx", w.qa_dx);
  list("qa_dy", w.qa_dy);
  out += '}';
}

void log_json(std::string& out, double t, int level, std::string_view message,
              std::string_view name) {
  out = R"({"timestamp":)";
  jt::time(out, t);
  fmt::format_to(std::back_inserter(out), R"(,"level":{},"message":)", level);
  jt::string(out, message);
  jt::key(out, "name");
  jt::string(out, name);
  out += R"(,"file":"","line":0})";
}

bool contacts_json(std::string& out, const Simulation& sim, std::size_t collider) {
  const std::vector<ContactReport> reports = sensed_contacts(sim.model(), sim.data(), collider);
  if (reports.empty()) return false;
  out = R"({"timestamp":)";
  jt::time(out, sim.state().t);
  out += R"(,"contacts":[)";
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const ContactReport& r = reports[i];
    out += i > 0 ? R"(,{"collision1":)" : R"({"collision1":)";
    jt::string(out, r.collision1);
    jt::key(out, "collision2");
    jt::string(out, r.collision2);
    jt::key(out, "position");
    jt::vec3(out, r.p_W);
    jt::key(out, "normal");
    jt::vec3(out, r.n_W);
    jt::key(out, "depth");
    jt::number(out, r.depth);
    out += '}';
  }
  out += "]}";
  return true;
}

}  // namespace leeway
