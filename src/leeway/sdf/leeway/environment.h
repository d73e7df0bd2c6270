// Leeway's environment plugin (a world plugin): the water, the air, the sea state, the current
// and the wind. docs/sdf-reference.md gives every element with its unit and default.
//
//   <plugin filename="leeway-environment" name="leeway::Environment">
//     <fluid_density>1025</fluid_density>   [kg/m^3], default 1025 (sea water)
//     <air_density>1.225</air_density>      [kg/m^3]
//     <sound_speed>1500</sound_speed>       [m/s]
//     <surface_level>0</surface_level>      height of the calm free surface in W [m], default 0
//     <waves>...</waves> or <wavefield>...</wavefield>   the sea state (sdf/leeway/sea_state.h)
//     <current_field>, <wind_field>, <bathymetry>        field files (sdf/leeway/fields.h)
//     <current>0.3 0.1 0</current>          steady surface current in W (ENU, towards) [m/s]
//     <current_process>                     or a Gauss-Markov surface current (gauss_markov.h)
//       <speed>            <mean> <sigma> <tau> [<min> <max>]   [m/s, m/s, s]
//       <horizontal_angle> <mean> <sigma> <tau> [<min> <max>]   towards, ENU [rad]
//       <vertical_angle>   <mean> <sigma> <tau> [<min> <max>]   [rad]
//     </current_process>
//     <current_profile>                     scaling with depth below the calm surface
//       <type>uniform | layers | power_law</type>
//       <layer><depth>5</depth><factor>0.8</factor></layer>...   (layers; depths increasing)
//       <exponent>0.142857</exponent><depth>30</depth>            (power_law: p and h [m])
//     </current_profile>
//     <tides>
//       <flood_direction>1.2</flood_direction>                   towards [rad], ENU
//       <constituent><name>M2</name><amplitude>0.4</amplitude><phase>0</phase></constituent>
//                    (M2, S2, N2 know their periods; others need <period> [s])
//     </tides>
//     <wind>
//       <speed>6</speed><direction>0.3</direction>               mean [m/s], towards [rad] ENU
//       <gust><type>first_order</type><sigma>1.5</sigma><tau>2</tau></gust>
//       <gust><type>harris</type><kappa>0.002</kappa><length>1800</length>
//             <components>256</components></gust>
//     </wind>
//   </plugin>
//
#pragma once

#include <cstdint>
#include <sdf/Element.hh>

#include "leeway/core/error.h"
#include "leeway/env/environment.h"
#include "leeway/sdf/world_settings.h"

namespace leeway::sdfio {

/// Leeway's environment plugin, into `s.environment` (its random parts drawn with `run_seed`).
void load_environment(const sdf::ElementPtr& plugin, std::uint64_t run_seed, WorldSettings& s,
                      Diagnostics& diagnostics);

}  // namespace leeway::sdfio
