// A sensor fixed to a body: what it measures (its type, sensor_kinds.h), where (frame S in the
// body frame B), how often, and with what error; its state (its own random stream, bias processes
// and schedule, sensor_sampling.h); and one reading. What each type's reading holds, and how it
// travels, is its descriptor's (sensor_descriptor.h).
//
// Schedule. A sensor of rate f [Hz] takes sample j at time j / f: at the first step whose start
// time reaches it, with that time as its timestamp, measuring the state the step starts from
// (as the step's other outputs do, world/step_data.h). Over any run its samples average exactly f
// (gz-sim truncates the period to whole milliseconds, so 30 Hz is 31.25 Hz there); a sensor
// faster than the step samples once a step. Rate 0 samples every step.
//
// Every sensor samples whether or not anything reads it, from its own random stream (seeded by
// the world's seed and its scoped name, core/random.h): its noise is the same whoever listens,
// and adding a sensor changes no other sensor's numbers.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "leeway/core/pose.h"
#include "leeway/sensors/sensor_kinds.h"
#include "leeway/sensors/sensor_sampling.h"

namespace leeway {

struct SensorModel {
  std::string model_name;  ///< the SDF model it belongs to (scoped)
  std::string name;        ///< its <sensor> name
  std::string link_name;   ///< the link it is on
  /// Index into Model::bodies; -1: held by the world (on a static model, or one fixed to the
  /// world), X_BS then its frame in W.
  int body = -1;
  Pose X_BS;             ///< its frame in B
  double rate_hz = 0.0;  ///< 0: every step
  SensorKind kind;

  std::string full_name() const { return model_name + "/" + name; }
};

/// A sensor's latest reading.
struct SensorSample {
  bool sampled = false;  ///< taken in the last step (else the one before, or none yet)
  double t = -1.0;       ///< its time [s]; -1 before the first
  SensorReading reading;

  bool operator==(const SensorSample&) const = default;
};

/// Its type's descriptor: its name ("imu", "wave_gauge"...), its reading's fields, its message.
const SensorDescriptor& descriptor(const SensorModel& sensor);

/// Its type as SDF names it (descriptor(sensor).type).
inline const char* sensor_type_name(const SensorModel& sensor) {
  return descriptor(sensor).type.data();
}

/// Writes `sample`'s reading field by field, in its descriptor's order (sensor_descriptor.h).
void write_reading(const SensorModel& sensor, const SensorSample& sample, FieldWriter& out);

/// The state a sensor starts in: its stream for `world_seed`, its turn-on biases drawn.
SensorState initial_sensor_state(const SensorModel& sensor, std::uint64_t world_seed);

/// Whether a sample of `sensor` is due at a step starting at time t [s]: sample j / rate is
/// reached by the step whose start t has t rate >= j, up to the rounding of t = k dt (a few ulps
/// of t rate, well inside kScheduleSlack). Inline: every sensor asks it at every step.
inline constexpr double kScheduleSlack = 1e-9;
inline bool sample_due(const SensorModel& sensor, const SensorState& state, double t) {
  return sensor.rate_hz == 0.0 ||
         t * sensor.rate_hz + kScheduleSlack >= static_cast<double>(state.next_sample);
}

/// Whether `sensor` draws its samples (a camera's frame, a lidar's scan, a sonar's ping) only
/// when somebody looks (StepData::draw_images, draw_sensor).
inline bool draws_images(const SensorModel& sensor) {
  return descriptor(sensor).draws;
}

/// Whether the sample of `sensor` due next (at or after time t [s], steps of dt [s]) is its
/// first in a period of `period` [s], periods starting at multiples of it: a recording at
/// 1 / period draws only those. A sensor sampling every step (rate 0) samples at t.
bool next_sample_opens_period(const SensorModel& sensor, const SensorState& state, double t,
                              double dt, double period);

/// Takes the sample due at `at.t` (sample_due) into `out`: the exact measurement with its noise;
/// advances the sensor's state. Written in place, as the step keeps one sample per sensor.
void take_sample(const SensorModel& sensor, SensorState& state, const SampleContext& at,
                 SensorSample& out);

/// The sample due at t [s] of a sensor that draws (draws_images) when nobody looks: its time and
/// an empty reading of its kind (a camera's 0 x 0 image, a sonar's 0 beams, a lidar's 0 x 0
/// rays), into `out` unless it is null. The schedule and the seed advance as take_sample's would,
/// so that the frames after it are the ones they would have been. This is all an unwatched
/// camera costs a step.
void skip_image(const SensorModel& sensor, SensorState& state, double t, SensorSample* out);

/// A problem with `sensor` ("" if none): a rate that is negative or not finite, bad noise.
std::string check_sensor(const SensorModel& sensor);

}  // namespace leeway
