// Leeway's client limits (a world plugin): what the run's clients may push its bodies with
// (world/client_limits.h). docs/sdf-reference.md gives every element with its unit and default.
//
//   <plugin filename="leeway-client-limits" name="leeway::ClientLimits">
//     <wrench_g>10</wrench_g>        every body's external wrenches up to this many g x its
//                                    mass, and that force at its length; default 10
//     <model name="wamv">            a model's own bound, in place of the derived one
//       <max_force>5e4</max_force>   [N], > 0
//       <max_torque>2e5</max_torque> [N m] about the body's origin, > 0
//     </model>
//   </plugin>
#pragma once

#include <sdf/Element.hh>
#include <string>
#include <vector>

#include "leeway/world/client_limits.h"

namespace leeway::sdfio {

/// Reads the plugin into `limits`. `model_names`: the world's models by scoped name; a
/// <model> naming none of them, or named twice, is a LoadError.
void load_client_limits(const sdf::ElementPtr& plugin, const std::vector<std::string>& model_names,
                        ClientLimits& limits);

}  // namespace leeway::sdfio
