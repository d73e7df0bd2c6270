// Stage 4b: the sensors due at the step's start sample the state the step started from, with the
// acceleration the integration found there (sensors/sensor.h).
#include "leeway/world/ray_cast.h"
#include "leeway/world/stages.h"

namespace leeway::stages {

void sample_sensors(const Model& model, State& state, const Workspace& ws, StepData* data) {
  const Geodetic origin = model.origin.value_or(Geodetic{});
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    const SensorModel& sensor = model.sensors[i];
    SensorState& sensor_state = state.sensors[i];
    if (data) data->sensors[i].sampled = false;
    if (!sample_due(sensor, sensor_state, state.t)) continue;
    const auto body = static_cast<std::size_t>(sensor.body);
    const Vec3 p_WS =
        ws.bodies_at_start[body].p_WB + ws.bodies_at_start[body].q_WB * sensor.X_BS.translation();
    // A DVL sits in its hull and does not see it; nor does a sonar. A lidar sees its own vessel
    // past its near clip. The scanning sensors (a lidar, a pinging sonar, a camera) find once
    // per scan which bodies are in view.
    const bool draw =
        data && (data->draw_images || (i < data->draw_sensor.size() && data->draw_sensor[i]));
    const auto* lidar = draw ? std::get_if<LidarModel>(&sensor.kind) : nullptr;
    const auto* sonar = draw ? std::get_if<SonarModel>(&sensor.kind) : nullptr;
    const WorldEchoes echoes =
        lidar   ? WorldEchoes(model, ws.bodies_at_start, -1, p_WS, lidar->range_max)
        : sonar ? WorldEchoes(model, ws.bodies_at_start, sensor.body, p_WS, sonar->range_max)
                : WorldEchoes(model, ws.bodies_at_start, sensor.body);
    const auto* camera = std::get_if<CameraModel>(&sensor.kind);
    std::optional<WorldSurfaces> surfaces;
    if (camera && draw) surfaces.emplace(model, ws.bodies_at_start, p_WS, camera->far);
    const SampleContext at{state.t,
                           model.dt,
                           ws.bodies_at_start[body],
                           ws.nu_dot_start[body],
                           model.gravity_W,
                           model.environment,
                           state.environment,
                           origin,
                           &echoes,
                           surfaces ? &*surfaces : nullptr,
                           draw,
                           data ? data->draw_threads : 1};
    SensorSample sample = take_sample(sensor, sensor_state, at);
    if (data) data->sensors[i] = std::move(sample);
  }
}

}  // namespace leeway::stages
