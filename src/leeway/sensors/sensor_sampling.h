// What a sensor type's sampler (sensor_descriptor.h: sample_reading) is given: the world at the
// sample's time, the sensor's frame on its body, its state (random stream, noise processes) and
// the noise to add to each axis. sensor.h's take_sample() makes one and hands it to the type.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/core/geo.h"
#include "leeway/core/pose.h"
#include "leeway/core/random.h"
#include "leeway/core/spatial.h"
#include "leeway/env/environment.h"
#include "leeway/sensors/noise.h"

namespace leeway {

class EchoSource;
class SurfaceSource;

struct SensorState {
  RandomStream rng;
  std::uint64_t next_sample = 0;  ///< j: the next sample is due at j / rate
  double last_time = -1.0;        ///< of the latest sample [s]; -1 before the first
  std::vector<NoiseState> axes;   ///< one per noisy axis, in the type's order (noise_axes)
  /// A GNSS antenna's last surfacing [s] (gnss.h): -inf above water from the start, +inf while
  /// under water.
  double surfaced_at = -std::numeric_limits<double>::infinity();
  /// A magnetometer's Earth field [T, in W] and where it was taken: evaluated again only 10 m
  /// away (the main field changes by less than 0.3 nT over 10 m).
  bool field_taken = false;
  Vec3 field_W = Vec3::Zero();
  Vec3 field_at_W = Vec3::Zero();
  /// A range-bearing receiver's pinger [m, in W]: RangeBearingModel::pinger_W at the start, then
  /// where the run's Inputs move it (Inputs::pinger_W).
  Vec3 pinger_W = Vec3::Zero();

  bool operator==(const SensorState&) const = default;
};

/// What a sample measures: the world at time t [s], a body in it.
struct SampleContext {
  double t = 0.0;        ///< [s]
  double dt_step = 0.0;  ///< the step [s], the first interval of a sensor sampling every step
  const BodyState& body;
  const Vec6& nu_dot;  ///< the body's acceleration (in B)
  const Vec3& g_W;
  const Environment& environment;
  const EnvironmentState& environment_state;
  const Geodetic& origin;  ///< under W's origin
  /// What the sensor's rays meet (world/ray_cast.h); null: nothing.
  const EchoSource* echoes = nullptr;
  /// What a camera sees (world/ray_cast.h); null: the frame has its time and no image (width 0).
  const SurfaceSource* surfaces = nullptr;
  /// Whether a camera draws, a sonar pings and a lidar scans (StepData::draw_images); if not,
  /// the sample is skip_image's.
  bool draw_images = false;
  int draw_threads = 1;  ///< a camera's or a lidar's (StepData::draw_threads)
};

/// One sample being taken: where the sensor is, and the noise on its axes (in the order of its
/// type's noise_axes; noisy() takes the next one at each call).
struct Sampling {
  Sampling(const SampleContext& context, const Pose& X_BS_, SensorState& state_, double dt_)
      : at(context), X_BS(X_BS_), state(state_), dt(dt_) {}

  const SampleContext& at;
  const Pose& X_BS;    ///< the sensor's frame S in its body's frame B
  SensorState& state;  ///< its stream, its processes
  double dt = 0.0;     ///< since the sensor's last sample [s] (its nominal interval at the first)

  /// x with the next axis' noise, drawn over dt.
  double noisy(const NoiseModel& noise, double x) {
    return apply_noise(noise, state.axes[axis_++], x, dt, state.rng);
  }
  /// S's origin in W [m].
  Vec3 p_WS() const { return at.body.p_WB + at.body.q_WB * X_BS.p; }
  /// Its velocity in W [m/s], the lever arm's omega x r included.
  Vec3 v_WS() const {
    return at.body.q_WB * (linear(at.body.V_WB_B) + angular(at.body.V_WB_B).cross(X_BS.p));
  }
  /// S's axes in W.
  Mat3 R_WS() const { return (at.body.q_WB * X_BS.q).toRotationMatrix(); }
  /// What the sensor's rays meet: the context's, or nothing().
  const EchoSource& echoes() const { return at.echoes ? *at.echoes : nothing(); }
  /// A world with nothing in it.
  static const EchoSource& nothing();

 private:
  std::size_t axis_ = 0;
};

}  // namespace leeway
