// Adapters for UUV Simulator's thruster and fin plugins (uuv_gazebo_plugins; research/uuv.md
// 1.3, 1.4), as they appear in a URDF's <gazebo> extension or an SDF model, so UUV Simulator
// vehicles load unchanged. Matched by filename (libuuv_thruster_ros_plugin.so,
// libuuv_thruster_plugin.so; libuuv_fin_ros_plugin.so, libuuv_fin_plugin.so).
//
// Thruster: one actuator, "thruster_<thrusterID>" (UUV's topic thrusters/<id>/input).
//   <linkName>           the thruster's link: the force acts at its origin
//   <jointName>          its joint: the force acts along the joint's axis
//   <thrusterID>         a whole number >= 0 (required)
//   <dynamics><type>     ZeroOrder; FirstOrder <timeConstant>; Yoerger <alpha> <beta>;
//                        Bessa <Jmsp> <Kv1> <Kv2> <Kt> <Rm> (rotor_dynamics.h, correctly clocked)
//   <conversion><type>   Basic <rotorConstant>; Bessa <rotorConstantL> <rotorConstantR>
//                        <deltaL> <deltaR>; LinearInterp <inputValues> <outputValues>
//   <clampMin>, <clampMax>  the command range (clamped, with a warning); UUV's convention holds:
//                        min >= max (its snippets write 0 and 0) means no clamping
//   <thrustMin>, <thrustMax>  the thrust's limits [N], same convention
//   <gain>               multiplies the clamped command (1)
//   <propeller_efficiency>, <thrust_efficiency>  in [0, 1] (1): scale the rotor state fed to the
//                        conversion and the thrust (thruster.h)
// The thrust does not depend on the inflow and no torque reaches the hull, as in UUV Simulator.
//
// Fin: one actuator, "fin_<fin_id>", its state the deflection [rad] within the joint's limits.
//   <link_name>          the fin's link: the force acts at its origin; chord along the link's
//                        x, span (the lift-drag plane's normal) along its z
//   <joint_name>         the hinge: along the fin's span (either way)
//   <fin_id>             a whole number >= 0 (required)
//   <dynamics>           as for the thruster
//   <liftdrag><type>     Quadratic <lift_constant> <drag_constant>; TwoLines <area>
//                        <fluid_density> <a0> <alpha_stall> <cla> <cla_stall> <cda> <cda_stall>
//                        (foil.h, with UUV's two sign bugs corrected); the world's water density
//                        is used in place of <fluid_density>
//   accepted, no effect: <current_velocity_topic> (the world's current is used), <input_topic>,
//   <output_topic>, <wrench_topic>.
#pragma once

#include <sdf/Element.hh>
#include <string>

#include "leeway/sdf/actuator_sink.h"

namespace leeway::sdfio {

void load_uuv_thruster(const sdf::ElementPtr& plugin, ActuatorSink& sink);
void load_uuv_fin(const sdf::ElementPtr& plugin, ActuatorSink& sink);

}  // namespace leeway::sdfio
