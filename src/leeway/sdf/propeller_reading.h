// gz-sim's propeller curve (propulsion/thrust_curves.h), read through its description
// (propulsion/thrust_curve_parameters.h) by both dialects that state it: Leeway's
// <thrust><propeller> and gz-sim's Thruster with <use_angvel_cmd>, each with its own defaults.
#pragma once

#include <sdf/Element.hh>

#include "leeway/core/error.h"
#include "leeway/propulsion/thrust_curves.h"
#include "leeway/sdf/parameter_reading.h"

namespace leeway::sdfio {

/// The curve from `parent`'s children: C_t fixed by <thrust_coefficient>, or, without it, from
/// the advance ratio (<alpha_1>, <alpha_2>, <wake_fraction>), as gz-sim's Thruster computes it.
/// The advance form's parameters beside a fixed C_t would change nothing: an error, or, with
/// `ignored` (gz-sim's dialect: gz-sim ignores them), a warning there.
PropellerThrust read_propeller(const sdf::ElementPtr& parent, const Dialect& dialect,
                               Diagnostics* ignored = nullptr);

}  // namespace leeway::sdfio
