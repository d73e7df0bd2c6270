// Adapter for gz-sim's hydrodynamics system, so that gz-sim models load unchanged.
//
//   <plugin filename="gz-sim-hydrodynamics-system" name="gz::sim::systems::Hydrodynamics">
//   (also "ignition-gazebo-hydrodynamics-system", "libgz-sim-hydrodynamics-system.so", ...)
//
// Parameters keep gz-sim's names and meaning (SNAME, in the link's FLU frame, default 0):
//   <link_name>                 the link it acts on (required; the model's canonical link)
//   <xDotU> ... <nDotR>         added-mass derivatives, Fossen-negative [kg, kg m, kg m^2]:
//                               M_A = -[.]
//   <xU> ... <nR>               linear damping derivatives [kg/s ...]: F_i += c nu_j
//   <xUabsU> ... <nRabsR>       quadratic derivatives [kg/m ...]: F_i += c nu_j |nu_k|
//   <xUU> ... <nRR>             signed quadratic derivatives: F_i += c nu_j nu_k (gz-sim >= 7.3)
//   <default_current>           the water's current in the world frame [m/s]
//   <lookup_current_x/y/z>      columns of the world's EnvironmentPreload table that give the
//                               current where the table covers the body
//                               (sdf/gz/environment_preload.h)
//   <disable_coriolis>          drop the added-mass Coriolis term C_A(nu_r) nu_r
//   <disable_added_mass>        drop the added mass (and with it C_A)
//   <namespace>                 accepted; transport topics come later
// Where gz-sim differs and Leeway does not copy it: added mass is part of the solved mass matrix
// (gz-sim used a finite-differenced acceleration), and C_A is built from the full M_A (gz-sim
// from its diagonal).
#pragma once

#include <sdf/Element.hh>

#include "leeway/sdf/gz/environment_preload.h"
#include "leeway/sdf/hydro_params.h"

namespace leeway::sdfio {

/// Warns (into `diagnostics`) on signed diagonal terms such as xUU, whose meaning gz-sim changed.
/// `data`: the world's EnvironmentPreload table, which <lookup_current_x/y/z> name columns of.
HydroParams load_gz_hydrodynamics(const sdf::ElementPtr& plugin,
                                  const std::optional<EnvironmentData>& data,
                                  Diagnostics& diagnostics);

}  // namespace leeway::sdfio
