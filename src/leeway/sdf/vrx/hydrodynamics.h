// Adapter for VRX's SimpleHydrodynamics plugin (vrx_gz/src/SimpleHydrodynamics.cc), the damping
// and added mass VRX gives its surface vessels, so that VRX models load unchanged.
//
//   <plugin filename="libSimpleHydrodynamics.so" name="vrx::SimpleHydrodynamics">
//
// VRX's force on the link, with nu = [u v w p q r] in the link's FLU axes:
//   tau = -M_A nu_dot - D(nu) nu,  M_A = diag(xDotU, yDotV, zDotW, kDotP, mDotQ, nDotR),
//   D = diag(xU + xUU |u|, yV + yVV |v|, zW + zWW |w|, kP + kPP |p|, mQ + mQQ |q|, nR + nRR |r|)
// Every coefficient is a magnitude (VRX applies the signs), so a negative one is an error here.
//   <link_name>                  the link it acts on (required)
//   <xDotU> <yDotV> <zDotW> <kDotP> <mDotQ> <nDotR>   [kg, kg m^2]; VRX's code defaults 5, 5,
//                                0.1, 0.1, 0.1, 1
//   <xU> <yV> <zW> <kP> <mQ> <nR>                      [kg/s, kg m^2/s]; default 20 each
//   <xUU> <yVV> <zWW> <kPP> <mQQ> <nRR>                [kg/m, kg m^2]; default 0 each
// Where VRX differs and Leeway does not copy it: the added mass is part of the solved mass
// matrix (VRX applied it as a force from the last step's acceleration) with its Coriolis and
// Munk terms (VRX computed C_A but never applied it); the damping sees the velocity relative to
// the water (current and wave orbital velocity; VRX's sees the velocity over ground) and acts
// about the link origin (VRX took the velocity there but applied the force at the centre of
// mass).
//
// VRX classic's dynamics plugin (usv_gazebo_plugins/src/usv_gazebo_dynamics_plugin.cc):
//
//   <plugin filename="libusv_gazebo_dynamics_plugin.so" name="usv_dynamics_wamv_gazebo">
//
// the same law with fewer coefficients, and a buoyancy grid (read by sdf/leeway/hull.h):
//   <bodyName>                   the link (default: the model's reference link)
//   <xDotU> <yDotV> <nDotR>      [kg, kg m^2]; defaults 5, 5, 1; heave, roll and pitch fixed at 0.1
//   <xU> <yV> <zW> <kP> <mQ> <nR>   default 20 each;  <xUU> <yVV> <nRR>   default 0 each
//   <waterLevel> <waterDensity> <hullRadius> <boatWidth> <boatLength> <length_n> <wave_model>
//                                the grid (sdf/leeway/hull.h)
// Classic differs from Leeway as SimpleHydrodynamics does (above), and also applied nothing at
// all, not even damping, in a world without its wave model.
#pragma once

#include <string>

#include <sdf/Element.hh>

#include "leeway/sdf/hydro_params.h"

namespace leeway::sdfio {

HydroParams load_vrx_simple_hydrodynamics(const sdf::ElementPtr& plugin);

HydroParams load_vrx_classic_hydrodynamics(const sdf::ElementPtr& plugin,
                                           const std::string& canonical_link);

}  // namespace leeway::sdfio
