#include "leeway/transport/foxglove/view_channels.h"

#include <cmath>
#include <stdexcept>

#include "leeway/transport/foxglove/json_schemas.h"
#include "leeway/transport/foxglove/sensor_json.h"
#include "leeway/transport/foxglove/state_json.h"

namespace leeway {
namespace {

std::uint64_t time_ns(double t) {
  return static_cast<std::uint64_t>(std::llround(t * 1e9));
}

bool sensor_row(Output what) {
  return what == Output::kSensorReading || what == Output::kCameraInfo ||
         what == Output::kDepthImage || what == Output::kSoundings || what == Output::kSonarDisplay;
}

}  // namespace

ViewChannels::ViewChannels(const Simulation& sim, ViewOptions options, const PublicationPlan* plan)
    : options_(std::move(options)) {
  const Model& model = sim.model();
  if (options_.sea_cells < 1 || options_.sea_cells > 512 || !(options_.sea_size > 0.0))
    throw std::invalid_argument("the sea's grid needs 1 to 512 cells over a positive size");
  TransportRates rates;
  rates.state = steps_between(options_.frame_rate_hz, model.dt);
  if (options_.sea_rate_hz > 0.0) rates.sea = steps_between(options_.sea_rate_hz, model.dt);
  if (!plan) {
    own_plan_ = std::make_unique<PublicationPlan>(
        make_publication_plan(sim.scenario(), {.gz = false, .ros = false, .view = true}));
    plan = own_plan_.get();
  }
  run_ = std::make_unique<PublishedRun>(sim, *plan, &Publication::view, rates);

  // The vessel: the first model with actuators (VRX spawns its WAM-V after the buoys).
  int focus = -1;
  if (!model.actuators.empty()) {
    focus = model.actuators.front().body;
  } else if (!model.bodies.empty()) {
    focus = 0;
  }
  scene_ = std::make_unique<SceneJson>(sim.scenario(), focus, options_.sea_cells, options_.sea_size,
                                       options_.warnings);
  for (const std::size_t k : run_->carried()) {
    const Publication& row = run_->row(k);
    if (row.cadence == Cadence::kSea && rates.sea == 0) continue;
    const Route& route = run_->route(k);
    const bool reading = row.what == Output::kSensorReading;
    const std::string schema =
        reading ? view_sensor_schema_text(model.sensors[static_cast<std::size_t>(row.index)])
                : std::string(json_schema(route.type));
    if (row.what == Output::kLog) log_channel_ = channels_.size();
    channels_.push_back({route.topic, route.type, schema, row.latched});
    rows_.push_back(k);
  }
}

ViewChannels::~ViewChannels() = default;

void ViewChannels::want_images(const Simulation& sim, const MessageSink& sink, double period,
                               std::vector<std::uint8_t>& wanted) const {
  const Model& model = sim.model();
  const State& state = sim.state();
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    const Publication& row = run_->row(rows_[c]);
    if (!row.drawn) continue;
    const auto i = static_cast<std::size_t>(row.index);
    if (wanted[i] || !sink.wants(c)) continue;
    wanted[i] = period <= 0.0 || next_sample_opens_period(model.sensors[i], state.sensors[i],
                                                          state.t, model.dt, period);
  }
}

bool ViewChannels::message(std::size_t c, const Simulation& sim) {
  const Publication& row = run_->row(rows_[c]);
  const auto i = static_cast<std::size_t>(row.index);
  const Model& model = sim.model();
  text_.clear();
  switch (row.what) {
    case Output::kBodyPoses:
      body_frames_json(text_, sim);
      return true;
    case Output::kStaticFrames:
      static_frames_json(text_, model, sim.state().t);
      return true;
    case Output::kScene:
      scene_->scene(text_, sim.state().t);
      return true;
    case Output::kWaves:
      waves_json(text_, model, sim.state().t);
      return true;
    case Output::kSea:
      scene_->sea(text_, sim);
      return true;
    case Output::kMarkers:
      scene_->markers(text_, sim);
      return true;
    case Output::kOdometry:
      odometry_json(text_, sim, i);
      return true;
    case Output::kPose:
      pose_json(text_, sim, i);
      return true;
    case Output::kEnvironment:
      environment_json(text_, sim, i);
      return true;
    case Output::kActuators:
      actuators_json(text_, sim, i);
      return true;
    case Output::kTaskState:
      task_json(text_, sim, i);
      return true;
    case Output::kContacts:
      return contacts_json(text_, sim, run_->contact_sensors()[i].collider);
    default:
      if (!sensor_row(row.what)) return false;
      return sensor_json(text_, row.what, model.sensors[i], sim.data().sensors[i],
                         model.environment.sound_speed, waterfalls_[i]);
  }
}

void ViewChannels::log(MessageSink& sink, double t, int level, std::string_view message,
                       std::string_view name) {
  if (!sink.wants(log_channel_)) return;
  log_json(text_, t, level, message, name);
  sink.take(log_channel_, time_ns(t), text_);
}

void ViewChannels::start(const Simulation& sim, MessageSink& sink) {
  waterfalls_.clear();
  run_->start();
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    if (channels_[c].latched && sink.wants(c) && message(c, sim))
      sink.take(c, time_ns(sim.state().t), text_);
  }
  for (const std::string& w : options_.warnings)
    log(sink, sim.state().t, 3, w, "loader");
  frame(sim, sink);
}

void ViewChannels::step(const Simulation& sim, MessageSink& sink) {
  run_->step();
  const Model& model = sim.model();
  const StepData& data = sim.data();
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    const Publication& row = run_->row(rows_[c]);
    const bool sampled = row.cadence == Cadence::kSample || row.cadence == Cadence::kOwn;
    if (!sampled || !run_->due(rows_[c]) || !sink.wants(c) || !message(c, sim)) continue;
    const double t = row.cadence == Cadence::kSample
                         ? data.sensors[static_cast<std::size_t>(row.index)].t
                         : sim.state().t;
    sink.take(c, time_ns(t), text_);
  }
  for (const Event& e : data.events) {
    // One line a second of each kind of event on each actuator or body: a controller that
    // saturates clamps its command at every step.
    double& last = last_logged_[{static_cast<int>(e.kind), e.index}];
    if (last > 0.0 && e.t - last < 1.0) continue;
    last = std::max(e.t, 1e-9);
    log(sink, e.t, stops_the_step(e.kind) ? 4 : 3, describe(model, e), event_kind_name(e.kind));
  }
  if (sim.state().step_count % frame_interval() == 0) frame(sim, sink);
}

void ViewChannels::frame(const Simulation& sim, MessageSink& sink) {
  const std::uint64_t n = sim.state().step_count;
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    const Publication& row = run_->row(rows_[c]);
    const bool due = row.cadence == Cadence::kState ||
                     (row.cadence == Cadence::kSea && n % run_->rates().sea == 0);
    if (due && sink.wants(c) && message(c, sim)) sink.take(c, time_ns(sim.state().t), text_);
  }
}

}  // namespace leeway
