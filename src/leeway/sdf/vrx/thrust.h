// Adapter for VRX classic's thrust plugin (usv_gazebo_thrust_plugin; research/vrx.md 2.6), so the
// classic WAM-V's thruster blocks, in any layout (H: two aft; T: plus a lateral bow thruster; X:
// four at 45 degrees), load unchanged. Matched by filename (libusv_gazebo_thrust_plugin.so).
//
//   <cmdTimeout>         [s] (1.0): a command older than this counts as zero (the watchdog)
//   <thruster>           one per engine:
//     <linkName>         the propeller's link: the force acts at its origin, along its x axis
//     <propJointName>    accepted (the propeller's spin is cosmetic)
//     <engineJointName>  the steering joint the propeller hangs from
//     <cmdTopic>         its last path part names the thrust actuator ("left_thrust_cmd")
//     <angleTopic>       its last part names the angle actuator ("left_thrust_angle")
//     <enableAngle>      true: an azimuth actuator [rad] turns the engine about its joint,
//                        within +-<maxAngle>; VRX's PID (300, 0, 20) on the joint's effort
//                        needs the engine's own dynamics: the angle follows at once, within the
//                        joint's <velocity> limit (warned)
//     <mappingType>      0: linear; 1: VRX's generalized logistic functions (thrust_curves.h)
//                        with VRX's fitted constants
//     <maxCmd>           the command range [-maxCmd, maxCmd] (1.0), clamped with a warning
//     <maxForceFwd>      [N] (250), <maxForceRev> [N] (-100): the thrust caps
//     <maxAngle>         [rad] (pi/2)
// No reaction torque and no inflow dependence, as VRX.
#pragma once

#include <sdf/Element.hh>
#include <string>

#include "leeway/propulsion/thrust_curves.h"
#include "leeway/sdf/actuator_sink.h"

namespace leeway::sdfio {

void load_vrx_thrust(const sdf::ElementPtr& plugin, ActuatorSink& sink);

/// VRX's fit of the WAM-V's thrusters to bollard-pull data (seed 000 eq. 26; research/vrx.md
/// 2.6), with the given caps (magnitudes [N]).
LogisticThrust vrx_logistic_thrust(double max_forward, double max_reverse);

}  // namespace leeway::sdfio
