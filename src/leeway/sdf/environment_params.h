// Current and wind elements of Leeway's environment plugin, and the world plugins of UUV
// Simulator and VRX that describe the same things.
//
// In <plugin filename="leeway-environment" name="leeway::Environment">:
//   <current>0.3 0.1 0</current>        steady surface current in W (towards) [m/s]
//   <current_process>                   or a Gauss-Markov surface current (gauss_markov.h)
//     <speed>            <mean> <sigma> <tau> [<min> <max>]   [m/s, m/s, s]
//     <horizontal_angle> <mean> <sigma> <tau> [<min> <max>]   towards, ENU [rad]
//     <vertical_angle>   <mean> <sigma> <tau> [<min> <max>]   [rad]
//   </current_process>
//   <current_profile>                   scaling with depth below the calm surface
//     <type>uniform | layers | power_law</type>
//     <layer><depth>5</depth><factor>0.8</factor></layer>...   (layers; depths increasing)
//     <exponent>0.142857</exponent><depth>30</depth>            (power_law: p and h [m])
//   </current_profile>
//   <tides>
//     <flood_direction>1.2</flood_direction>                   towards [rad], ENU
//     <constituent><name>M2</name><amplitude>0.4</amplitude><phase>0</phase></constituent>
//                  (M2, S2, N2 know their periods; others need <period> [s])
//   </tides>
//   <wind>
//     <speed>6</speed><direction>0.3</direction>               mean [m/s], towards [rad] ENU
//     <gust><type>first_order</type><sigma>1.5</sigma><tau>2</tau></gust>
//     <gust><type>harris</type><kappa>0.002</kappa><length>1800</length>
//           <components>256</components></gust>
//   </wind>
//
// UUV Simulator's world plugin (filename containing "underwater_current"):
//   <constant_current><velocity>, <horizontal_angle>, <vertical_angle> each with <mean>, <min>,
//   <max>, <mu>, <noiseAmp>. Read as Gauss-Markov processes with tau = 1 / mu and stationary
//   standard deviation noiseAmp, reverting to <mean> and clamped to [min, max]. (UUV's own update
//   reverts to zero and its spread depends on the step: deliberately not reproduced.)
// VRX's wind, in three spellings (research/vrx.md 2.5). Each sets the world's wind from
//   <wind_direction> [deg, ENU, towards], <wind_mean_velocity> [m/s; a negative one blows the
//   other way], <var_wind_gain_constants> (the gust's standard deviation, m/s, as seed 000
//   eq. 15 defines the gain; default 0), <var_wind_time_constants> [s] (default 0.1),
//   <random_seed> (replaced by the run's seed, with a warning), <update_rate> and the topics
//   (ignored),
// and puts VRX's windage law (hydro/windage.h) on the models it names:
//   - gz's world plugin USVWind (filename containing "USVWind"): <wind_obj><name>model</name>
//     <link_name>link</link_name><coeff_vector>Cx Cy Cn</coeff_vector></wind_obj> (repeatable),
//     in world axes on the apparent wind, as the gz plugin applies it;
//   - classic's world plugin (filename containing "usv_gazebo_wind_plugin"): the same <wind_obj>,
//     or its last version's <wind_obj><model_name><link><link_name><coeff_vector></link>
//     </wind_obj>, in body axes on the true wind, as classic applies it. Classic estimated the
//     coefficients from the collision shapes when <coeff_vector> was absent; Leeway asks for them;
//   - classic's 2018 model plugin of the same filename: <bodyName> (default: the model's
//     reference link) and <wind_coeff_vector>, beside the wind's parameters.
#pragma once

#include <cstdint>
#include <map>
#include <sdf/Element.hh>
#include <string>

#include "leeway/core/error.h"
#include "leeway/env/environment.h"
#include "leeway/hydro/windage.h"

namespace leeway::sdfio {

void load_current_process(const sdf::ElementPtr& e, CurrentModel& current);
void load_current_profile(const sdf::ElementPtr& e, CurrentModel& current);
void load_tides(const sdf::ElementPtr& e, CurrentModel& current);
/// Leeway's <wind>; a Harris gust is drawn later, by realise_environment.
void load_wind(const sdf::ElementPtr& e, WindModel& wind);

void load_uuv_current(const sdf::ElementPtr& plugin, CurrentModel& current);
/// A model that VRX's USVWind puts windage on.
struct WindObject {
  std::string link_name;  ///< empty: the model's reference link
  VrxWindage windage;
  SourceLocation where;
};
using WindObjects = std::map<std::string, WindObject>;  ///< by model name

/// gz's USVWind or classic's world plugin.
void load_vrx_wind(const sdf::ElementPtr& plugin, WindModel& wind, WindObjects& objects,
                   Diagnostics& diagnostics);

/// Classic's model plugin, found on `model`.
void load_vrx_classic_model_wind(const sdf::ElementPtr& plugin, const std::string& model,
                                 WindModel& wind, WindObjects& objects, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
