// Stage 4b: the sensors due at the step's start sample the state the step started from, with the
// acceleration the integration found there (sensors/sensor.h).
#include "leeway/world/ray_cast.h"
#include "leeway/world/stages.h"

namespace leeway::stages {

namespace {

// A sensor on a static model, or on one fixed to the world, is held by W itself: its X_BS is
// its frame in W, and W does not move.
const BodyState kWorldAtRest{Vec3::Zero(), Quat::Identity(), Vec6::Zero()};
const Vec6 kNoAcceleration = Vec6::Zero();

}  // namespace

void sample_sensors(const Model& model, State& state, const Workspace& ws, StepData* data) {
  const Geodetic origin = model.origin.value_or(Geodetic{});
  SensorSample unrecorded;  // a sample nobody asked for (no StepData)
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    const SensorModel& sensor = model.sensors[i];
    SensorState& sensor_state = state.sensors[i];
    if (data) data->sensors[i].sampled = false;
    if (!sample_due(sensor, sensor_state, state.t)) continue;
    // A camera, a lidar or a sonar draws its sample only when somebody looks (StepData).
    const bool draws = draws_images(sensor);
    if (draws &&
        !(data && (data->draw_images || (i < data->draw_sensor.size() && data->draw_sensor[i])))) {
      skip_image(sensor, sensor_state, state.t, data ? &data->sensors[i] : nullptr);
      continue;
    }
    const bool fixed = sensor.body < 0;
    const auto b = static_cast<std::size_t>(sensor.body);
    const BodyState& body = fixed ? kWorldAtRest : ws.bodies_at_start[b];
    const Vec3 p_WS =
        draws ? Vec3(body.p_WB + body.q_WB * sensor.X_BS.translation()) : Vec3::Zero();
    // A DVL sits in its hull and does not see it; nor does a sonar. A lidar sees its own vessel
    // past its near clip. The scanning sensors (a lidar, a pinging sonar, a camera) find once
    // per scan which bodies are in view.
    const auto* lidar = std::get_if<LidarModel>(&sensor.kind);
    const auto* sonar = std::get_if<SonarModel>(&sensor.kind);
    const WorldEchoes echoes =
        lidar   ? WorldEchoes(model, ws.bodies_at_start, -1, p_WS, lidar->range_max)
        : sonar ? WorldEchoes(model, ws.bodies_at_start, sensor.body, p_WS, sonar->range_max)
                : WorldEchoes(model, ws.bodies_at_start, sensor.body);
    const auto* camera = std::get_if<CameraModel>(&sensor.kind);
    std::optional<WorldSurfaces> surfaces;
    if (camera) surfaces.emplace(model, ws.bodies_at_start, p_WS, camera->far);
    const SampleContext at{state.t,
                           model.dt,
                           body,
                           fixed ? kNoAcceleration : ws.nu_dot_start[b],
                           model.gravity_W,
                           model.environment,
                           state.environment,
                           origin,
                           &echoes,
                           surfaces ? &*surfaces : nullptr,
                           draws,
                           data ? data->draw_threads : 1};
    take_sample(sensor, sensor_state, at, data ? data->sensors[i] : unrecorded);
  }
}

}  // namespace leeway::stages
