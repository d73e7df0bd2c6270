// A sensor fixed to a body: what it measures (its kind), where (frame S in the body frame B),
// how often, and with what error; its state (its own random stream, bias processes and
// schedule); and one reading.
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

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/core/pose.h"
#include "leeway/core/random.h"
#include "leeway/core/spatial.h"
#include "leeway/env/environment.h"
#include "leeway/sensors/camera.h"
#include "leeway/sensors/dvl.h"
#include "leeway/sensors/gnss.h"
#include "leeway/sensors/imu.h"
#include "leeway/sensors/lidar.h"
#include "leeway/sensors/noise.h"
#include "leeway/sensors/sonar.h"

namespace leeway {

/// An inertial measurement unit (sensors/imu.h): noise on each axis of S.
struct ImuModel {
  std::array<NoiseModel, 3> angular_velocity;     ///< [rad/s]
  std::array<NoiseModel, 3> linear_acceleration;  ///< [m/s^2]
  /// The frame R its orientation is given in, from W: identity for ENU (NWU, NED turn it).
  Quat q_RW = Quat::Identity();
};

/// gz-sim's altimeter: the sensor's height above where it started, and its vertical velocity,
/// in W (not a height above the ground or the seabed).
struct AltimeterModel {
  NoiseModel position;              ///< [m]
  NoiseModel velocity;              ///< [m/s]
  double vertical_reference = 0.0;  ///< the sensor's z in W at the start [m]
};

/// A magnetometer: the Earth's field from the World Magnetic Model 2025 at the sensor's position
/// and date (sensors/magnetic_model.h), or a fixed field in a world without a geodetic origin.
struct MagnetometerModel {
  std::array<NoiseModel, 3> noise;  ///< on each axis of S [T]
  double decimal_year = 2025.0;     ///< the date the field is taken at
  bool fixed = false;               ///< the field is B_W_fixed (no geodetic origin)
  Vec3 B_W_fixed = Vec3::Zero();    ///< [T], in W
  /// The vehicle's own magnetism, which turns with it: the sensor reads
  /// soft_iron B_S + hard_iron_S (an uncalibrated compass's error).
  Vec3 hard_iron_S = Vec3::Zero();    ///< permanent magnetisation [T], in S
  Mat3 soft_iron = Mat3::Identity();  ///< induced magnetisation, a distortion of the field
};

/// A pressure sensor (sensors/pressure.h): absolute pressure in water or air.
struct PressureModel {
  NoiseModel noise;                 ///< [Pa]
  double reference_altitude = 0.0;  ///< the altitude of W's z = 0 [m]
};

/// An acoustic receiver that measures the range, bearing and elevation of a pinger at a known
/// place (VRX's AcousticPingerPlugin): the direction to the pinger in S, bearing atan2(y, x),
/// elevation atan2(z, |(x, y)|).
struct RangeBearingModel {
  Vec3 pinger_W = Vec3::Zero();  ///< at the start [m], in W (SensorState::pinger_W: now)
  NoiseModel range;              ///< [m]
  NoiseModel bearing;            ///< [rad]
  NoiseModel elevation;          ///< [rad]
  /// Where a served run takes a new pinger position (VRX's <set_position_topic>; empty: none).
  std::string set_position_topic;
};

/// An acoustic position fix of the sensor's origin in W, as a USBL system on a ship or UUV
/// Simulator's RPT gives it.
struct AcousticPositionModel {
  std::array<NoiseModel, 3> noise;  ///< on W's x, y, z [m]
};

/// The true motion of S (UUV Simulator's pose_gt, gz-sim's OdometryPublisher): its pose in W,
/// its velocity and angular velocity in S, its acceleration in S (of its origin, gravity not
/// included), with optional noise on the position and the velocity.
struct GroundTruthModel {
  std::array<NoiseModel, 3> position;  ///< on W's x, y, z [m]
  std::array<NoiseModel, 3> velocity;  ///< on S's x, y, z [m/s]
};

/// What the environment does at the sensor: the sea surface's elevation above the calm level at
/// its (x, y) (a wave gauge), the water's velocity at its origin (current and waves: a current
/// meter), or the wind's (an anemometer).
struct EnvironmentProbeModel {
  enum class Quantity : std::uint8_t { kWaveElevation, kWaterVelocity, kWindVelocity };
  Quantity quantity = Quantity::kWaveElevation;
  std::array<NoiseModel, 3> noise;  ///< elevation [m] (the first) or velocity in W [m/s]
};

struct SensorModel {
  std::string model_name;  ///< the SDF model it belongs to (scoped)
  std::string name;        ///< its <sensor> name
  std::string link_name;   ///< the link it is on
  int body = -1;           ///< index into Model::bodies
  Pose X_BS;               ///< its frame in B
  double rate_hz = 0.0;    ///< 0: every step
  std::string topic;       ///< its <topic> as written (empty: none), for the interfaces
  std::variant<ImuModel, PressureModel, GnssModel, AltimeterModel, MagnetometerModel, DvlModel,
               RangeBearingModel, AcousticPositionModel, GroundTruthModel, EnvironmentProbeModel,
               LidarModel, CameraModel, SonarModel>
      kind;

  std::string full_name() const { return model_name + "/" + name; }
};

struct ImuReading {
  Vec3 f_S = Vec3::Zero();       ///< specific force [m/s^2], in S
  Vec3 omega_S = Vec3::Zero();   ///< angular velocity [rad/s], in S
  Quat q_RS = Quat::Identity();  ///< orientation of S in the IMU's reference R, noiseless

  bool operator==(const ImuReading&) const = default;
};

struct PressureReading {
  double pressure = 0.0;  ///< absolute [Pa]
  /// Depth below the calm surface the pressure gives, (P - P_air) / (rho g) [m]: a depth
  /// gauge's reading (negative in air, as far as the air's pressure falls with height).
  double depth = 0.0;

  bool operator==(const PressureReading&) const = default;
};

struct AltimeterReading {
  double vertical_position = 0.0;  ///< [m] above the start
  double vertical_velocity = 0.0;  ///< [m/s], up

  bool operator==(const AltimeterReading&) const = default;
};

struct MagnetometerReading {
  Vec3 B_S = Vec3::Zero();  ///< the field [T], in S
  /// The compass heading of S's x axis, clockwise from magnetic north (the noisy field's
  /// horizontal direction), with S's true tilt taken out, as its cosine and sine scaled by the
  /// horizontal field (and x's horizontal length): heading() is the angle. The pair is kept
  /// rather than the angle because most samples are never asked for it, and atan2 is dear.
  double heading_cos = 1.0, heading_sin = 0.0;

  /// The compass heading [rad], in (-pi, pi].
  double heading() const { return std::atan2(heading_sin, heading_cos); }

  bool operator==(const MagnetometerReading&) const = default;
};

struct RangeBearingReading {
  double range = 0.0;      ///< [m]
  double bearing = 0.0;    ///< [rad], from S's x towards its y
  double elevation = 0.0;  ///< [rad], above S's x-y plane

  bool operator==(const RangeBearingReading&) const = default;
};

struct AcousticPositionReading {
  Vec3 p_W = Vec3::Zero();  ///< [m]

  bool operator==(const AcousticPositionReading&) const = default;
};

struct GroundTruthReading {
  Vec3 p_W = Vec3::Zero();       ///< S's origin [m], in W
  Quat q_WS = Quat::Identity();  ///< S's orientation in W
  Vec3 v_S = Vec3::Zero();       ///< its velocity [m/s], in S
  Vec3 omega_S = Vec3::Zero();   ///< its angular velocity [rad/s], in S
  Vec3 a_S = Vec3::Zero();       ///< its acceleration [m/s^2], in S

  bool operator==(const GroundTruthReading&) const = default;
};

struct EnvironmentProbeReading {
  double elevation = 0.0;          ///< a wave gauge's [m] above the calm level
  Vec3 v_W = Vec3::Zero();         ///< a current meter's or anemometer's fluid velocity [m/s], in W
  Vec3 relative_S = Vec3::Zero();  ///< the fluid's velocity past the moving sensor [m/s], in S

  bool operator==(const EnvironmentProbeReading&) const = default;
};

/// A sensor's latest reading.
struct SensorSample {
  bool sampled = false;  ///< taken in the last step (else the one before, or none yet)
  double t = -1.0;       ///< its time [s]; -1 before the first
  std::variant<ImuReading, PressureReading, GnssReading, AltimeterReading, MagnetometerReading,
               DvlReading, RangeBearingReading, AcousticPositionReading, GroundTruthReading,
               EnvironmentProbeReading, LidarReading, CameraImage, SonarImage>
      reading;

  bool operator==(const SensorSample&) const = default;
};

struct SensorState {
  RandomStream rng;
  std::uint64_t next_sample = 0;  ///< j: the next sample is due at j / rate
  double last_time = -1.0;        ///< of the latest sample [s]; -1 before the first
  std::vector<NoiseState> axes;   ///< one per noisy axis, in the kind's order
  /// A GNSS antenna's last surfacing [s] (gnss.h): -inf above water from the start, +inf while
  /// under water.
  double surfaced_at = -std::numeric_limits<double>::infinity();
  /// A magnetometer's Earth field [T, in W] and where it was taken: evaluated again only 10 m
  /// away (the main field changes by less than 0.3 nT over 10 m).
  bool field_taken = false;
  Vec3 field_W = Vec3::Zero();
  Vec3 field_at_W = Vec3::Zero();
  /// A range-bearing receiver's pinger [m, in W]: RangeBearingModel::pinger_W at the start; never
  /// written by step(): a client may move it between steps (VRX's set_pinger_position).
  Vec3 pinger_W = Vec3::Zero();

  bool operator==(const SensorState&) const = default;
};

/// Its type as SDF names it: "imu", "air_pressure", "navsat", "altimeter", "magnetometer",
/// "dvl", "range_bearing", "acoustic_position", "ground_truth", "wave_gauge", "current_meter",
/// "anemometer", "lidar", "camera", "sonar".
const char* sensor_type_name(const SensorModel& sensor);

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
/// when somebody looks (StepData::draw_images, draw_sensor). Inline: asked at every sample.
inline bool draws_images(const SensorModel& sensor) {
  return std::holds_alternative<CameraModel>(sensor.kind) ||
         std::holds_alternative<LidarModel>(sensor.kind) ||
         std::holds_alternative<SonarModel>(sensor.kind);
}

/// Whether the sample of `sensor` due next (at or after time t [s], steps of dt [s]) is its
/// first in a period of `period` [s], periods starting at multiples of it: a recording at
/// 1 / period draws only those. A sensor sampling every step (rate 0) samples at t.
bool next_sample_opens_period(const SensorModel& sensor, const SensorState& state, double t,
                              double dt, double period);

/// What a sample measures: the world at time t, a body in it.
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
