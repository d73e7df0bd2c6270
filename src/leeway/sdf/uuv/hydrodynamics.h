// Adapter for UUV Simulator's underwater object plugin (research/uuv.md 1.1, 1.2), as it appears
// in a URDF's <gazebo> extension, so UUV Simulator vehicles load unchanged. Matched by filename
// (libuuv_underwater_object_ros_plugin.so, libuuv_underwater_object_plugin.so).
//
//   <fluid_density>            [kg/m^3] the plugin's water, for its blocks' buoyancy and shapes;
//                              the world's (leeway::Environment) when it gives none
//   <flow_velocity_topic>, <use_global_current>, <debug>: accepted (the world's current acts)
//   <link name="...">          one block per link it acts on, each about its link's origin in
//                              its link's axes; each goes to the body that holds its link
//                              (body_loader.h, hydro_blocks.h):
//     <volume>                 [m^3], required unless neutrally buoyant
//     <neutrally_buoyant>      1/true: the volume is m / rho, so buoyancy balances weight
//     <center_of_buoyancy>     [m], in the link (FLU) frame (0 0 0)
//     <box>                    <width>, <length>, <height> [m], the link's extent along its x,
//                              y and z (UUV's stand-in for the bounding box): the height cuts
//                              the buoyancy near the surface (by the share of the box below
//                              it); the three sides size a sphere or cylinder that gives none
//     <hydrodynamic_model><type>
//       fossen                 in FRD about the link origin:
//         <added_mass>         36 numbers, the added-mass matrix (positive)
//                              (damping below in Fossen's negative signs, dissipative when < 0)
//         <linear_damping>     6 or 36
//         <linear_damping_forward_speed>  6 or 36: u_r D_u nu
//         <quadratic_damping>  6 or 36; only the diagonal acts, as in UUV Simulator (warned if
//                              an off-diagonal entry is not zero)
//         <scaling_added_mass>, <offset_added_mass>, <scaling_damping>,
//         <offset_linear_damping>, <offset_lin_forward_speed_damping>, <offset_nonlin_damping>,
//         <scaling_volume>, <offset_volume>: UUV's randomisation knobs, applied at load:
//           M_A' = s_Ma (M_A + o_Ma 1), D' = s_D (D + o 1), V' = max(0, s_V (V + o_V))
//       sphere, cylinder       Fossen models too, as in UUV Simulator: the block above is read,
//                              then the shape overwrites the entries it sets; the knobs act last
//       sphere <radius>        [m]: M_A = 2/3 rho pi r^3 on the three translations, quadratic
//                              drag 1/2 rho C_d pi r^2 with C_d = 0.5 (UUV's Re = 3e5 value)
//       cylinder <radius>, <length> [m], <axis> i|j|k (the link axis it lies along):
//                              added mass from hydro/shape_added_mass.h (Lamb's k-factors of the
//                              spheroid of the same slenderness, on the cylinder's displaced
//                              fluid), on the three translations and the two transverse
//                              rotations; quadratic drag 1/2 rho C_d A with UUV's step tables
//                              over L/D: end-on A = pi r^2, C_d 0.91 ... 0.99; across A = 2 r L,
//                              C_d 0.63 ... 0.98; and, where the block gives none, the strip-
//                              theory moment rho C_d r L^4 / 32 q|q| about the transverse axes.
//                              Where UUV differs (research/uuv.md 1.1): its axial added mass is
//                              rho pi r^2 (an area times a density, not a mass), its cross-flow
//                              area is r L (half the projected area), it leaves C_d unset past
//                              L/D = 7 (Leeway keeps 0.99), and it has no rotational drag.
//       A missing <radius>, <length> or <axis> is read from the block's <box>, as UUV Simulator
//       reads it from the link's bounding box: the length is the box's longest side and the axis
//       that side's; the radius is half its smallest side (UUV takes the whole side, a diameter,
//       so its shape is twice the box's thickness). Without a whole <box>, an error. The spheroid
//       and box models (which UUV marks "still in development") are refused with a message, as is
//       the surface-vessel block
//       (<metacentric_width>, <metacentric_length>, <submerged_height>): use leeway::Hull or
//       leeway::Hydrodynamics.
// Converted to FLU by T M T (frames.h). Where Leeway differs: the added mass is part of the
// solved mass matrix (UUV applied it explicitly with a filtered, one-step-late acceleration),
// and the current's acceleration is counted.
#pragma once

#include <sdf/Element.hh>
#include <string>
#include <vector>

#include "leeway/sdf/hydro_params.h"

namespace leeway::sdfio {

/// One HydroParams per <link> block, in the document's order. `fluid_density` [kg/m^3] is the
/// world's, for the shapes' coefficients where the plugin states none.
std::vector<HydroParams> load_uuv_underwater_object(const sdf::ElementPtr& plugin,
                                                    double fluid_density, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
