// The outputs of a step (MuJoCo's mjData outputs, Drake's output ports, in Leeway's idiom): what
// step() computed on its way, kept for whoever reads it (recorders, the summary, sensors,
// bridges, the viewer) and never read back by the physics. A caller asks for them by passing a
// StepData to step(); without one, nothing is kept and nothing extra is computed. Keeping them
// never changes a bit of the State.
//
// Times: the force outputs (wrenches, nu_dot, flows, actuator loads) are those of RK4's first
// stage, at the step's start state and time `t_start`: they come free with the integration. So
// are the sensors' samples, each stamped with its time. The contacts are at the step's end, with
// the State that step() leaves.
#pragma once

#include <cstdint>
#include <vector>

#include "leeway/body/dynamics.h"
#include "leeway/sensors/sensor.h"
#include "leeway/world/events.h"

namespace leeway {

struct Model;

/// One body, at the step's start.
struct BodyOutputs {
  BodyWrenches wrenches;        ///< every force term [N, N m], about Bo in B
  Vec6 nu_dot = Vec6::Zero();   ///< d(nu)/dt = M^-1 sum [m/s^2, rad/s^2], in B; 0 when held
  Vec6 V_WrB_B = Vec6::Zero();  ///< nu_r: twist relative to the water at Bo [m/s, rad/s], in B
  Vec3 v_air_B = Vec3::Zero();  ///< apparent wind at Bo [m/s], in B
};

/// Two convex collision shapes in contact at the step's end (world/contacts.h), of a moving
/// model and another model (two static models are never listed): colliders and shapes index
/// Model::colliders and their shapes, a before b in the colliders' order. Contacts exert no force
/// yet (bodies pass through each other).
struct ContactPair {
  int collider_a = -1, shape_a = -1;
  int collider_b = -1, shape_b = -1;

  bool operator==(const ContactPair&) const = default;
};

/// Where the two shapes of a ContactPair overlap and how deep (geometry/epa.h), in W.
struct ContactPoint {
  Vec3 p_W = Vec3::Zero();  ///< midway between a's point deepest in b and b's deepest in a [m]
  Vec3 n_W = Vec3::Zero();  ///< unit normal from shape a towards shape b
  double depth = 0.0;       ///< [m] >= 0: moving b by depth n_W leaves the two touching
};

struct StepData {
  double t_start = 0.0;             ///< the time of the step's start [s]; written by step()
  std::vector<BodyOutputs> bodies;  ///< one per Model::bodies; by integrate_bodies()
  /// One per Model::actuators: what its dynamics followed over the step, in its unit (gain
  /// times the latched command, or 0 past its watchdog); by advance_actuators().
  std::vector<double> actuator_commands;
  /// One per Model::actuators, at the step's start: the load of the thruster whose shaft, or of
  /// the control surface whose deflection, it is; zero for an azimuth (its thruster's load is at
  /// the thruster's shaft); by integrate_bodies().
  std::vector<ActuatorLoad> actuator_loads;
  std::vector<ContactPair> contacts;         ///< at the step's end; by compute_outputs()
  std::vector<ContactPoint> contact_points;  ///< one per contacts entry; by compute_outputs()
  /// One per Model::sensors: its latest reading (`sampled` if this step took it), of the state
  /// the step started from; by sample_sensors().
  std::vector<SensorSample> sensors;
  /// Whether the cameras draw their images (sensors/camera.h), the sonars ping (sensors/sonar.h)
  /// and the lidars scan (sensors/lidar.h), set by the caller: a frame, a ping or a scan costs
  /// from milliseconds to hundreds of them, so they are made only for somebody who looks (a
  /// recording, a viewer), as gz-sim renders only for a subscriber. Otherwise their samples keep
  /// their times and have no image (width 0, 0 beams, 0 x 0 rays), and nothing else changes:
  /// each frame's, ping's and scan's noise has its own stream.
  bool draw_images = false;
  /// One per Model::sensors: whether this image sensor draws its next sample although
  /// draw_images is off, because an observer wants it (Observer::want_images); set by the
  /// Simulation between steps.
  std::vector<std::uint8_t> draw_sensor;
  /// How many threads a camera draws its frame and a lidar casts its scan on (rows split
  /// between them; the same bits for any number), set by the caller.
  int draw_threads = 1;
  std::vector<Event> events;  ///< this step's, in order; by every stage
  EventCounts counts{};       ///< events of each kind since make_step_data()
};

/// Outputs sized for `model`, every count zero.
StepData make_step_data(const Model& model);

/// Keeps `event` in `data` and counts it; nothing without data.
void record(StepData* data, const Event& event);

}  // namespace leeway
