// The immutable description of a world's physics, compiled once from SDF (sdf/load_world.h) and
// only read afterwards. Everything that changes while the world runs lives in State (state.h).
// The controllers that drive its vehicles and the tasks that score them are not physics: they
// sit beside it in a Scenario (sim/scenario.h), and step() knows nothing of them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/core/geo.h"
#include "leeway/env/environment.h"
#include "leeway/geometry/visual.h"
#include "leeway/propulsion/actuator.h"
#include "leeway/propulsion/linear_battery.h"
#include "leeway/sensors/sensor.h"
#include "leeway/world/articulated_tree.h"
#include "leeway/world/client_limits.h"
#include "leeway/world/contacts.h"

namespace leeway {

struct VisualScene;

struct Model {
  std::string world_name;
  std::string source;                  ///< file the world came from, or "<embedded default world>"
  double dt = 0.001;                   ///< fixed physics step [s] (<physics><max_step_size>)
  Vec3 gravity_W{0.0, 0.0, -9.80665};  ///< [m/s^2], in W
  std::optional<Geodetic> origin;      ///< under W's origin (<spherical_coordinates>)
  /// The world's seed, the one source of its randomness: the environment's random parts were
  /// drawn with it and the State's random streams start from it (env/environment.h). Change it
  /// with reseed(), which draws them again.
  std::uint64_t seed = 0;
  Environment environment;
  std::vector<BodyModel> bodies;
  std::vector<ArticulatedTree> trees;  ///< every articulated model's, in the models' order
  /// Every commanded actuator of every body, in the order of the models, then of their
  /// declarations; the recording's actuator columns follow this order.
  std::vector<ActuatorModel> actuators;
  std::vector<LinearBattery> batteries;  ///< gz-sim's linear batteries (linear_battery.h)
  /// The collision shapes of every model that has any, moving or static, in the models' order.
  std::vector<Collider> colliders;
  /// What every model looks like (its <visual>s), for viewers and cameras; step() never reads
  /// them. In the models' order.
  std::vector<Visual> visuals;
  /// What sensors' rays meet (world/visual_scene.h, world/ray_cast.h): the visuals with their
  /// meshes read, collisions for a model without visuals. Built only for a world with a sensor
  /// that casts rays (a DVL, a lidar); null otherwise. Shared by the Model's copies.
  std::shared_ptr<const VisualScene> visual_scene;
  /// The kinematic holds a run starts with (State::holds): VRX's vehicle on its platform.
  std::vector<KinematicHold> holds;
  /// Every sensor of every model (a static one's held by the world), in the order of the
  /// models, then of their links and sensors.
  std::vector<SensorModel> sensors;
  /// What the run's clients may push its bodies with (client_limits.h).
  ClientLimits client_limits;

  /// Index of the body whose model is called `model_name`, or -1.
  int body_index(const std::string& model_name) const;
  /// Index of the collider of the model called `model_name`, or -1.
  int collider_index(const std::string& model_name) const;
  /// "model::link::collision": the scoped name of a collider's shape, as gz-sim names it.
  std::string shape_name(int collider, int shape) const;
  /// Index of the actuator called `actuator` in model `model_name`, or -1.
  int actuator_index(const std::string& model_name, const std::string& actuator) const;
  /// Index of the sensor called `sensor` in model `model_name`, or -1.
  int sensor_index(const std::string& model_name, const std::string& sensor) const;
};

/// Gives `model` the seed `seed`: its environment's random parts are drawn again
/// (realise_environment) and its next initial states start their streams from it. A model
/// loaded with seed s and one reseeded to s are the same, bit for bit.
void reseed(Model& model, std::uint64_t seed);

}  // namespace leeway
