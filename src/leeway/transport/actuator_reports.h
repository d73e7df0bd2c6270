// What a served run reports of its actuators, on either transport (gz_server.h, dds_server.h):
//
//   joint states   per model, every actuator whose state is a joint's coordinate, as gz-sim's
//                  JointStatePublisher reports joints (/world/W/model/M/joint_state,
//                  ignition.msgs.Model; in ROS 2 /M/joint_states, sensor_msgs/JointState, the
//                  name VRX's bridge gives it):
//                    an angle or a length (unit rad, m): position = the state, velocity = its
//                      change over the last step / dt
//                    a rate (rad/s, rpm, m/s): velocity = the state (rpm in rad/s), position =
//                      its integral since the run started (trapezoidal, step by step)
//                    effort: a thruster shaft's torque reaction [N m] (ActuatorLoad::torque, at
//                      the step's start), 0 for other joints (a position-controlled joint moves
//                      kinematically: Leeway computes no torque for it)
//                  Actuators in other units (a gz-sim Thruster commanded in newtons, a buoyancy
//                  engine's volume, UUV Simulator's unitless rotor states) are no joint's
//                  coordinate and are left out.
//   outputs        an actuator with an output_topic (UUV Simulator's, gz-sim BuoyancyEngine's):
//                  a thruster's thrust [N] (ActuatorLoad::thrust, at the step's start), any other
//                  actuator's state (a fin's angle [rad], a bladder's volume [m^3])
#pragma once

#include <string>
#include <vector>

#include "leeway/world/model.h"
#include "leeway/world/state.h"
#include "leeway/world/step_data.h"

namespace leeway {

struct JointCoordinates {
  double position = 0.0;  ///< [rad or m]
  double velocity = 0.0;  ///< [rad/s or m/s]
  double effort = 0.0;    ///< [N m or N]
};

/// The joints of one model: indices into Model::actuators, in its order.
struct ModelJoints {
  std::string model_name;
  std::vector<std::size_t> actuators;
};

class ActuatorReports {
 public:
  explicit ActuatorReports(const Model& model);

  /// At the run's (re)start, then after every step: the joints' coordinates follow the run.
  void start(const State& state);
  void step(const Model& model, const State& state, const StepData& data);

  /// The models that have joints, and each joint's coordinates after the last step.
  const std::vector<ModelJoints>& models() const { return models_; }
  const JointCoordinates& joint(std::size_t actuator) const { return joints_[actuator]; }

  /// What actuator i's output topic carries after the last step (above).
  double output(const State& state, const StepData& data, std::size_t i) const;

 private:
  enum class Kind { kNone, kPosition, kRate };
  std::vector<Kind> kinds_;      ///< one per Model::actuators entry
  std::vector<double> scales_;   ///< the state's unit in SI (rpm: 2 pi / 60)
  std::vector<bool> thrusters_;  ///< the shaft of a thruster
  std::vector<JointCoordinates> joints_;
  std::vector<double> last_;  ///< each state at the last step's end, in SI
  std::vector<ModelJoints> models_;
};

}  // namespace leeway
