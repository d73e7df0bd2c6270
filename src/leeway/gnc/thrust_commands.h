// From wanted thrusts to actuator commands: the allocator a body's own thrusters define, and each
// thruster's curve read backwards. A controller asks for a wrench; allocate() (propulsion/
// allocation.h) splits it into thrusts within the thrusters' limits; command_for_thrust() gives
// the rotor command that holds that thrust in steady state (the rotor's dynamics then lag it).
//
// Thrust limits come from the thruster's own: its adjustment's [T_min, T_max] and its curve at
// the rotor's state limits, whichever is tighter. Invertible curves: quadratic (with different
// forward and reverse constants), linear, and tables that increase strictly in thrust; the
// others (logistic with its dead band, dead zone, propeller with advance form, open water) make
// thrust_commander() refuse the body with the thruster's name.
//
// Steered thrusters (an outboard on a JointPositionController's joint) are either held straight,
// their azimuth commanded to 0, and allocated as fixed ones (an autopilot, which asks only for
// surge and yaw: steering would add a side force it does not account for); or, when the
// commander steers, allocated as azimuths (allocation.h) and turned to the allocation's angles.
// Their reach is the steering joint's limits; one that can reverse is kept nearest the angle it
// was last given, and none is asked to turn faster than `steering_rate`. The allocation treats the
// propeller as staying on the line through the pivot along the steering axis, where the moment of a
// thrust along the steered axis does not depend on the angle; a propeller aft of the pivot along
// its own axis (an outboard's) is exact.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "leeway/propulsion/allocation.h"
#include "leeway/propulsion/thruster.h"

namespace leeway {

struct Model;

struct ThrustCommander {
  Allocator allocator;         ///< one entry per thruster of the body, in its order
  std::vector<int> actuators;  ///< each thruster's actuator in Model::actuators
  std::vector<Thruster> thrusters;
  std::vector<int> azimuths;      ///< each thruster's azimuth actuator, or -1 for a fixed one
  bool steer = false;             ///< false: the azimuths are held at 0
  double steering_rate = 1e300;   ///< [rad/s] > 0, the fastest the allocation turns them
  double full_rate_thrust = 0.0;  ///< [N]: asked for less, they turn slower (allocation.h)
};

/// The commander for body `body` of `model`, allocating for the `controlled` axes (1 on each of
/// X Y Z K M N served, allocation.h). Throws std::invalid_argument naming the thruster whose
/// curve has no inverse, or if the body has no thrusters, or if its thrusters cannot act on
/// every controlled axis. `steer`: turn the steered thrusters (above).
ThrustCommander thrust_commander(const Model& model, int body,
                                 const Vec6& controlled = Vec6::Ones(), bool steer = false);

/// Whether any thruster of body `body` of `model`, held straight, acts on `axis` (0..5: X Y Z
/// K M N about Bo).
bool thrusters_give(const Model& model, int body, int axis);

/// Whether the thrusters of body `body`, held straight, can give any wrench on the `controlled`
/// axes: an X-layout WAM-V can on surge, sway and yaw, an H-layout one only by steering.
bool straight_thrusters_span(const Model& model, int body, const Vec6& controlled);

/// The steady rotor state (= command for zero- and first-order rotors) that gives `thrust` [N]
/// at zero advance speed.
double command_for_thrust(const Thruster& thruster, double thrust);

/// Commands for `tau` (about Bo, in B): fills `commands` (one per Model::actuators entry) at the
/// thrusters' actuators and leaves the others alone. Returns the wrench the thrusts give.
/// `angles`, for a steering commander: the angles the thrusters were last given (empty before
/// the first call), replaced by the new ones; `period` [s], the time since, bounds the turn.
Vec6 command_wrench(const ThrustCommander& commander, const Vec6& tau,
                    std::vector<std::optional<double>>& commands,
                    std::vector<double>* angles = nullptr, double period = 1e300);

}  // namespace leeway
