// Leeway's own hydrodynamics element, for what gz-sim's parameters cannot say.
//
//   <plugin filename="leeway-hydrodynamics" name="leeway::Hydrodynamics">
//     <link_name>base_link</link_name>        default: the model's canonical link
//     <frame>frd</frame>                      axes of every vector and matrix below: flu (default)
//                                             or frd (Fossen's, converted at load by T M T)
//     <reference_point>0 0 0</reference_point> point the matrices are about, in the link frame [m]
//     <added_mass>36 numbers</added_mass>     M_A, row-major, positive [kg, kg m, kg m^2]
//     <linear_damping>6 or 36</linear_damping>  D_l, diagonal or row-major, positive dissipates
//     <quadratic_damping>6 or 36</quadratic_damping>  D_q(i,j): F_i -= D_q(i,j) nu_j |nu_j|
//     <cancel_munk_moment>false</cancel_munk_moment>
//     <disable_coriolis>false</disable_coriolis>   drop C_A(nu_r) nu_r
//     <wave_kinematics>true</wave_kinematics>     the water it sees moves with the waves
//     <buoyancy>                              a fully submerged body
//       <volume>0.03</volume>                 displaced volume [m^3]
//       <center>0 0 0.01</center>             centre of buoyancy, in the link frame [m]
//     </buoyancy>
//     <restoring>                             a surface body, linear hydrostatics
//       <matrix>36 numbers</matrix>           G about the centre of flotation; only the heave,
//                                             roll and pitch rows and columns may be non-zero
//       <center_of_flotation>0 0 0</center_of_flotation>  in the link frame [m]
//     </restoring>
//   </plugin>
// docs/sdf-reference.md gives units, defaults and examples for each.
#pragma once

#include <sdf/Element.hh>

#include "leeway/sdf/hydro_params.h"

namespace leeway::sdfio {

HydroParams load_leeway_hydrodynamics(const sdf::ElementPtr& plugin);

}  // namespace leeway::sdfio
